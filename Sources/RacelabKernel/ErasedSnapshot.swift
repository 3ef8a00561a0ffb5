/// A ``StateSnapshot`` with its model type erased, as the state graph and pruning keep it: what
/// a strategy gets as a run's state (in an ``ObservedState``), and what they hash and compare.
///
/// It keeps the snapshot's kernel part as bytes (``StateSnapshot/withKernelBytes(_:)``), not as
/// the snapshot's arrays, and keeps them in its own allocation, after its header: one object a
/// state, of about the bytes' size plus five words. (The bytes in an array of their own took an
/// allocation and an array's header besides the object, a third of the memory a state took on
/// `launch-burst-3x5`.) The bytes are compared here; the parts whose type is the model's are
/// compared by a closure its model holds (``ErasedModel/sameState``), made where the model type
/// is known, so that it runs as code specialised for the model wherever the simulation itself
/// is. (A generic subclass's overridden method ran generic code, which reached the model's `==`
/// through its witness table.)
final class ErasedSnapshot: ManagedBuffer<ErasedSnapshot.Header, UInt8>, Hashable,
  StateFootprint
{
  /// Everything but the bytes.
  struct Header {
    /// The snapshot's hash, computed once.
    let hash: Int
    /// How many bytes follow.
    let byteCount: Int
    let footprint: Int
    /// The model's state. The state graph may swap it for an equal one (``shareModel(in:)``).
    var model: ErasedModel
    /// The violations and unnumbered events (``SnapshotExtras``), when the snapshot has any:
    /// most have neither, and hold nothing for them.
    let extras: AnyObject?
    /// What the state graph keeps with the state, once it stores this snapshot.
    var record: StateGraph.Record?
  }

  // The header's fields are reached through its address: `header`, a stored property of a
  // class, has each access checked for exclusivity at run time, which cost 5 % of
  // `launch-burst-3x4`'s instructions. Only the state graph writes them, under its lock.

  /// The snapshot's hash, computed once.
  var hash: Int { withUnsafeMutablePointerToHeader { $0.pointee.hash } }
  private var byteCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.byteCount } }
  var footprint: Int { withUnsafeMutablePointerToHeader { $0.pointee.footprint } }
  /// The model's state.
  var model: ErasedModel { withUnsafeMutablePointerToHeader { $0.pointee.model } }
  /// The violations and unnumbered events, if the snapshot has any.
  var extras: AnyObject? { withUnsafeMutablePointerToHeader { $0.pointee.extras } }
  /// What the state graph keeps with the state once it stores this snapshot: set when it does,
  /// under its lock, before another thread can see the snapshot, and then read and changed
  /// under that lock only (``StateTable``).
  var record: StateGraph.Record? {
    get { withUnsafeMutablePointerToHeader { $0.pointee.record } }
    set { withUnsafeMutablePointerToHeader { $0.pointee.record = newValue } }
  }

  /// Whether the state graph stored this snapshot at `point`: the record compared where it is,
  /// not copied out.
  func isRecorded(at point: ChoicePoint) -> Bool {
    withUnsafeMutablePointerToHeader { $0.pointee.record?.point == point }
  }

  /// The node the state graph keeps for this snapshot, if it stored it.
  var node: StateGraph.Node? { withUnsafeMutablePointerToHeader { $0.pointee.record?.node } }

  /// Changes the node of this stored snapshot where it is, without copying its record.
  func setNode(_ node: StateGraph.Node) {
    withUnsafeMutablePointerToHeader { $0.pointee.record?.node = node }
  }

  /// The snapshot `snapshot`, erased.
  static func of<Model>(_ snapshot: StateSnapshot<Model>) -> ErasedSnapshot {
    snapshot.withKernelBytes { make(snapshot, kernel: $0) }
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
    return snapshot.withKernelBytes(applyingPending: position, onto: lane) {
      make(snapshot, kernel: $0)
    }
  }

  /// `snapshot`'s parts but its kernel part, which is `kernel`, in one object.
  private static func make<Model>(
    _ snapshot: StateSnapshot<Model>, kernel: UnsafeBufferPointer<UInt8>
  ) -> ErasedSnapshot {
    var hasher = Hasher()
    hasher.combine(snapshot.model.hash)
    hasher.combine(fold(UnsafeRawBufferPointer(kernel)))
    hasher.combine(snapshot.violations)
    hasher.combine(snapshot.unnumberedEvents)
    let header = Header(
      hash: hasher.finalize(), byteCount: kernel.count, footprint: snapshot.footprint,
      model: snapshot.model, extras: SnapshotExtras<Model>.of(snapshot))
    return make(header, kernel: kernel)
  }

  /// An object of `header` and the bytes `kernel`.
  private static func make(_ header: Header, kernel: UnsafeBufferPointer<UInt8>)
    -> ErasedSnapshot
  {
    let buffer = create(minimumCapacity: kernel.count) { _ in header }
    buffer.withUnsafeMutablePointerToElements { elements in
      if let base = kernel.baseAddress { elements.initialize(from: base, count: kernel.count) }
    }
    // `create` called on this class makes an instance of it.
    return unsafeDowncast(buffer, to: ErasedSnapshot.self)
  }

  /// An equal snapshot in an object of its own, without the state graph's record.
  func copy() -> ErasedSnapshot {
    var header = withUnsafeMutablePointerToHeader { $0.pointee }
    header.record = nil
    let count = header.byteCount
    return withUnsafeMutablePointerToElements {
      Self.make(header, kernel: UnsafeBufferPointer(start: $0, count: count))
    }
  }

  /// Calls `body` with the kernel part's bytes.
  func withKernelBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    let count = byteCount
    return withUnsafeMutablePointerToElements {
      body(UnsafeRawBufferPointer(start: $0, count: count))
    }
  }

  static func == (left: ErasedSnapshot, right: ErasedSnapshot) -> Bool {
    left === right
      || (left.hash == right.hash && type(of: left.model) == type(of: right.model)
        && left.hasKernelBytes(equalTo: right) && left.model.sameState(left, right))
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// Whether `other`'s kernel bytes are this snapshot's, compared eight at a time.
  func hasKernelBytes(equalTo other: ErasedSnapshot) -> Bool {
    guard byteCount == other.byteCount else {
      return false
    }
    return withKernelBytes { one in
      other.withKernelBytes { other in
        var offset = 0
        while offset &+ 8 <= one.count {
          guard
            one.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
              == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          else { return false }
          offset &+= 8
        }
        while offset < one.count {
          guard one[offset] == other[offset] else { return false }
          offset &+= 1
        }
        return true
      }
    }
  }

  /// Holds `table`'s model equal to its own from now on (``ModelTable``). Called by the state
  /// graph before the snapshot is stored and seen by other threads: the model it holds changes
  /// for an equal one, so its hash and every comparison stay as they were.
  func shareModel(in table: ModelTable) {
    withUnsafeMutablePointerToHeader { $0.pointee.model = table.shared(model) }
  }

  /// The bytes folded into one word, eight at a time (``WordMixer``): one call into the hasher
  /// for the whole kernel part. The count goes in too, so bytes that differ only by trailing
  /// zeros fold apart.
  private static func fold(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    var mixer = WordMixer()
    mixer.mix(raw.count)
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
    return mixer.value
  }
}

