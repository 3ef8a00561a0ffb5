import Commands
import Foundation
import RacelabKernel
import TestSizes
import Testing

/// The state graph against the unreduced search on seeded model files with several actors:
/// each actor's jobs count on its own, and some jobs look at the other actors' counts before
/// they claim a shared verdict. Jobs that only count commute, so runs converge on equal states
/// from different interleavings, where the lane that ran last differs; the jobs that look decide
/// which interleaving wins. The graph must give exactly the unreduced answer: the number of
/// schedules, every outcome with its count and smallest schedule, and every broken invariant
/// with its shortest counterexample.
struct ActorInterleavingOracleTests {
  /// One generated race: a model file and a scenario.
  struct Case: CustomTestStringConvertible, Sendable {
    var seed: UInt64
    var model: String
    var scenario: String

    var testDescription: String { "seed \(seed)" }
  }

  /// A race of `actors` actors (and the judge), drawn from `seed`.
  static func generate(seed: UInt64, actors range: ClosedRange<Int> = 2...3) -> Case {
    var random = SplitMix64(seed: seed)
    func pick(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    let actors = pick(range)
    let nappers = (0..<actors).filter { _ in pick(0...2) == 0 }.prefix(2)
    let windowed = nappers.isEmpty && pick(0...3) == 0
    let eventCount = !nappers.isEmpty ? pick(2...3) : windowed ? pick(3...4) : pick(3...5)
    var verdicts = 0
    /// A job's steps: count on its own actor, then perhaps claim the verdict.
    func steps(actor: Int, indent: String) -> String {
      var text = "\(indent)- set: {a\(actor).ran: \"a\(actor).ran + 1\"}\n"
      guard pick(0...2) > 0 else { return text }
      let other = (actor + pick(1...(actors - 1))) % actors
      verdicts += 1
      text += """
        \(indent)- if: "judge.first == 0 && a\(other).ran >= \(pick(0...2))"
        \(indent)  then:
        \(indent)    - set: {judge.first: "\(verdicts)"}

        """
      if pick(0...1) == 1 {
        verdicts += 1
        text += """
          \(indent)- if: "judge.first == 0"
          \(indent)  then:
          \(indent)    - set: {judge.first: "\(verdicts)"}

          """
      }
      return text
    }
    var processes = ""
    for actor in 0..<actors {
      processes += """
          a\(actor):
            lanes: {main: serial}
            memory:
              ran: {type: int, default: 0}

        """
    }
    var events = ""
    var timeline = ""
    var operations = ""
    // A napping actor's task sleeps, so its timer fires among the events of a later instant.
    for actor in nappers {
      operations += """
          nap\(actor):
            on: a\(actor).main
            steps:
              - sleep: \(pick(1...2))ms
        \(steps(actor: actor, indent: "      "))
        """
      events += """
          start\(actor):
            process: a\(actor)
            steps:
              - spawn: nap\(actor)

        """
      timeline += "  - {at: 0s, event: start\(actor)}\n"
    }
    for event in 0..<eventCount {
      let actor = event < actors ? event : pick(0...(actors - 1))
      events += """
          e\(event):
            process: a\(actor)
            steps:
        \(steps(actor: actor, indent: "      "))
        """
      let at =
        windowed && event == eventCount - 1
        ? "0s..2ms" : nappers.isEmpty ? "0s" : ["0s", "1ms", "2ms"][pick(0...2)]
      let tie = pick(0...4) == 0 ? ", tie: last" : ""
      timeline += "  - {at: \(at), event: e\(event)\(tie)}\n"
    }
    let model = """
      kind: model
      name: actors
      processes:
      \(processes)  judge:
          lanes: {main: serial}
          memory:
            first: {type: int, default: 0}
      \(operations.isEmpty ? "" : "operations:\n" + operations)events:
      \(events)invariants:
        not-first:
          always: "judge.first != \(pick(1...max(1, verdicts)))"
          say: "the wrong job claimed the verdict"
      summary:
        first: judge.first

      """
    let scenario = "name: race\nmodel: ./actors.model.yaml\ntimeline:\n" + timeline
    return Case(seed: seed, model: model, scenario: scenario)
  }

  /// Every race the generator makes: the thorough size explores them all.
  static let generated = (0..<300).map { generate(seed: 0xAC70_5000 + UInt64($0)) }

  /// The races explored at the test size.
  static let cases = TestSize.prefix(of: generated, standard: 50)

  /// Races of three and four actors: a lane-order point then offers three lanes or more, from
  /// any of them, and the graph keys it from the lowest, so each run's order is a rotation of
  /// the key's that only these cases tell from its reverse.
  static let rotatedCases = TestSize.prefix(
    of: (0..<120).map { generate(seed: 0xAC70_6000 + UInt64($0), actors: 3...4) }, standard: 12)

  /// `explore` of `race` with `settings` (the format set to JSON).
  static func explore(_ race: Case, _ settings: (inout ExploreCommand) -> Void) throws
    -> ExploreOutput
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-actor-oracle-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(race.model.utf8).write(to: folder.appendingPathComponent("actors.model.yaml"))
    let path = folder.appendingPathComponent("race.yaml")
    try Data(race.scenario.utf8).write(to: path)
    var command = ExploreCommand(files: [])
    settings(&command)
    return try ExploreOutput(command, path: path.path)
  }

