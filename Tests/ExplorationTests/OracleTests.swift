import RacelabKernel
import Testing

/// The explorer's outcomes against a brute-force sweep of every 1 ms arrival instant and every
/// order of same-instant happenings.
@Suite struct OracleTests {
  @Test(arguments: OracleCase.all)
  func exploredOutcomesEqualTheSweep(_ oracle: OracleCase) throws {
    let loaded = try LoadedScenario(oracle.yaml)
    let explored = loaded.explorer().exploreAll(pruning: true)
    let sweep = BruteForceSweep(
      setup: loaded.scenario.setup, profile: loaded.scenario.runtime, timeline: loaded.timeline
    ).outcomes()
    print(
      "oracle \(oracle.name): explore \(explored.schedules) schedules, "
        + "\(explored.outcomeKeys.count) outcomes; sweep \(sweep.runs) runs, "
        + "\(sweep.outcomes.count) outcomes")
    #expect(explored.complete)
    #expect(
      explored.outcomeKeys.subtracting(sweep.outcomes).sorted() == [],
      "outcomes explore reports that no 1 ms instant reaches")
    #expect(
      sweep.outcomes.subtracting(explored.outcomeKeys).sorted() == [],
      "outcomes of the sweep that explore misses")
  }

  /// The teaching scenarios' full windows (1.5s..2.5s × 1.8s..2.2s) are too wide to sweep
  /// every 1 ms in a unit test; every 5 ms still lands on each instant that matters (the timer at
  /// 2s, a busy job ending at 2s), so the outcome sets must be equal.
  @Test(arguments: ["busy-main-window-original", "kotlin-busy-main-window-cancel-guard"])
  func teachingOutcomesEqualAFiveMillisecondSweep(_ name: String) throws {
    let loaded = try LoadedScenario(path: teachingScenario(name))
    let explored = loaded.explorer().exploreAll(pruning: true)
    let sweep = BruteForceSweep(
      setup: loaded.scenario.setup, profile: loaded.scenario.runtime, timeline: loaded.timeline,
      step: 5_000_000
    ).outcomes()
    print(
      "oracle \(name) (5 ms): explore \(explored.outcomeKeys.count) outcomes; "
        + "sweep \(sweep.runs) runs, \(sweep.outcomes.count) outcomes")
    #expect(explored.outcomeKeys == sweep.outcomes)
  }
}
