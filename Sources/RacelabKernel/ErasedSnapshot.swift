/// A ``StateSnapshot`` with its model type erased, as the state graph and pruning keep it: what
/// a strategy gets as a run's state (in an ``ObservedState``), and what they hash and compare.
///
/// It keeps the snapshot's kernel part as bytes (``StateSnapshot/kernelBytes()``), not as the
/// snapshot's arrays: one array of a few bytes per field where the arrays held a word or more
/// per field and an allocation per list, for every state the graph holds. The bytes are
/// compared here; the parts whose type is the model's are compared by a closure its model holds
/// (``ErasedModel/sameState``), made where the model type is known, so that it runs as code
/// specialised for the model wherever the simulation itself is. (An overridden method of the
/// generic subclass ran generic code, which reached the model's `==` through its witness table;
/// a snapshot of the generic type held in an `AnyHashable` was compared by generic code that
/// looked up type metadata for every entry, lane and task; an `AnyHashable` of this class cost a
/// dynamic cast to make and another to compare.)
class ErasedSnapshot: Hashable, StateFootprint {
  /// The snapshot's hash, computed once.
  let hash: Int
  /// The kernel part (``StateSnapshot/kernelBytes()``).
  let kernel: [UInt8]
  let footprint: Int
  /// The model's state. The state graph may swap it for an equal one (``shareModel(in:)``).
  fileprivate(set) var model: ErasedModel

  fileprivate init(hash: Int, kernel: [UInt8], footprint: Int, model: ErasedModel) {
    self.hash = hash
    self.kernel = kernel
    self.footprint = footprint
    self.model = model
  }

  static func of<Model>(_ snapshot: StateSnapshot<Model>) -> ErasedSnapshot {
    TypedSnapshot(snapshot, kernel: snapshot.kernelBytes())
  }

  /// The state ``StateSnapshot/applying(pending:onto:)`` gives, erased: written from
  /// `snapshot` without building the successor when no event needs a new number.
  static func successor<Model>(
    of snapshot: StateSnapshot<Model>, applyingPending position: Int, onto lane: LaneID
  ) -> ErasedSnapshot {
    guard snapshot.unnumberedEvents.isEmpty else {
      return of(snapshot.applying(pending: position, onto: lane))
    }
    // Applying moves one entry from the pending batch to a lane's queue: the model, the
    // violations and the footprint stay as they are.
    return TypedSnapshot(
      snapshot, kernel: snapshot.kernelBytes(applyingPending: position, onto: lane))
  }

  static func == (left: ErasedSnapshot, right: ErasedSnapshot) -> Bool {
    left === right
      || (left.hash == right.hash && type(of: left) == type(of: right)
        && left.kernel == right.kernel && left.model.sameState(left, right))
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// Holds `table`'s model equal to its own from now on (``ModelTable``). Called by the state
  /// graph before the snapshot is stored and seen by other threads: the model it holds changes
  /// for an equal one, so its hash and every comparison stay as they were.
  func shareModel(in table: ModelTable) {
    model = table.shared(model)
  }
}

/// A snapshot of a run of `Model`: its kernel part as bytes and the parts the bytes leave out.
final class TypedSnapshot<Model: SimulationModel>: ErasedSnapshot {
  let violations: [String]
  let unnumberedEvents: [Model.Event]

  /// The model, as its type.
  var typedModel: SnapshotModel<Model> {
    // Made from a `SnapshotModel<Model>` and swapped only for an equal one, of the same type.
    unsafeDowncast(model, to: SnapshotModel<Model>.self)
  }

  /// `snapshot`'s parts but its kernel part, which is `kernel`.
  init(_ snapshot: StateSnapshot<Model>, kernel: [UInt8]) {
    violations = snapshot.violations
    unnumberedEvents = snapshot.unnumberedEvents
    var hasher = Hasher()
    hasher.combine(snapshot.model.hash)
    hasher.combine(Self.fold(kernel))
    hasher.combine(violations)
    hasher.combine(unnumberedEvents)
    super.init(
      hash: hasher.finalize(), kernel: kernel, footprint: snapshot.footprint,
      model: snapshot.model)
  }

  /// Whether `one` and `other`, snapshots of this type with equal kernel parts, hold equal
  /// models, violations and unnumbered events.
  static func sameState(_ one: ErasedSnapshot, _ other: ErasedSnapshot) -> Bool {
    let (one, other) = (
      unsafeDowncast(one, to: TypedSnapshot<Model>.self),
      unsafeDowncast(other, to: TypedSnapshot<Model>.self)
    )
    return one.typedModel.isEqual(to: other.typedModel) && one.violations == other.violations
      && one.unnumberedEvents == other.unnumberedEvents
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
}
