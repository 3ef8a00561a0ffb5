/// A way through the schedules of an execution: it gives the strategy of each run in turn and
/// takes in what the run found. The exhaustive tree (``TreeSearch``), the state graph
/// (``GraphSearch``), random sampling (``SampleSearch``), the shortest counterexample
/// (``ShortestCounterexampleSearch``) and replay (``ReplaySearch``) are searches; the one loop
/// that runs them all is ``Execution/drive(_:onRun:)``.
public protocol Search {
  /// The strategy each run of this search is decided by.
  associatedtype Strategy: SchedulingStrategy

  /// The strategy of the next run, or `nil` when the search has no run left (finished, or
  /// stopped at a budget or a limit).
  mutating func nextStrategy() -> Strategy?

  /// Takes in one run: the strategy as the run left it and what the run found.
  mutating func absorb(_ strategy: Strategy, findings: RunFindings)

  /// Ends the search before it has finished; what it covered so far is kept, marked
  /// incomplete. Nothing changes once the search has no run left.
  mutating func stop()
}

extension Execution {
  /// The exploration loop: runs this execution with each strategy `search` gives and hands
  /// every run back to it, until it has no run left. After each run, `onRun` sees the search
  /// and says whether to go on; `false` stops it.
  public func drive<S: Search>(_ search: inout S, onRun: (S) -> Bool = { _ in true }) {
    while let strategy = search.nextStrategy() {
      let (findings, strategy) = execute(strategy)
      search.absorb(strategy, findings: findings)
      guard onRun(search) else {
        search.stop()
        return
      }
    }
  }
}
