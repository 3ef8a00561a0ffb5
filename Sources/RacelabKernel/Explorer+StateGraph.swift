extension Explorer {
  /// Explores every schedule that starts with `prefix` as a graph of states: each state the
  /// run can be in at a choice point is expanded once, in `graph`, which subtrees and threads
  /// share; where a run meets a state already finished, that state's reach is added instead of
  /// its subtree. The tally's counts are those of the unreduced space (every schedule counted
  /// once, saturating at `Int.max`), its smallest schedules are the smallest of the unreduced
  /// space, and its ``ExplorationTally/runs`` says how many runs it took.
  ///
  /// At most `budget` runs; after each, `onRun` gets the count so far and the part of the
  /// subtree covered, and says whether to go on.
  /// Stopping early, or a full graph, leaves the tally incomplete, with what was covered.
  ///
  /// With `partialOrderReduction`, an alternative of a same-instant choice that leads to a
  /// state already finished (where orders of happenings that commute meet) takes that state's
  /// reach instead of a run (``GraphExpansion``). The tally is the same either way; only
  /// ``ExplorationTally/runs`` differs.
  public func exploreGraph(
    prefix: [Int], graph: StateGraph, budget: Int? = nil, partialOrderReduction: Bool = true,
    onRun: (SubtreeProgress) -> Bool = { _ in true }
  ) -> ExplorationTally {
    var expansion = GraphExpansion(prefix: prefix, reduction: partialOrderReduction)
    var runs = 0
    var complete = true
    while let forced = expansion.nextForced {
      if graph.isFull || budget.map({ runs >= $0 }) == true {
        expansion.stop()
        complete = false
        break
      }
      let (result, strategy) = start.simulate(
        profile: profile,
        strategy: GraphStrategy(
          forced: forced, graph: graph, reduction: partialOrderReduction,
          insistAt: expansion.insistAt),
        tracing: false)
      runs += 1
      guard expansion.absorb(strategy, result: result, graph: graph) else {
        complete = false
        break
      }
      guard
        expansion.nextForced == nil
          || onRun(SubtreeProgress(schedules: runs, covered: expansion.coveredFraction))
      else {
        expansion.stop()
        complete = false
        break
      }
    }
    var tally = ExplorationTally()
    tally.runs = runs
    tally.complete = complete
    for entry in expansion.covered.entries {
      let (summary, violations) = graph.outcome(at: entry.outcome)
      var deviations = prefix.enumerated().map {
        Schedule.Deviation(position: $0.offset, alternative: $0.element)
      }
      deviations += entry.smallest.map {
        Schedule.Deviation(position: $0.position &+ prefix.count, alternative: $0.alternative)
      }
      tally.add(
        ExplorationOutcome(
          summary: summary, violations: violations, count: entry.count,
          schedule: Schedule(deviations: deviations)))
    }
    return tally
  }
}
