/// A ``StateSnapshot`` with its model type erased: what a strategy gets as a run's state (in an
/// ``ObservedState``), and what the state graph and pruning hash and compare.
///
/// Its hash, its comparison, its footprint and its ready lanes are closures made where the
/// model type is known, so they run as code specialised for the model wherever the simulation
/// itself is. A snapshot of the generic type held in an `AnyHashable` directly was compared by
/// generic code, which looked up type metadata for every entry, lane and task it compared; and
/// an `AnyHashable` of this class cost a dynamic cast to make and another to compare.
class ErasedSnapshot: Hashable, StateFootprint {
  /// The snapshot's hash, computed once.
  let hash: Int
  /// Whether two snapshots of this one's type are equal.
  let equal: (ErasedSnapshot, ErasedSnapshot) -> Bool
  /// The footprint of a snapshot of this one's type.
  let measure: (ErasedSnapshot) -> Int
  /// The ready lanes of a snapshot of this one's type.
  let ready: (ErasedSnapshot, LaneID) -> (lowest: LaneID, rank: Int, count: Int)

  init(
    hash: Int, equal: @escaping (ErasedSnapshot, ErasedSnapshot) -> Bool,
    measure: @escaping (ErasedSnapshot) -> Int,
    ready: @escaping (ErasedSnapshot, LaneID) -> (lowest: LaneID, rank: Int, count: Int)
  ) {
    self.hash = hash
    self.equal = equal
    self.measure = measure
    self.ready = ready
  }

  /// `snapshot`, erased.
  static func of<Model>(_ snapshot: StateSnapshot<Model>) -> ErasedSnapshot {
    TypedSnapshot(snapshot)
  }

  /// Equal when both hold snapshots of one model type that are equal.
  static func == (left: ErasedSnapshot, right: ErasedSnapshot) -> Bool {
    left === right
      || (left.hash == right.hash && type(of: left) == type(of: right) && left.equal(left, right))
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  var footprint: Int { measure(self) }

  /// The snapshot's ready lanes, as ``StateSnapshot`` tells them at a lane-order point.
  func readyLanes(from first: LaneID) -> (lowest: LaneID, rank: Int, count: Int) {
    ready(self, first)
  }
}

/// An ``ErasedSnapshot`` of a run of `Model`.
final class TypedSnapshot<Model: SimulationModel>: ErasedSnapshot {
  let snapshot: StateSnapshot<Model>

  init(_ snapshot: StateSnapshot<Model>) {
    self.snapshot = snapshot
    // `==` calls `equal` only on two snapshots of one type, which is this one.
    super.init(
      hash: {
        var hasher = Hasher()
        snapshot.hash(into: &hasher)
        return hasher.finalize()
      }(),
      equal: {
        unsafeDowncast($0, to: TypedSnapshot<Model>.self).snapshot.isEqual(
          to: unsafeDowncast($1, to: TypedSnapshot<Model>.self).snapshot)
      },
      measure: { unsafeDowncast($0, to: TypedSnapshot<Model>.self).snapshot.footprint },
      ready: { unsafeDowncast($0, to: TypedSnapshot<Model>.self).snapshot.readyLanes(from: $1) })
  }
}
