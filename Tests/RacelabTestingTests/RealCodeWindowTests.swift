import RacelabTesting
import TestSizes
import Testing

/// A log that main-actor tasks write, in the order their jobs run.
@MainActor private final class OrderLog {
  var text = ""
}

/// Sleeps whose length is a window (`Race.duration(in:)`), explored exactly: held to a brute
/// force that runs the same code with each window replaced by fixed lengths.
@Suite("Windowed sleeps in real code")
struct RealCodeWindowTests {
  /// One generated race on the main actor: one or two sleepers, whose sleeps are windows (one
  /// sleeper may sleep two windows in turn), and a task that pings at a fixed instant and maybe
  /// stops the first sleeper (cancels it) at another. Whole milliseconds throughout; at most
  /// three tasks, as every task's start is a job on the pool that the search orders.
  struct Case: CustomTestStringConvertible, Sendable {
    var seed: UInt64
    /// Each windowed sleep's bounds in milliseconds; with `chained`, one sleeper sleeps
    /// windows 0 and 1 in turn, otherwise each window belongs to a sleeper of its own.
    var windows: [ClosedRange<Int>]
    var chained: Bool
    var ping: Int
    var stop: Int?

    var testDescription: String {
      "seed \(seed): windows \(windows)\(chained ? " (0 then 1)" : ""), ping \(ping)ms"
        + (stop.map { ", stop \($0)ms" } ?? "")
    }

    /// The sleepers: the windows each sleeps, in turn.
    var sleepers: [[Int]] {
      chained ? [[0, 1]] : windows.indices.map { [$0] }
    }
  }

  /// A small xorshift generator, so the races are the same on every machine.
  private struct Generator {
    var state: UInt64

    mutating func pick(_ range: ClosedRange<Int>) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return range.lowerBound + Int(state % UInt64(range.count))
    }
  }

  static func generate(seed: UInt64) -> Case {
    var random = Generator(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
    let chained = random.pick(0...1) == 1
    let count = chained ? 2 : random.pick(1...2)
    let windows = (0..<count).map { _ in
      let low = random.pick(0...3)
      return low...(low + random.pick(1...2))
    }
    let ping = random.pick(1...6)
    let stop = random.pick(0...1) == 1 ? random.pick(1...6) : nil
    return Case(seed: seed, windows: windows, chained: chained, ping: ping, stop: stop)
  }

  /// Every race the generator makes: the thorough size runs them all.
  static let generated = (0..<8).map { generate(seed: 0xA11C_E000 + UInt64($0)) }

  /// The races run at the test size.
  static let cases = TestSize.prefix(of: generated, standard: 4)

  /// The race's code: each window's sleep lasts `lengths(window)`, which asks racelab for the
  /// window or gives a fixed length.
  static func race(
    _ race: Case, _ lengths: @escaping @Sendable (Int) -> Duration
  ) -> @Sendable () async -> String {
    {
      await MainActor.run { OrderLog() }.run(race, lengths)
    }
  }

  /// Every outcome the code reaches with every window a window.
  static func explored(_ race: Case) async -> Set<String> {
    let exploration = await Race.explore(
      Self.race(race) { index in
        Race.duration(
          in: .milliseconds(race.windows[index].lowerBound)
            ... .milliseconds(race.windows[index].upperBound))
      })
    #expect(exploration.complete && exploration.problems.isEmpty)
    return Set(exploration.results)
  }

  @Test("the generator makes races of every shape, most with several outcomes")
  func generatorShapes() async {
    #expect(Self.generated.contains { $0.chained })
    #expect(Self.generated.contains { !$0.chained && $0.windows.count == 2 })
    #expect(Self.generated.contains { $0.stop != nil })
    var raced = 0
    for race in Self.cases where await Self.explored(race).count > 1 { raced += 1 }
    #expect(raced >= Self.cases.count / 2)
  }

  @Test(arguments: cases)
  func exploredOutcomesEqualTheQuarterMillisecondSweep(_ race: Case) async {
    let explored = await Self.explored(race)
    // Every window's lengths on a quarter-millisecond grid: with whole-millisecond constants
    // and at most three windows, the grid meets every order the windows can take.
    let grids = race.windows.map { window in
      Array(stride(from: window.lowerBound * 4, through: window.upperBound * 4, by: 1))
    }
    var swept: Set<String> = []
    var combination = Array(repeating: 0, count: grids.count)
    while true {
      let lengths = combination.enumerated().map { index, position in
        Duration.microseconds(grids[index][position] * 250)
      }
      let exploration = await Race.explore(Self.race(race) { lengths[$0] })
      swept.formUnion(exploration.results)
      var position = 0
      while position < grids.count {
        combination[position] += 1
        if combination[position] < grids[position].count { break }
        combination[position] = 0
        position += 1
      }
      if position == grids.count { break }
    }
    #expect(explored == swept)
  }

  @Test("the trace says where the window put the timer; a plain run takes its start")
  func traceAndDefault() async {
    let body: @Sendable () async -> String = {
      try? await Task.sleep(for: Race.duration(in: .seconds(1) ... .seconds(3)))
      return "woke"
    }
    let exploration = await Race.explore(body)
    #expect(exploration.schedules == 1 && exploration.results == ["woke"])
    let replay = await Race.replay("default", body)
    #expect(replay?.result == "woke")
    #expect(
      replay?.text.contains("fires somewhere in 1.000s…3.000s (here at 1.000s)") == true,
      "\(replay?.text ?? "no replay")")
    #expect(Race.duration(in: .milliseconds(50) ... .milliseconds(600)) == .milliseconds(50))
  }

  @Test("a window with no sleep after it, or a sleep of another length, is a problem")
  func misuse() async {
    let unused = await Race.explore { () async -> String in
      _ = Race.duration(in: .seconds(1) ... .seconds(2))
      return "done"
    }
    #expect(unused.problems.contains { $0.contains("did not sleep after it") })
    let other = await Race.explore { () async -> String in
      _ = Race.duration(in: .seconds(1) ... .seconds(2))
      try? await Task.sleep(for: .seconds(5))
      return "done"
    }
    #expect(other.problems.contains { $0.contains("did not last the window's start") })
  }
}

extension OrderLog {
  /// Runs `race` with windows of lengths `lengths`, and returns the log once nothing else can
  /// happen.
  fileprivate func run(
    _ race: RealCodeWindowTests.Case, _ lengths: @escaping @Sendable (Int) -> Duration
  ) async -> String {
    var sleepers: [Task<Void, Never>] = []
    for (number, windows) in race.sleepers.enumerated() {
      sleepers.append(
        Task { @MainActor in
          for window in windows {
            do {
              try await Task.sleep(for: lengths(window))
            } catch {
              self.text += "c\(number)"
              return
            }
            self.text += "w\(window)"
          }
        })
    }
    let first = sleepers[0]
    Task { @MainActor in
      // The ping and the stop in the order of their instants (the ping first at the same one).
      var elapsed = 0
      let happenings = [(race.ping, true)] + (race.stop.map { [($0, false)] } ?? [])
      for (instant, isPing) in happenings.sorted(by: { ($0.0, $0.1 ? 0 : 1) < ($1.0, $1.1 ? 0 : 1) }
      ) {
        try? await Task.sleep(for: .milliseconds(instant - elapsed))
        elapsed = instant
        if isPing {
          self.text += "p"
        } else {
          first.cancel()
          self.text += "x"
        }
      }
    }
    await Race.settle()
    return text
  }
}
