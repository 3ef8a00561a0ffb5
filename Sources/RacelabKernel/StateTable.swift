/// The states of one of a ``StateGraph``'s shards: an open-addressing table of references to the
/// stored snapshots, each holding its point and node itself (``StateGraph/Record``).
///
/// A `Dictionary` of the graph's keys and nodes took 80 bytes an element (a key of six words, a
/// node of four), at a load between three eighths and three quarters: about 140 bytes a state,
/// the largest part of what a state took. A slot here is one reference, and what a record adds
/// to the snapshot's own allocation is about half what the dictionary's element took.
///
/// Only the graph's shard lock reaches it: the records are read and written under that lock,
/// and a stored snapshot is otherwise only hashed and compared, which reads what never changes.
struct StateTable: @unchecked Sendable {
  /// A power of two of slots, empty or holding a stored snapshot.
  private var slots: [ErasedSnapshot?] = Array(repeating: nil, count: 8)
  /// How many slots hold a snapshot.
  private var count = 0

  /// Where probing for `hash` starts. The shard was chosen by the hash's remainder by the
  /// number of shards, so the quotient chooses the slot.
  private func start(of hash: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: hash) / UInt(StateGraph.shardCount))
      & (slots.count &- 1)
  }

  /// The stored snapshot equal to `key`, at `key`'s point, if there is one.
  func stored(_ key: StateGraph.Key) -> ErasedSnapshot? {
    var slot = start(of: key.hash)
    while let stored = slots[slot] {
      if stored == key.value.state.snapshot, stored.isRecorded(at: key.value.point) {
        return stored
      }
      slot = (slot &+ 1) & (slots.count &- 1)
    }
    return nil
  }

  /// Stores `snapshot` under `key`, whose snapshot it is: it holds its record already, and no
  /// stored snapshot is equal to `key`.
  mutating func insert(_ snapshot: ErasedSnapshot, as key: StateGraph.Key) {
    // Grown at three quarters full, so that a probe meets an empty slot soon.
    if (count &+ 1) &* 4 > slots.count &* 3 {
      let old = slots
      slots = Array(repeating: nil, count: old.count &* 2)
      for case let stored? in old {
        // The key's hash again, from the point the record keeps: the same hash as when stored.
        guard let point = stored.record?.point else { preconditionFailure("stored, no record") }
        place(
          stored,
          hash: StateGraph.Key(value: StateAtChoice(point: point, state: .init(stored))).hash)
      }
    }
    place(snapshot, hash: key.hash)
    count &+= 1
  }

  /// Puts `snapshot` in the first empty slot from where `hash` starts.
  private mutating func place(_ snapshot: ErasedSnapshot, hash: Int) {
    var slot = start(of: hash)
    while slots[slot] != nil { slot = (slot &+ 1) & (slots.count &- 1) }
    slots[slot] = snapshot
  }
}
