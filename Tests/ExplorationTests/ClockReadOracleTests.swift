import CommandTestSupport
import Commands
import Foundation
import RacelabKernel
import TestSizes
import Testing

/// Models that read the clock (`now`) at happenings whose arrivals have windows, explored
/// exactly and held to a brute force. Each seeded model stores `now` when one happening
/// arrives and compares it, at later ones, with `now` and with constants; the scenario gives some
/// of them windows. Every one is also run with each window replaced by a fixed instant on a
/// quarter-millisecond grid (every constant is a whole millisecond and at most three windows are
/// live, so the grid meets every combination of answers), each of those explored for its
/// same-instant orders only. The outcomes must be the same sets, in every mode of `explore`, and
/// the modes that count every schedule must agree on the count.
struct ClockReadOracleTests {
  /// One generated race: the model, and the scenario with a placeholder for each window.
  struct Case: CustomTestStringConvertible, Sendable {
    var seed: UInt64
    var model: String
    /// The scenario, with `AT0`, `AT1`, … where the windowed arrivals go.
    var scenarioTemplate: String
    /// Each windowed arrival's window in milliseconds.
    var windows: [ClosedRange<Int>]

    var testDescription: String { "seed \(seed): windows \(windows)" }

    /// The scenario with arrival `index` at `at(index)`.
    func scenario(_ at: (Int) -> String) -> String {
      var text = scenarioTemplate
      for index in windows.indices.reversed() {
        text = text.replacingOccurrences(of: "AT\(index)", with: at(index))
      }
      return text
    }
  }

  static let operators = ["<", "<=", ">", ">=", "==", "!="]

  static func generate(seed: UInt64) -> Case {
    var random = SplitMix64(seed: seed)
    func pick(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    // `mark` stores now; each `check` compares now with it (and sometimes with a constant);
    // `again` compares the mark with the previous check's instant.
    let checks = pick(1...2)
    var events = """
        mark:
          on: main
          steps:
            - set: {app.marked: now}
            - set: {app.log: "app.log + \\"m\\""}

      """
    for check in 0..<checks {
      let op = operators[pick(0...5)]
      let limit = pick(0...3)
      var condition = "at != none && now - at \(op) \(limit)ms"
      if pick(0...2) == 0 { condition += " || now \(operators[pick(0...5)]) \(pick(1...5))ms" }
      if pick(0...2) == 0 {
        condition = "at != none && last != none && at - last \(op) \(limit)ms"
      }
      events += """
          check\(check):
            on: main
            steps:
              - let: {at: "app.marked", last: "app.checked"}
              - if: "\(condition)"
                then:
                  - set: {app.log: "app.log + \\"\(check)Y\\""}
                else:
                  - set: {app.log: "app.log + \\"\(check)N\\""}
              - set: {app.checked: now}

        """
    }
    var windows: [ClosedRange<Int>] = []
    var timeline = ""
    let names = ["mark"] + (0..<checks).map { "check\($0)" }
    for name in names {
      if windows.count < 3 && pick(0...3) != 0 {
        let low = pick(0...3)
        windows.append(low...(low + pick(1...3)))
        timeline += "  - {at: AT\(windows.count - 1), event: \(name)}\n"
      } else {
        timeline += "  - {at: \(pick(0...5))ms, event: \(name)}\n"
      }
    }
    // Sometimes a bounded-response invariant: a check must follow a mark within a deadline.
    var invariants = ""
    if pick(0...1) == 1 {
      invariants = """
        invariants:
          checked-in-time:
            when: "app.marked != none && app.checked == none"
            then: "app.checked != none"
            within: \(pick(1...3))ms

        """
    }
    let model = """
      kind: model
      name: clocked
      processes:
        app:
          lanes: {main: serial}
          memory:
            log: {type: text}
            marked: {type: duration, optional: true}
            checked: {type: duration, optional: true}
      events:
      \(events)\(invariants)summary:
        log: "app.log"

      """
    let scenario = "name: race\nmodel: ./clocked.model.yaml\ntimeline:\n" + timeline
    return Case(seed: seed, model: model, scenarioTemplate: scenario, windows: windows)
  }

  /// Every race the generator makes: the thorough size explores them all.
  static let generated = (0..<60).map { generate(seed: 0xC10C_0000 + UInt64($0)) }

  /// The races explored at the test size.
  static let cases = TestSize.prefix(of: generated, standard: 12)

  /// What `explore` finds for `race` with `scenario`, in `mode`: the outcomes (summaries with
  /// broken invariants), the schedule count and whether it says it is complete.
  static func explore(
    _ race: Case, scenario: String, mode: (inout ExploreSettings) -> Void = { _ in }
  ) throws -> (outcomes: Set<String>, schedules: Int, complete: Bool) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-clock-oracle-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(race.model.utf8).write(to: folder.appendingPathComponent("clocked.model.yaml"))
    let path = folder.appendingPathComponent("race.yaml").path
    try Data(scenario.utf8).write(to: URL(fileURLWithPath: path))
    var command = ExploreCommand(files: [path])
    command.format = .json
    mode(&command.settings)
    let (_, output, error) = capture { command.execute(console: $0) }
    #expect(error == "", "\(error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let outcomes = try #require(object["outcomes"] as? [[String: Any]])
    return (
      Set(
        try outcomes.map { try Answers.canonical(try #require($0["summary"] as? [String: Any])) }),
      try #require(object["schedules"] as? Int), try #require(object["complete"] as? Bool)
    )
  }

  /// The scenario with every window a window.
  static func windowed(_ race: Case) -> String {
    race.scenario { "\(race.windows[$0].lowerBound)ms..\(race.windows[$0].upperBound)ms" }
  }

  @Test func theGeneratorMakesRacesWithEveryShapeAndSeveralOutcomes() throws {
    #expect(Self.generated.contains { $0.windows.count == 1 })
    #expect(Self.generated.contains { $0.windows.count >= 2 })
    #expect(Self.generated.contains { $0.model.contains("within:") })
    #expect(Self.generated.contains { $0.model.contains("at - last") })
    // The races are races: most have more than one outcome.
    let raced = try Self.cases.filter {
      try Self.explore($0, scenario: Self.windowed($0)).outcomes.count > 1
    }.count
    #expect(raced >= Self.cases.count / 2)
  }

  @Test(arguments: cases)
  func exploredOutcomesEqualTheQuarterMillisecondSweep(_ race: Case) throws {
    let scenario = Self.windowed(race)
    let explored = try Self.explore(race, scenario: scenario)
    let graph = try Self.explore(race, scenario: scenario) { $0.stateGraph = true }
    let unpruned = try Self.explore(race, scenario: scenario) { $0.pruning = false }
    let grids = race.windows.map { window in
      Array(stride(from: window.lowerBound * 4, through: window.upperBound * 4, by: 1))
    }
    var swept: Set<String> = []
    for instants in everyCombination(of: grids) {
      let fixed = race.scenario { "\(instants[$0] * 250_000)ns" }
      swept.formUnion(try Self.explore(race, scenario: fixed).outcomes)
    }
    let context = "\(race.model)\n\(scenario)"
    #expect(explored.outcomes == swept, "\(context)")
    #expect(graph.outcomes == swept, "\(context)")
    #expect(unpruned.outcomes == swept, "\(context)")
    #expect(graph.schedules == unpruned.schedules, "\(context)")
    #expect(explored.complete && graph.complete && unpruned.complete, "\(context)")
  }
}