/// The parts of a snapshot of `Model` that neither its bytes nor its model hold: the invariants
/// broken so far and the events not yet numbered. Kept only by a snapshot that has one of them.
final class SnapshotExtras<Model: SimulationModel> {
  let violations: [String]
  let unnumberedEvents: [Model.Event]

  private init(violations: [String], unnumberedEvents: [Model.Event]) {
    self.violations = violations
    self.unnumberedEvents = unnumberedEvents
  }

  /// `snapshot`'s, or `nil` when it has neither.
  static func of(_ snapshot: StateSnapshot<Model>) -> SnapshotExtras? {
    guard !snapshot.violations.isEmpty || !snapshot.unnumberedEvents.isEmpty else { return nil }
    return SnapshotExtras(
      violations: snapshot.violations, unnumberedEvents: snapshot.unnumberedEvents)
  }

  /// Whether `one` and `other`, snapshots of `Model` with equal kernel parts, hold equal
  /// models, violations and unnumbered events.
  static func sameState(_ one: ErasedSnapshot, _ other: ErasedSnapshot) -> Bool {
    guard
      unsafeDowncast(one.model, to: SnapshotModel<Model>.self).isEqual(
        to: unsafeDowncast(other.model, to: SnapshotModel<Model>.self))
    else { return false }
    switch (one.extras, other.extras) {
    case (nil, nil): return true
    case (let one?, let other?):
      let (one, other) = (
        unsafeDowncast(one, to: SnapshotExtras.self), unsafeDowncast(other, to: SnapshotExtras.self)
      )
      return one.violations == other.violations && one.unnumberedEvents == other.unnumberedEvents
    default:
      // Held by one only: it has a violation or an event the other has not.
      return false
    }
  }
}
