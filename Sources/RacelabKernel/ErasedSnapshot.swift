/// A ``StateSnapshot`` with its model type erased, as the state graph and pruning keep it: what
/// a strategy gets as a run's state (in an ``ObservedState``), and what they hash and compare.
///
/// It keeps the snapshot's kernel part as bytes (``StateSnapshot/kernelBytes()``), not as the
/// snapshot's arrays: one array of a few bytes per field where the arrays held a word or more
/// per field and an allocation per list, for every state the graph holds. Its comparison, its
/// footprint and its ready lanes are methods that ``TypedSnapshot`` overrides where the model
/// type is known, so they run as code specialised for the model wherever the simulation itself
/// is. (A snapshot of the generic type held in an `AnyHashable` directly was compared by generic
/// code that looked up type metadata for every entry, lane and task it compared; an
/// `AnyHashable` of this class cost a dynamic cast to make and another to compare.)
class ErasedSnapshot: Hashable, StateFootprint {
  /// The snapshot's hash, computed once.
  let hash: Int

  init(hash: Int) {
    self.hash = hash
  }

  static func of<Model>(_ snapshot: StateSnapshot<Model>) -> ErasedSnapshot {
    TypedSnapshot(snapshot)
  }

  static func == (left: ErasedSnapshot, right: ErasedSnapshot) -> Bool {
    left === right
      || (left.hash == right.hash && type(of: left) == type(of: right) && left.isEqual(to: right))
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// Whether `other`, a snapshot of the same type, holds the same state.
  func isEqual(to other: ErasedSnapshot) -> Bool {
    preconditionFailure("every snapshot is a TypedSnapshot, which overrides this")
  }

  var footprint: Int {
    preconditionFailure("every snapshot is a TypedSnapshot, which overrides this")
  }

  /// The snapshot's ready lanes, offered from `first`
  /// (``StateSnapshot/readyLanes(inKernelBytes:from:)``).
  func readyLanes(from first: LaneID) -> (lowest: LaneID, rank: Int, count: Int) {
    preconditionFailure("every snapshot is a TypedSnapshot, which overrides this")
  }

  /// Holds `table`'s model equal to its own from now on (``ModelTable``). Called by the state
  /// graph before the snapshot is stored and seen by other threads: the model it holds changes
  /// for an equal one, so its hash and every comparison stay as they were.
  func shareModel(in table: ModelTable) {
    preconditionFailure("every snapshot is a TypedSnapshot, which overrides this")
  }
}

/// A snapshot of a run of `Model`: its kernel part as bytes and the parts the bytes leave out.
final class TypedSnapshot<Model: SimulationModel>: ErasedSnapshot {
  let kernel: [UInt8]
  private(set) var model: SnapshotModel<Model>
  let violations: [String]
  let unnumberedEvents: [Model.Event]
  let values: Int

  init(_ snapshot: StateSnapshot<Model>) {
    kernel = snapshot.kernelBytes()
    model = snapshot.model
    violations = snapshot.violations
    unnumberedEvents = snapshot.unnumberedEvents
    values = snapshot.footprint
    var hasher = Hasher()
    hasher.combine(model.hash)
    hasher.combine(Self.fold(kernel))
    hasher.combine(violations)
    hasher.combine(unnumberedEvents)
    super.init(hash: hasher.finalize())
  }

  /// The bytes folded into one word, eight at a time (``WordMixer``): one call into the hasher
  /// for the whole kernel part. The count goes in too, so bytes that differ only by trailing
  /// zeros fold apart.
  private static func fold(_ bytes: [UInt8]) -> UInt64 {
    var mixer = WordMixer()
    mixer.mix(bytes.count)
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset &+ 8 <= raw.count {
        mixer.mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset &+= 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while offset < raw.count {
        tail |= UInt64(raw[offset]) << shift
        shift &+= 8
        offset &+= 1
      }
      mixer.mix(tail)
    }
    return mixer.value
  }

  override func isEqual(to other: ErasedSnapshot) -> Bool {
    // `==` compares only snapshots of one type, which is this one.
    let other = unsafeDowncast(other, to: TypedSnapshot<Model>.self)
    return kernel == other.kernel && model.isEqual(to: other.model)
      && violations == other.violations
      && unnumberedEvents == other.unnumberedEvents
  }

  override var footprint: Int { values }

  override func shareModel(in table: ModelTable) {
    model = unsafeDowncast(table.shared(model), to: SnapshotModel<Model>.self)
  }

  override func readyLanes(from first: LaneID) -> (lowest: LaneID, rank: Int, count: Int) {
    StateSnapshot<Model>.readyLanes(inKernelBytes: kernel, from: first)
  }
}
