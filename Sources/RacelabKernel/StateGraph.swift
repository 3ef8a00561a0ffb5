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
      let old = moved.entries[index].smallest
      guard choice != 0 || !old.isEmpty else { continue }
      // Built in one array of the final size (a map, then an insert at the front, made two).
      var smallest: [Schedule.Deviation] = []
      smallest.reserveCapacity(old.count &+ (choice == 0 ? 0 : 1))
      if choice != 0 { smallest.append(.init(position: 0, alternative: choice)) }
      for deviation in old {
        smallest.append(
          .init(position: deviation.position &+ 1, alternative: deviation.alternative))
      }
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
      // Both lists are a schedule's deviations already (sorted, no default alternative).
      if Schedule.precedes(entry.smallest, entries[index].smallest) {
        entries[index].smallest = entry.smallest
      }
    }
  }
}

/// The states an exploration of the whole space has finished, with each one's ``Reach``, shared
/// by every subtree and every thread. A reach is exact whoever computed it, so sharing changes
/// how many runs an exploration takes, never its results.
public final class StateGraph: Sendable {
  /// A state at a choice point, as the graph looks it up (``StateTable``). Once stored, its
  /// snapshot is only hashed and compared, which reads what never changes, and its record read
  /// and changed under the shard's lock: sharing it between threads is safe although a model's
  /// state type does not promise `Sendable`. (Before it is stored, the thread that claims it
  /// swaps its model for the table's equal one, ``claim(_:)``.) Its hash is computed once,
  /// outside every lock.
  struct Key: @unchecked Sendable {
    let value: StateAtChoice
    let hash: Int

    init(value: StateAtChoice) {
      self.value = value
      self.hash = value.hashValue
    }
  }

  /// A state at a choice point as a run meets it: the state's key, and at a lane-order point,
  /// where the run's alternatives start in the key's order.
  ///
  /// A lane-order point offers the ready lanes from the lane that ran last, which the state does
  /// not record. Its key offers them from the lowest ready lane instead, so that runs reaching
  /// one state with different lanes last (two jobs that commute, run in either order) meet at
  /// one key; the graph keeps that state's reach per lane, and ``StateGraph/reach(at:)`` turns
  /// it to each run's order.
  struct Point {
    let key: Key
    /// At a lane-order point of `n` alternatives: the run's alternative `i` is the key's
    /// alternative `(i + rotation) % n`. `nil` at every other point, whose key is the run's.
    let rotation: Int?

    /// The point `point` at `state`; a lane-order point's key offers the lanes from the lowest
    /// ready one when the state's ready lanes are the point's alternatives.
    init(_ point: ChoicePoint, state: ObservedState) {
      if case .laneOrder(let time, let first, let alternatives) = point,
        case (let lowest, let rank, let count) = state.snapshot.readyLanes(from: first),
        count == alternatives
      {
        let canonical = ChoicePoint.laneOrder(
          time: time, first: lowest, alternatives: alternatives)
        key = Key(value: StateAtChoice(point: canonical, state: state))
        rotation = rank
      } else {
        // A lane-order point whose alternatives are not the state's ready lanes keeps the run's
        // order: a key of its own, never one that would read another run's lanes in a wrong order.
        key = Key(value: StateAtChoice(point: point, state: state))
        rotation = nil
      }
    }

    /// The point of `state`, a state at a point that is not a lane-order one.
    init(_ state: StateAtChoice) {
      key = Key(value: state)
      rotation = nil
    }
  }

  /// What a finished state reaches: as one reach, or at a lane-order point, per alternative in
  /// the key's order (what follows each, before the point's choice is added).
  enum FinishedReach {
    /// One outcome, held without an array of its own: most states of most scenarios reach one
    /// outcome, and the array took a sixth of the memory a state took.
    case single(Reach.Entry)
    case whole(Reach)
    case perAlternative([Reach])

    /// The reach at a point whose alternatives are rotated by `rotation` from the key's order.
    func reach(rotation: Int?) -> Reach {
      switch self {
      case .single(let entry): return Reach(entries: [entry])
      case .whole(let reach): return reach
      case .perAlternative(let continuations):
        let count = continuations.count
        let shift = rotation ?? 0
        var reach = Reach()
        // The run's alternative `i` is the key's `(i + shift) % count`.
        for alternative in 0..<count {
          reach.add(continuations[(alternative + shift) % count].taking(alternative))
        }
        return reach
      }
    }
  }

  /// Distinct outcomes, in the order first met: the closing figures and the invariants broken.
  private let outcomes = Locked<[(summary: [TraceField], violations: [String])]>([])
  /// A state a walk has met: being expanded (by the walk that first met it), or finished.
  enum Node {
    case expanding
    case finished(FinishedReach)
  }

  /// What the graph keeps with a state it stores, in the state's snapshot
  /// (``ErasedSnapshot/record``): the point the state was met at, and its node.
  struct Record {
    let point: ChoicePoint
    var node: Node
  }

