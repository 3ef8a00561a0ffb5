import CommandTestSupport
import Commands
import Foundation
import TestSizes
import Testing

/// `explore --state-graph` on the large family of `scenarios/scale/`: its counts against the
/// closed form, a small member against the unreduced search, the same output for any number of
/// threads, and an honest stop when the graph is full.
@Suite struct StateGraphCommandTests {
  static func scale(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("scenarios/scale/\(name).yaml").path
  }

  static func graphCommand(jobs: Int = 1, maxStates: Int? = nil) -> ExploreCommand {
    var command = ExploreCommand(files: [])
    command.settings.stateGraph = true
    command.settings.jobs = jobs
    command.settings.maxStates = maxStates
    return command
  }

  static func factorial(_ n: Int) -> Int { (1...max(1, n)).reduce(1, *) }

  /// Deliveries in any order (`jobs!`), times the interleavings of the actors' job sequences.
  static func closedForm(jobsPerActor: [Int]) -> Int {
    let jobs = jobsPerActor.reduce(0, +)
    let interleavings = jobsPerActor.reduce(factorial(jobs)) { $0 / factorial($1) }
    return factorial(jobs) * interleavings
  }

  @Test(
    arguments: TestSize.prefix(of: [("launch-burst-3x3", 3), ("launch-burst-3x4", 4)], standard: 1))
  func theFamilyCountsEverySchedule(_ name: String, perActor: Int) throws {
    let output = try ExploreOutput(Self.graphCommand(), path: Self.scale(name))
    #expect(output.status == .success && output.complete)
    #expect(output.schedules == Self.closedForm(jobsPerActor: [perActor, perActor, perActor]))
    #expect(output.schedules >= 600_000_000)
    #expect(output.outcomes.count == 1 && output.violations.isEmpty)
  }

  @Test func theOutputIsTheSameOnTwoThreads() throws {
    let path = Self.scale("launch-burst-windowed")
    let one = capture { Self.graphCommand(jobs: 1).with(path).execute(console: $0) }
    let two = capture { Self.graphCommand(jobs: 2).with(path).execute(console: $0) }
    #expect(one.0 == .success && two.0 == .success)
    #expect(one.1 == two.1)
    #expect(one.1.contains("exhaustive (state graph)"))
  }

  @Test func aCappedExplorationPrintsTheSameBytesOnTwoThreads() throws {
    let path = Self.scale("launch-burst-3x3")
    let one = capture { Self.graphCommand(jobs: 1, maxStates: 50).with(path).execute(console: $0) }
    #expect(one.1.contains("stopped at the state graph's cap of 50 states"))
    // Threads race for the graph's places: several runs, so that a race would show.
    for _ in 0..<3 {
      let two = capture {
        Self.graphCommand(jobs: 2, maxStates: 50).with(path).execute(console: $0)
      }
      #expect(two.0 == one.0)
      #expect(two.1 == one.1)
    }
  }

  @Test(arguments: TestSize.prefix(of: ["launch-burst-3x3", "launch-burst-windowed"], standard: 1))
  func thePartialOrderReductionChangesNoByte(_ name: String) {
    var without = Self.graphCommand()
    without.settings.partialOrderReduction = false
    let path = Self.scale(name)
    let reduced = capture { Self.graphCommand().with(path).execute(console: $0) }
    let full = capture { without.with(path).execute(console: $0) }
    #expect(reduced.0 == .success && full.0 == .success)
    #expect(reduced.1 == full.1)
  }

  @Test func aSmallMemberGivesTheUnreducedAnswer() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("state-graph-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      atPath: Self.scale("launch-burst.model"),
      toPath: folder.appendingPathComponent("launch-burst.model.yaml").path)
    let scenario = folder.appendingPathComponent("small.yaml")
    try """
    name: small
    model: ./launch-burst.model.yaml
    timeline:
      - {at: 0s, event: transaction, id: 1}
      - {at: 0s, event: scene}
      - {at: 0s, event: transaction, id: 1}
      - {at: 0s..10ms, event: flush}
      - {at: 0s..10ms, event: scene}
    explore:
      violations: [finished-once]
    """.write(to: scenario, atomically: true, encoding: .utf8)
    var unreducedCommand = ExploreCommand(files: [])
    unreducedCommand.settings.pruning = false
    let unreduced = try ExploreOutput(unreducedCommand, path: scenario.path)
    let graph = try ExploreOutput(Self.graphCommand(), path: scenario.path)
    #expect(unreduced.complete && graph.complete)
    #expect(unreduced.schedules > 100)
    #expect(graph.schedules == unreduced.schedules)
    #expect(Set(graph.outcomes) == Set(unreduced.outcomes))
    #expect(graph.violations == unreduced.violations)
    #expect(graph.status == .success && unreduced.status == .success)
  }

  /// The family's files say `explore: {state-graph: true}`: a plain `explore` (and `check
  /// --explore`) then counts every schedule; `--random` and `--no-pruning` still win.
  @Test func aFileCanAskForTheGraph() throws {
    let path = Self.scale("launch-burst-3x3")
    let plain = try ExploreOutput(ExploreCommand(files: []), path: path)
    #expect(plain.complete && plain.status == .success)
    #expect(plain.schedules == Self.closedForm(jobsPerActor: [3, 3, 3]))
    var sampled = ExploreCommand(files: [path])
    sampled.settings.randomRuns = 5
    let (_, sampledText, _) = capture { sampled.execute(console: $0) }
    #expect(sampledText.contains("random 5, seed 1"))
    var unpruned = ExploreCommand(files: [path])
    unpruned.settings.pruning = false
    unpruned.settings.maxSchedules = 10
    let (status, unprunedText, _) = capture { unpruned.execute(console: $0) }
    #expect(status == .failure)
    #expect(unprunedText.contains("exhaustive (no pruning)"))
    var capped = ExploreCommand(files: [path])
    capped.settings.maxStates = 10
    let (cappedStatus, cappedText, _) = capture { capped.execute(console: $0) }
    #expect(cappedStatus == .failure)
    #expect(cappedText.contains("stopped at the state graph's cap of 10 states"))
  }

  @Test func aFullGraphSaysSoAndFails() {
    let path = Self.scale("launch-burst-3x3")
    let (status, output, _) = capture {
      Self.graphCommand(maxStates: 10).with(path).execute(console: $0)
    }
    #expect(status == .failure)
    #expect(output.contains("complete: false"))
    #expect(output.contains("stopped at the state graph's cap of 10 states"))
  }
}

extension ExploreCommand {
  /// This command on `path`.
  fileprivate func with(_ path: String) -> ExploreCommand {
    var command = self
    command.files = [path]
    return command
  }
}
