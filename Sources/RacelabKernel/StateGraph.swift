import ModelContract
import Synchronization

/// What every schedule from one point of a run on reaches: for each distinct outcome, how many
/// schedules reach it and the smallest of them, written from that point on.
///
/// Two runs in equal states reach the same outcomes from there on (``StateSnapshot``), so a
/// state's reach, once known, stands for its whole subtree wherever the state recurs: the counts
/// add up to the number of schedules of the unreduced space, and the smallest schedules are the
/// smallest of the unreduced space.
struct Reach: Sendable {
  /// An outcome (an index into ``StateGraph``'s outcomes), how many schedules reach it, and the
  /// deviations of the smallest of them, positions counted from the point.
  struct Entry: Sendable {
    var outcome: Int
    var count: Int
    var smallest: [Schedule.Deviation]
  }

  /// By outcome index, at most one entry each.
  var entries: [Entry] = []

  /// The reach of the point before, when it takes `choice`: every position moves one on, and a
  /// non-default choice becomes the first deviation.
  func taking(_ choice: Int) -> Reach {
    var moved = self
    for index in moved.entries.indices {
      var smallest = moved.entries[index].smallest.map {
        Schedule.Deviation(position: $0.position &+ 1, alternative: $0.alternative)
      }
      if choice != 0 { smallest.insert(.init(position: 0, alternative: choice), at: 0) }
      moved.entries[index].smallest = smallest
    }
    return moved
  }

  /// Adds `other`'s schedules (counts saturate at `Int.max` rather than overflow).
  mutating func add(_ other: Reach) {
    for entry in other.entries {
      guard let index = entries.firstIndex(where: { $0.outcome == entry.outcome }) else {
        entries.append(entry)
        continue
      }
      let (sum, overflow) = entries[index].count.addingReportingOverflow(entry.count)
      entries[index].count = overflow ? .max : sum
      if Schedule(deviations: entry.smallest) < Schedule(deviations: entries[index].smallest) {
        entries[index].smallest = entry.smallest
      }
    }
  }
}

/// The states an exploration of the whole space has finished, with each one's ``Reach``, shared
/// by every subtree and every thread. A reach is exact whoever computed it, so sharing changes
/// how many runs an exploration takes, never its results.
public final class StateGraph: Sendable {
  /// A state at a choice point, as a key of the graph. It is never changed once made and only
  /// hashed and compared, which reads it: sharing it between threads is safe although a model's
  /// state type does not promise `Sendable`. Its hash is computed once, outside every lock.
  struct Key: Hashable, @unchecked Sendable {
    let value: AnyHashable
    let hash: Int

    init(value: AnyHashable) {
      self.value = value
      self.hash = value.hashValue
    }

    static func == (left: Key, right: Key) -> Bool {
      left.hash == right.hash && left.value == right.value
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }
  }

  /// Distinct outcomes, in the order first met: the closing figures and the invariants broken.
  private let outcomes = Locked<[(summary: [TraceField], violations: [String])]>([])
  /// A state a walk has met: being expanded (by the walk that first met it), or finished.
  private enum Node {
    case expanding
    case finished(Reach)
  }

  /// The states met, spread by hash over locks of their own, so that threads looking up states
  /// seldom wait for each other.
  private let shards: [Locked<[Key: Node]>]
  private let finished = Atomic<Int>(0)
  private let filled = Atomic<Bool>(false)
  /// The most states the graph holds; an exploration that needs more stops, incomplete.
  public let capacity: Int

  private static let shardCount = 64

  /// A graph of at most `capacity` states.
  public init(capacity: Int) {
    self.capacity = capacity
    self.shards = (0..<Self.shardCount).map { _ in Locked([:]) }
  }

  /// The number of states finished.
  public var stateCount: Int { finished.load(ordering: .acquiring) }

  /// The hashes of the states finished, for counting states together with other tallies'.
  public var stateHashes: Set<Int> {
    var hashes = Set<Int>()
    for shard in shards {
      shard.withLock { nodes in
        for (key, node) in nodes {
          if case .finished = node { hashes.insert(key.hash) }
        }
      }
    }
    return hashes
  }

  /// Whether an exploration stopped because the graph could hold no more states.
  public var isFull: Bool { filled.load(ordering: .acquiring) }

