import CommandTestSupport
import Commands
import Foundation
import RacelabKernel
import TestSizes
import Testing

/// Windowed sleeps (`sleep: 1ms..3ms` in a model file) explored exactly, held to a brute force:
/// seeded models whose tasks sleep for windows, race fixed events and cancel each other are
/// explored, and every one is also run with each sleep replaced by a fixed length on a
/// quarter-millisecond grid (every constant is a whole millisecond and at most three windows
/// are live, so the grid meets every combination of answers), each of those explored for its
/// same-instant orders only. Some runs stop at `until:`, which a window may cross, and some
/// happenings may never arrive (`maybe: true`). The outcomes must be the same sets.
struct WindowedSleepOracleTests {
  /// One generated model: its windows and the text with a placeholder for each sleep.
  struct Case: CustomTestStringConvertible, Sendable {
    var seed: UInt64
    /// Each windowed sleep's bounds in milliseconds.
    var windows: [ClosedRange<Int>]
    /// The model file with `SLEEP0`, `SLEEP1`, … where the sleeps go.
    var template: String
    /// The scenario, with `ARRIVAL` where the ping arrives when it has a window.
    var scenarioTemplate: String
    /// The ping's arrival window in milliseconds, if it has one.
    var arrival: ClosedRange<Int>?

    var testDescription: String {
      "seed \(seed): sleeps \(windows)" + (arrival.map { ", arrival \($0)" } ?? "")
    }

    /// The scenario with the ping at `at`.
    func scenario(_ at: String) -> String {
      scenarioTemplate.replacingOccurrences(of: "ARRIVAL", with: at)
    }

    /// The model with every sleep written by `sleep(index)`.
    func model(_ sleep: (Int) -> String) -> String {
      var text = template
      for index in windows.indices.reversed() {
        text = text.replacingOccurrences(of: "SLEEP\(index)", with: sleep(index))
      }
      return text
    }
  }

