import RacelabKernel
import TestSizes
import Testing

/// The explorer against an independent brute force over generated scenarios: every quarter
/// millisecond of every window (all combinations) × every order of same-instant happenings,
/// run with no pruning and no arrival choice at all. The outcome sets (closing figures and
/// invariants broken) must be equal, and explore must call every space complete.
@Suite struct GeneratedOracleTests {
  /// Scenario `i` is the same at every size: the generator makes them in order from one seed.
  static let scenarioCount = TestSize.count(standard: 100, thorough: 500)
  static let seed: UInt64 = 20_261_201

  @Test func exploredOutcomesEqualTheQuarterMillisecondSweep() throws {
    var generator = ScenarioGenerator(seed: Self.seed)
    var schedules = 0
    var sweepRuns = 0
    var differences: [String] = []
    var racy = 0
    for index in 0..<Self.scenarioCount {
      let text = generator.scenario(index)
      let loaded = try LoadedScenario(text)
      let explored = loaded.explorer().exploreAll(pruning: true)
      let sweep = BruteForceSweep(
        setup: loaded.scenario.setup, profile: loaded.scenario.runtime, timeline: loaded.timeline,
        step: 250_000
      ).outcomes()
      schedules += explored.schedules
      sweepRuns += sweep.runs
      if sweep.outcomes.count > 1 { racy += 1 }
      if !explored.complete || explored.outcomeKeys != sweep.outcomes {
        let missed = sweep.outcomes.subtracting(explored.outcomeKeys).sorted()
        let extra = explored.outcomeKeys.subtracting(sweep.outcomes).sorted()
        differences.append(
          "scenario #\(index) of seed \(Self.seed):\n\(text)complete: \(explored.complete)\nmissed: \(missed)\nunreachable: \(extra)\n"
        )
      }
    }
    print(
      "generated oracle: \(Self.scenarioCount) scenarios, explore \(schedules) schedules, "
        + "sweep \(sweepRuns) runs, \(racy) with more than one outcome, "
        + "\(differences.count) differences")
    #expect(racy >= Self.scenarioCount / 4, "the generator should make races, not quiet runs")
    #expect(differences.isEmpty, "\(differences.prefix(3).joined(separator: "\n"))")
  }

  /// How many generated scenarios the replay property is checked on: more than the sweep
  /// takes, since it needs no sweep (scenario #1602 broke it once, and explore trapped).
  static let replayedCount = TestSize.count(standard: 300, thorough: 5_000)

  @Test func everyOfferedPrefixReplaysWithTheAlternativesItWasOffered() throws {
    var generator = ScenarioGenerator(seed: Self.seed)
    var runs = 0
    var broken: [String] = []
    for index in 0..<Self.replayedCount {
      let text = generator.scenario(index)
      let replayed = try LoadedScenario(text).explorer().replayEveryOfferedPrefix()
      runs += replayed.runs
      if let first = replayed.broken.first {
        broken.append("scenario #\(index) of seed \(Self.seed):\n\(text)\(first)")
      }
    }
    print(
      "replayed prefixes: \(Self.replayedCount) scenarios, \(runs) runs, \(broken.count) broken")
    #expect(broken.isEmpty, "\(broken.prefix(3).joined(separator: "\n"))")
  }
}
