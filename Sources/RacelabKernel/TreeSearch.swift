/// The exhaustive tree: every schedule that starts with `prefix`, depth first, each run
/// replaying the choices that lead to the next unexplored alternative. With `pruning`, a run
/// stops branching at the first state its subtree has seen before (a schedule from there on
/// reaches what the first one's did), within the values the seen states may hold
/// (``StateFootprint``).
public struct TreeSearch: Search {
  private let prefix: [Int]
  private let pruning: Bool
  private let budget: Int?
  private let seen: SeenStates
  /// The choices the next run replays, or `nil` when no run is left.
  private var forced: [Int]?
  /// The alternatives the run that set ``forced`` met (none before the first run).
  private var replayedAlternatives: [Int] = []
  private var counted = ExplorationTally()
  /// The hashes of the states a run taken in without being run met (``absorb(_:)``).
  private var leafStateHashes: [Int] = []
  /// The count so far and the part of the subtree covered, after the last run.
  public private(set) var progress = SubtreeProgress(schedules: 0, covered: 0)

  /// A search of the subtree at `prefix`, at most `budget` schedules, its seen states holding
  /// at most `valueCapacity` values.
  public init(prefix: [Int], pruning: Bool, budget: Int?, valueCapacity: Int) {
    self.prefix = prefix
    self.pruning = pruning
    self.budget = budget
    self.seen = SeenStates(valueCapacity: valueCapacity)
    self.forced = prefix
  }

  /// What the search covered, with the distinct states it saw.
  public var tally: ExplorationTally {
    var tally = counted
    tally.stateHashes = Set(seen.states.map(\.hashValue)).union(leafStateHashes)
    return tally
  }

  public mutating func nextStrategy() -> ExploringStrategy? {
    guard let forced else { return nil }
    if let budget, counted.schedules >= budget {
      stop()
      return nil
    }
    if seen.isFull {
      counted.statesFilledMemory = true
      stop()
      return nil
    }
    return ExploringStrategy(
      forced: forced, replayedAlternatives: replayedAlternatives, pruning: pruning, seen: seen)
  }

  /// Takes in a run; one that did not repeat the run whose choices it replayed is not counted
  /// (its schedule would not replay it), and stops the search.
  public mutating func absorb(_ strategy: ExploringStrategy, findings: RunFindings) {
    guard !strategy.diverged else {
      counted.runsDiverged = true
      stop()
      return
    }
    take(
      findings, choices: strategy.choices, alternatives: strategy.alternatives,
      prunedFrom: strategy.prunedFrom)
  }

  /// Takes in the subtree's only run, made before the search (``Explorer/subtrees()``), as the
  /// search's first run would have been taken in: its findings, and with pruning the states it
  /// met until they hold more values than allowed. `false` when the search would not have run
  /// it (a budget of no schedules).
  @usableFromInline
  mutating func absorb(_ leaf: LeafRun) -> Bool {
    guard forced == prefix, nextStrategy() != nil else { return false }
    if pruning {
      leafStateHashes = seen.keptFromEmpty(leaf.states).map(\.hash)
    }
    take(leaf.findings, choices: prefix, alternatives: leaf.alternatives, prunedFrom: nil)
    return true
  }

  /// Counts a run that made `choices`, offered `alternatives` and reached a state seen before
  /// at `prunedFrom`, and sets the next run's forced choices.
  private mutating func take(
    _ findings: RunFindings, choices: [Int], alternatives: [Int], prunedFrom: Int?
  ) {
    counted.record(findings, schedule: Schedule(choices: choices))
    let limit = min(choices.count, prunedFrom ?? .max)
    progress = SubtreeProgress(
      schedules: counted.schedules,
      covered: SubtreeProgress.covered(
        through: choices[..<limit], of: alternatives, from: prefix.count))
    // The deepest point with an alternative left is where the next run turns off.
    guard
      let position = (prefix.count..<limit).last(where: { choices[$0] + 1 < alternatives[$0] })
    else {
      forced = nil
      return
    }
    forced = Array(choices[..<position]) + [choices[position] + 1]
    replayedAlternatives = alternatives
  }

  public mutating func stop() {
    guard forced != nil else { return }
    forced = nil
    counted.complete = false
  }
}

/// The exhaustive tree's strategy: replays forced choices, then takes the default, noting each
/// point's alternatives; with pruning, notes the first state past the forced choices already
/// seen.
public struct ExploringStrategy: SchedulingStrategy {
  let forced: [Int]
  /// The alternatives the run whose choices are replayed met at the forced points, as far as
  /// they are known.
  let replayedAlternatives: [Int]
  let pruning: Bool
  let seen: SeenStates
  var choices: [Int] = []
  var alternatives: [Int] = []
  /// The first position at which the run reached a state seen before.
  var prunedFrom: Int?
  /// Whether a forced point offered other alternatives than the replayed run met there.
  private var metOtherAlternatives = false

  init(forced: [Int], replayedAlternatives: [Int], pruning: Bool, seen: SeenStates) {
    self.forced = forced
    self.replayedAlternatives = replayedAlternatives
    self.pruning = pruning
    self.seen = seen
  }

  public var diverged: Bool {
    metOtherAlternatives || choices.count < forced.count
  }

  /// Observes states while pruning, until the states seen hold as many values as allowed.
  public var observesState: Bool { pruning && !seen.isFull }

  public mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
    let position = choices.count
    var choice = 0
    if position < forced.count {
      choice = forced[position]
      if choice >= point.alternativeCount
        || (position < replayedAlternatives.count
          && replayedAlternatives[position] != point.alternativeCount)
      {
        metOtherAlternatives = true
      }
    }
    if pruning, let state, !seen.isFull {
      let key = StateAtChoice(point: point, state: state)
      let isNew = seen.insert(key)
      if !isNew && position >= forced.count && prunedFrom == nil { prunedFrom = position }
    }
    choices.append(choice)
    alternatives.append(point.alternativeCount)
    return min(choice, point.alternativeCount - 1)
  }
}

/// The states one subtree's search has seen, shared by reference between its runs so the set
/// is never copied, with the values (``StateFootprint``) they hold.
final class SeenStates {
  private(set) var states = Set<StateAtChoice>()
  private var values = 0
  /// The most values the states may hold together.
  let valueCapacity: Int
  /// Whether the states hold more values than allowed: no more are added, and the search
  /// stops after the run that filled them.
  private(set) var isFull = false

  init(valueCapacity: Int) {
    self.valueCapacity = valueCapacity
  }

  /// Adds `state`; `true` when it was new.
  func insert(_ state: StateAtChoice) -> Bool {
    guard states.insert(state).inserted else { return false }
    values += state.footprint
    if values > valueCapacity { isFull = true }
    return true
  }

  /// The distinct states `met`, in the order met, that ``insert(_:)`` would keep starting
  /// from no states: each until the one that takes them past the values allowed, that one
  /// included.
  func keptFromEmpty(_ met: [MetStates.Met]) -> ArraySlice<MetStates.Met> {
    var values = 0
    for (index, state) in met.enumerated() {
      values += state.footprint
      if values > valueCapacity { return met[...index] }
    }
    return met[...]
  }
}