  /// The models of the states stored, each once.
  private let models = ModelTable()
  /// The states met, spread by hash over locks of their own, so that threads looking up states
  /// seldom wait for each other.
  private let shards: [Locked<StateTable>]
  private let finished = Atomic<Int>(0)
  private let filled = Atomic<Bool>(false)
  private let valuesStored = Atomic<Int>(0)
  private let filledWithValues = Atomic<Bool>(false)
  /// The most states the graph holds; an exploration that needs more stops, incomplete.
  public let capacity: Int
  /// The most values (``StateFootprint``) the states claimed or finished may hold together;
  /// an exploration whose states would hold more stops, incomplete.
  public let valueCapacity: Int

  static let shardCount = 64

  /// A graph of at most `capacity` states holding at most `valueCapacity` values together.
  public init(capacity: Int, valueCapacity: Int = .max) {
    self.capacity = capacity
    self.valueCapacity = valueCapacity
    self.shards = (0..<Self.shardCount).map { _ in Locked(StateTable()) }
  }

  /// The number of states finished.
  public var stateCount: Int { finished.load(ordering: .acquiring) }

  /// Whether an exploration stopped because the graph could hold no more states, by their
  /// number or by the values they hold.
  public var isFull: Bool { filled.load(ordering: .acquiring) }

  /// Whether what filled the graph was the values its states hold, not their number.
  public var isFullOfValues: Bool { filledWithValues.load(ordering: .acquiring) }

  private func shard(of key: Key) -> Locked<StateTable> {
    shards[Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))]
  }

  /// The reach of a finished state, in the order of `point`'s run; `nil` while the state is
  /// unknown or being expanded.
  func reach(at point: Point) -> Reach? {
    let finished: FinishedReach? = shard(of: point.key).withLock { table in
      guard case .finished(let reach) = table.stored(point.key)?.node else { return nil }
      return reach
    }
    return finished?.reach(rotation: point.rotation)
  }

  /// Marks a state no walk has met as being expanded by the caller; `false` when some walk
  /// has met it already (it is being expanded, or finished). A claim only steers which walk
  /// expands a state first; it never changes a reach.
  ///
  /// The state's model becomes the one equal states already share (``ModelTable``). A state's
  /// values (``StateFootprint``) are counted when it is claimed, since a state being
  /// expanded is held as long as a finished one. When they would pass ``valueCapacity`` the
  /// graph is full: the state is not stored, and the caller goes on as if it had claimed it
  /// until its walk stops.
  func claim(_ point: Point) -> Bool {
    shard(of: point.key).withLock { table in
      guard table.stored(point.key) == nil else { return false }
      let footprint = point.key.value.footprint
      guard Self.reserve(footprint, in: valuesStored, upTo: valueCapacity) else {
        filledWithValues.store(true, ordering: .releasing)
        filled.store(true, ordering: .releasing)
        return true
      }
      store(point.key, node: .expanding, in: &table)
      return true
    }
  }

  /// Stores the state of `key`, which `table` does not hold, with `node`: its snapshot, or a
  /// copy of it when the snapshot is stored already at another point. Still seen by this
  /// thread alone (under the shard's lock), the snapshot's model can become the one its equals
  /// share, and it takes the record.
  private func store(_ key: Key, node: Node, in table: inout StateTable) {
    var snapshot = key.value.state.snapshot
    if snapshot.record != nil { snapshot = snapshot.copy() }
    snapshot.shareModel(in: models)
    snapshot.record = Record(point: key.value.point, node: node)
    table.insert(snapshot, as: key)
  }

  /// Records the reach of a finished state, met at `point`: `reach` at most points, and at a
  /// lane-order point `continuations`, what follows each of the run's alternatives. `false`
  /// when the graph is full.
  func finish(_ point: Point, reach: Reach, continuations: [Reach]) -> Bool {
    let finished: FinishedReach
    if let rotation = point.rotation {
      let count = continuations.count
      // The key's alternative `k` is the run's `(k - rotation) mod count`.
      finished = .perAlternative(
        (0..<count).map { continuations[($0 - rotation + count) % count] })
    } else if reach.entries.count == 1 {
      finished = .single(reach.entries[0])
    } else {
      finished = .whole(reach)
    }
    return shard(of: point.key).withLock { table in
      let stored = table.stored(point.key)
      if case .finished = stored?.node { return true }
      guard Self.reserve(1, in: self.finished, upTo: capacity) else {
        filled.store(true, ordering: .releasing)
        return false
      }
      if let stored {
        stored.setNode(.finished(finished))
      } else {
        // Not claimed: the graph was full of values when it was met.
        store(point.key, node: .finished(finished), in: &table)
      }
      return true
    }
  }

  /// Adds `amount` to `counter` unless the sum would pass `limit`.
  private static func reserve(_ amount: Int, in counter: borrowing Atomic<Int>, upTo limit: Int)
    -> Bool
  {
    var current = counter.load(ordering: .relaxed)
    while current <= limit - amount {
      let (exchanged, original) = counter.compareExchange(
        expected: current, desired: current + amount, ordering: .acquiringAndReleasing)
      if exchanged { return true }
      current = original
    }
    return false
  }

  /// The index of the outcome of `result`, added if new.
  func outcome(of result: RunFindings) -> Int {
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