  static func generate(seed: UInt64) -> Case {
    var random = SplitMix64(seed: seed)
    func pick(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    var windows: [ClosedRange<Int>] = []
    func window() -> String {
      let low = pick(0...3)
      windows.append(low...(low + pick(1...2)))
      return "SLEEP\(windows.count - 1)"
    }
    let chained = pick(0...1) == 1
    let waiters = chained ? 1 : pick(1...2)
    var operations = ""
    for waiter in 0..<waiters {
      operations += """
          wait\(waiter):
            on: main
            steps:
              - sleep: \(window())
                on-cancel: return
              - set: {app.log: "app.log + \\"w\(waiter)\\""}

        """
      if chained && waiter == 0 {
        operations += """
                - sleep: \(window())
                  on-cancel: return
                - set: {app.log: "app.log + \\"v\\""}

          """
      }
    }
    var timeline = ""
    var events = ""
    for waiter in 0..<waiters {
      events += """
          start\(waiter):
            on: main
            steps:
              - spawn: wait\(waiter)
                into: task
              - set: {app.task\(waiter): task}

        """
      timeline += "  - {at: \(pick(0...2))ms, event: start\(waiter)}\n"
    }
    events += """
        stop:
          on: main
          steps:
            - cancel: app.task0
            - set: {app.log: "app.log + \\"x\\""}
        ping:
          on: main
          steps:
            - set: {app.log: "app.log + \\"p\\""}

      """
    var arrival: ClosedRange<Int>?
    if windows.count < 3 && pick(0...1) == 1 {
      let low = pick(0...3)
      arrival = low...(low + pick(1...2))
      timeline += "  - {at: ARRIVAL, event: ping}\n"
    } else {
      timeline += "  - {at: \(pick(1...6))ms, event: ping}\n"
    }
    if pick(0...1) == 1 { timeline += "  - {at: \(pick(2...6))ms, event: stop}\n" }
    let memory = (0..<waiters).map { "      task\($0): {type: task, optional: true}\n" }.joined()
    // Sometimes the run stops at until:, which a sleep's window may cross (an arrival's may
    // not: the scenario refuses it).
    var until = ""
    if pick(0...1) == 1 {
      until = "until: \(max(arrival?.upperBound ?? 0, pick(2...6)))ms\n"
    }
    // Sometimes the ping or the stop may never arrive (explore also tries it lost).
    switch pick(0...3) {
    case 0:
      timeline = timeline.replacingOccurrences(
        of: "event: ping}", with: "event: ping, maybe: true}")
    case 1:
      timeline = timeline.replacingOccurrences(
        of: "event: stop}", with: "event: stop, maybe: true}")
    default: break
    }
    // Sometimes the first sleeper also schedules an echo for its own instant before it sleeps,
    // so a window that starts at zero races a happening of the same instant.
    var echo = ""
    if pick(0...1) == 1 {
      operations = operations.replacingOccurrences(
        of: "    steps:\n      - sleep: SLEEP0\n",
        with: "    steps:\n      - after: 0ms\n        do: echo\n      - sleep: SLEEP0\n")
      echo = """
          echo:
            on: main
            steps:
              - set: {app.log: "app.log + \\"e\\""}

        """
    }
    let template = """
      kind: model
      name: sleepers
      processes:
        app:
          lanes: {main: serial}
          memory:
            log: {type: text}
      \(memory)operations:
      \(operations)\(echo)events:
      \(events)summary:
        log: "app.log"

      """
    let scenario = "name: race\nmodel: ./sleepers.model.yaml\n" + until + "timeline:\n" + timeline
    return Case(
      seed: seed, windows: windows, template: template, scenarioTemplate: scenario,
      arrival: arrival)
  }

  /// Every race the generator makes: the thorough size explores them all.
  static let generated = (0..<60).map { generate(seed: 0x51EE_9000 + UInt64($0)) }

  /// The races explored at the test size.
  static let cases = TestSize.prefix(of: generated, standard: 12)

  /// The outcomes `explore` finds for `model` with `scenario`.
  static func outcomes(model: String, scenario: String) throws -> Set<String> {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-sleep-oracle-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(model.utf8).write(to: folder.appendingPathComponent("sleepers.model.yaml"))
    let path = folder.appendingPathComponent("race.yaml")
    try Data(scenario.utf8).write(to: path)
    return try Answers.explore(path.path).outcomes
  }

  /// The model and scenario as written: every window a window.
  static func explored(_ race: Case) throws -> Set<String> {
    try outcomes(
      model: race.model { "\(race.windows[$0].lowerBound)ms..\(race.windows[$0].upperBound)ms" },
      scenario: race.scenario(race.arrival.map { "\($0.lowerBound)ms..\($0.upperBound)ms" } ?? ""))
  }

  @Test func theGeneratorMakesRacesWithEveryShapeAndSeveralOutcomes() throws {
    #expect(Self.generated.contains { $0.windows.count == 1 })
    #expect(Self.generated.contains { $0.windows.count == 2 })
    #expect(
      Self.generated.contains { $0.template.contains("SLEEP1") && !$0.template.contains("wait1") })
    #expect(Self.generated.contains { $0.scenarioTemplate.contains("event: stop") })
    #expect(Self.generated.contains { $0.arrival != nil })
    #expect(Self.generated.contains { $0.scenarioTemplate.contains("until: ") })
    #expect(Self.generated.contains { $0.scenarioTemplate.contains("maybe: true") })
    #expect(
      Self.generated.contains {
        $0.template.contains("do: echo") && $0.windows[0].lowerBound == 0
      })
    // The races are races: most have more than one outcome.
    let raced = try Self.cases.filter { try Self.explored($0).count > 1 }.count
    #expect(raced >= Self.cases.count / 2)
  }

  @Test(arguments: cases)
  func exploredOutcomesEqualTheQuarterMillisecondSweep(_ race: Case) throws {
    let explored = try Self.explored(race)
    // Quarter milliseconds, sleeps first, then the arrival.
    let grids = (race.windows + (race.arrival.map { [$0] } ?? [])).map { window in
      Array(stride(from: window.lowerBound * 4, through: window.upperBound * 4, by: 1))
    }
    var swept: Set<String> = []
    for lengths in everyCombination(of: grids) {
      let model = race.model { "\(lengths[$0] * 250_000)ns" }
      let at = race.arrival.map { _ in "\(lengths[grids.count - 1] * 250_000)ns" }
      swept.formUnion(try Self.outcomes(model: model, scenario: race.scenario(at ?? "")))
    }
    #expect(explored == swept, "\(race.template)\n\(race.scenarioTemplate)")
    #expect(!explored.isEmpty)
  }
}