  private func shard(of key: Key) -> Locked<[Key: Node]> {
    shards[Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))]
  }

  /// The reach of a finished state; `nil` while the state is unknown or being expanded.
  func reach(of key: Key) -> Reach? {
    shard(of: key).withLock { nodes in
      guard case .finished(let reach) = nodes[key] else { return nil }
      return reach
    }
  }

  /// Marks a state no walk has met as being expanded by the caller; `false` when some walk
  /// has met it already (it is being expanded, or finished). A claim only steers which walk
  /// expands a state first; it never changes a reach.
  func claim(_ key: Key) -> Bool {
    shard(of: key).withLock { nodes in
      guard nodes[key] == nil else { return false }
      nodes[key] = .expanding
      return true
    }
  }

  /// Records the reach of a finished state; `false` when the graph is full.
  func finish(_ key: Key, reach: Reach) -> Bool {
    shard(of: key).withLock { nodes in
      if case .finished = nodes[key] { return true }
      guard reserveState() else {
        filled.store(true, ordering: .releasing)
        return false
      }
      nodes[key] = .finished(reach)
      return true
    }
  }

  /// Counts one more state unless the graph holds `capacity` already.
  private func reserveState() -> Bool {
    var current = finished.load(ordering: .relaxed)
    while current < capacity {
      let (exchanged, original) = finished.compareExchange(
        expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// The index of the outcome of `result`, added if new.
  func outcome(of result: SimulationResult) -> Int {
    outcomes.withLock { outcomes in
      if let index = outcomes.firstIndex(where: {
        $0.summary == result.summary && $0.violations == result.violations
      }) {
        return index
      }
      outcomes.append((result.summary, result.violations))
      return outcomes.count - 1
    }
  }

  func outcome(at index: Int) -> (summary: [TraceField], violations: [String]) {
    outcomes.withLock { $0[index] }
  }
}

/// The state graph's strategy: replays forced choices, then takes the default, noting each
/// point's alternatives and state; stops observing at the first state the graph has finished.
///
/// With `lookahead`, at a new same-instant point it takes the first alternative whose next
/// state is not known to be finished, and notes the reach of those before it
/// (``GraphExpansion``).
struct GraphStrategy: SchedulingStrategy {
  let forced: [Int]
  let graph: StateGraph
  let lookahead: Bool
  /// The position at which the run expands a state even if another walk is expanding it.
  let insistAt: Int?
  var choices: [Int] = []
  var alternatives: [Int] = []
  /// The key of each point at or after the forced ones whose state the kernel gave.
  var keys: [StateGraph.Key?] = []
  /// Each point at or after the forced ones that is a same-instant choice, as a batch point.
  var batches: [BatchPoint?] = []
  /// The first point past the forced ones at a finished state, and that state's reach.
  var finished: (position: Int, reach: Reach)?
  /// The first point past the forced ones at a state another walk is expanding: the walk
  /// tries that alternative again later, when the state may be finished.
  var deferred: Int?

  init(forced: [Int], graph: StateGraph, lookahead: Bool, insistAt: Int?) {
    self.forced = forced
    self.graph = graph
    self.lookahead = lookahead
    self.insistAt = insistAt
  }

  var observesState: Bool { !isDone && choices.count >= forced.count }

  /// Done at a finished state (what follows is its reach) or at one being expanded elsewhere.
  var isDone: Bool { finished != nil || deferred != nil }

  mutating func choose(_ point: ChoicePoint, state: AnyHashable?) -> Int {
    choose(point, state: state, offered: nil)
  }

  mutating func choose(
    _ point: ChoicePoint, state: AnyHashable, alternatives: SameInstantAlternatives
  ) -> Int {
    choose(point, state: state, offered: alternatives)
  }

  private mutating func choose(
    _ point: ChoicePoint, state: AnyHashable?, offered: SameInstantAlternatives?
  ) -> Int {
    let position = choices.count
    var choice = position < forced.count ? forced[position] : 0
    var key: StateGraph.Key?
    var batch: BatchPoint?
    if !isDone, position >= forced.count, let state {
      let made = StateGraph.Key(value: AnyHashable(StateAtChoice(point: point, state: state)))
      if let reach = graph.reach(of: made) {
        finished = (position, reach)
      } else if !graph.claim(made), position != insistAt {
        deferred = position
      }
      key = made
      // A new point becomes a frame; a same-instant one keeps what its alternatives lead to.
      if !isDone, let offered {
        var known = BatchPoint(
          enqueuing: offered.enqueuing,
          successors: (0..<point.alternativeCount).map { alternative in
            lookahead ? offered.successor(alternative).map(StateGraph.Key.init) : nil
          })
        // Alternatives whose next state is finished need no run: go on to the first other.
        while choice < known.successors.count, let next = known.successors[choice],
          let reach = graph.reach(of: next)
        {
          known.answered.append(reach)
          choice += 1
        }
        if choice == known.successors.count { choice = 0 }
        batch = known
      }
    }
    keys.append(key)
    batches.append(batch)
    choices.append(choice)
    alternatives.append(point.alternativeCount)
    return min(choice, point.alternativeCount - 1)
  }
}
