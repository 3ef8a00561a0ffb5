import RacelabKernel

/// An explorer with its model type erased, so commands can hold one for any model.
protocol ScenarioSpace: Sendable {
  func subtrees() -> [[Int]]
  func exploreSubtree(
    prefix: [Int], pruning: Bool, budget: Int?, valueCapacity: Int,
    onSchedule: (SubtreeProgress) -> Bool
  ) -> ExplorationTally
  func exploreGraph(
    prefix: [Int], graph: StateGraph, budget: Int?, partialOrderReduction: Bool,
    onRun: (SubtreeProgress) -> Bool
  ) -> ExplorationTally
  func sample(runs: Range<Int>, seed: UInt64, onSchedule: (Int) -> Bool) -> ExplorationTally
  func shortestCounterexample(for invariant: String, maxDeviations: Int, budget: Int) -> Schedule?
  func fits(_ schedule: Schedule) -> Bool
  func violations(of schedule: Schedule) -> [String]
}

extension Explorer: ScenarioSpace {
  func fits(_ schedule: Schedule) -> Bool {
    run(schedule).fitted
  }

  func violations(of schedule: Schedule) -> [String] {
    run(schedule).findings.violations
  }
}