  @Test func theGeneratorMakesRacesThatBreak() throws {
    var raced = 0
    var broken = 0
    for race in Self.generated.prefix(40) {
      let graph = try Self.explore(race) { $0.settings.stateGraph = true }
      if graph.outcomes.count > 1 { raced += 1 }
      if !graph.violations.isEmpty { broken += 1 }
    }
    print("actor interleavings: \(raced) of 40 races, \(broken) broken")
    #expect(raced >= 20)
    #expect(broken >= 5)
    #expect(Self.generated.contains { $0.scenario.contains("0s..2ms") })
    #expect(Self.generated.contains { $0.model.contains("a2:") })
    #expect(Self.generated.filter { $0.model.contains("- sleep:") }.count >= 50)
  }

  /// Two actors, two jobs each; the first jobs commute, the second ones claim the verdict.
  /// Left then right, or right then left, reach the same state with the lanes offered from
  /// different starts: the graph once took the smallest schedule from the wrong start.
  static let offeredFromAnotherLane = Case(
    seed: 0,
    model: """
      kind: model
      name: actors
      processes:
        a0:
          lanes: {main: serial}
          memory:
            ran: {type: int, default: 0}
        a1:
          lanes: {main: serial}
          memory:
            ran: {type: int, default: 0}
        judge:
          lanes: {main: serial}
          memory:
            first: {type: int, default: 0}
      events:
        left-one:
          process: a0
          steps:
            - set: {a0.ran: "a0.ran + 1"}
        right-one:
          process: a1
          steps:
            - set: {a1.ran: "a1.ran + 1"}
        left-two:
          process: a0
          steps:
            - if: "judge.first == 0 && a1.ran == 1"
              then:
                - set: {judge.first: "1"}
            - if: "judge.first == 0"
              then:
                - set: {judge.first: "3"}
        right-two:
          process: a1
          steps:
            - if: "judge.first == 0 && a0.ran == 1"
              then:
                - set: {judge.first: "2"}
            - if: "judge.first == 0"
              then:
                - set: {judge.first: "4"}
      invariants:
        not-first:
          always: "judge.first != 1"
          say: "left claimed the verdict after both first jobs"
      summary:
        first: judge.first

      """,
    scenario: """
      name: race
      model: ./actors.model.yaml
      timeline:
        - {at: 0s, event: left-one}
        - {at: 0s, event: left-two, tie: last}
        - {at: 0s, event: right-one}
        - {at: 0s, event: right-two, tie: last}

      """)

  @Test func aLaneOfferedFromAnotherStartIsAnotherPoint() throws {
    try theGraphGivesTheUnreducedAnswer(Self.offeredFromAnotherLane)
    let graph = try Self.explore(Self.offeredFromAnotherLane) { $0.settings.stateGraph = true }
    #expect(graph.violations == ["not-first": try #require(graph.violations["not-first"])])
    #expect(graph.violations["not-first"]?.hasSuffix(":3=1,4=1") == true)
  }

  @Test(arguments: rotatedCases)
  func lanesOfferedFromAnyStartGiveTheUnreducedAnswer(_ race: Case) throws {
    try theGraphGivesTheUnreducedAnswer(race)
  }

  @Test(arguments: cases)
  func theGraphGivesTheUnreducedAnswer(_ race: Case) throws {
    let unreduced = try Self.explore(race) { $0.settings.pruning = false }
    let graph = try Self.explore(race) { $0.settings.stateGraph = true }
    let context = "\(race.model)\n\(race.scenario)"
    #expect(unreduced.complete && graph.complete, "\(context)")
    #expect(graph.schedules == unreduced.schedules, "\(context)")
    #expect(Set(graph.outcomes) == Set(unreduced.outcomes), "\(context)")
    #expect(graph.violations == unreduced.violations, "\(context)")
  }
}
