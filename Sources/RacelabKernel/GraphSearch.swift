/// The state graph: every schedule that starts with `prefix`, each state the runs meet at a
/// choice point expanded once, in `graph`, which subtrees and threads share; where a run meets
/// a state already finished, that state's reach is added instead of its subtree. The tally's
/// counts are those of the unreduced space (every schedule counted once, saturating at
/// `Int.max`), its smallest schedules are the smallest of the unreduced space, and its
/// ``ExplorationTally/runs`` says how many runs it took.
///
/// With `partialOrderReduction`, an alternative of a same-instant choice that leads to a state
/// already finished (where orders of happenings that commute meet) takes that state's reach
/// instead of a run (``GraphExpansion``). The tally is the same either way; only
/// ``ExplorationTally/runs`` differs. At most `budget` runs; stopping early, or a full graph,
/// leaves the tally incomplete, with what was covered.
public struct GraphSearch: Search {
  private let prefix: [Int]
  private let graph: StateGraph
  private let budget: Int?
  private let reduction: Bool
  private var expansion: GraphExpansion
  private var runs = 0
  private var complete = true
  private var inexactClockUse: String?

  /// A search of the subtree at `prefix` over `graph`.
  public init(prefix: [Int], graph: StateGraph, budget: Int?, partialOrderReduction: Bool) {
    self.prefix = prefix
    self.graph = graph
    self.budget = budget
    self.reduction = partialOrderReduction
    self.expansion = GraphExpansion(prefix: prefix, reduction: partialOrderReduction)
  }

  /// The runs so far and the part of the subtree covered.
  public var progress: SubtreeProgress {
    SubtreeProgress(schedules: runs, covered: expansion.coveredFraction)
  }

  public mutating func nextStrategy() -> GraphStrategy? {
    guard let forced = expansion.nextForced else { return nil }
    if graph.isFull || budget.map({ runs >= $0 }) == true {
      stop()
      return nil
    }
    return GraphStrategy(
      forced: forced, graph: graph, reduction: reduction, insistAt: expansion.insistAt)
  }

  public mutating func absorb(_ strategy: GraphStrategy, findings: RunFindings) {
    runs += 1
    if let reason = findings.inexactClockUse {
      inexactClockUse = min(inexactClockUse ?? reason, reason)
    }
    if !expansion.absorb(strategy, findings: findings, graph: graph) { complete = false }
  }

  public mutating func stop() {
    guard expansion.nextForced != nil else { return }
    expansion.stop()
    complete = false
  }

  /// What the search covered: each outcome reached from the prefix, with its count and its
  /// smallest schedule written from the start.
  public var tally: ExplorationTally {
    var tally = ExplorationTally()
    tally.runs = runs
    tally.complete = complete
    tally.noteInexact(inexactClockUse)
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
