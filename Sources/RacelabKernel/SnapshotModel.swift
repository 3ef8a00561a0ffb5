/// A snapshot's model with its type erased, as the state graph's table of models keeps it
/// (``ModelTable``).
class ErasedModel {
  /// The model's hash, computed once.
  let hash: Int
  /// Whether two models of this one's type are equal.
  let equal: (ErasedModel, ErasedModel) -> Bool
  /// Whether two snapshots of this model's type, with equal kernel parts, hold the same state
  /// (``SnapshotExtras/sameState(_:_:)``).
  let sameState: (ErasedSnapshot, ErasedSnapshot) -> Bool

  /// Both comparisons are closures made where the model type is known, so that they run
  /// specialised for the model; held by the model, which states with equal models share
  /// (``ModelTable``), rather than by each snapshot.
  init(
    hash: Int, equal: @escaping (ErasedModel, ErasedModel) -> Bool,
    sameState: @escaping (ErasedSnapshot, ErasedSnapshot) -> Bool
  ) {
    self.hash = hash
    self.equal = equal
    self.sameState = sameState
  }
}

/// The model's state as a state snapshot holds it: once, with its hash, shared by the snapshot
/// and every successor predicted from it (``StateSnapshot/applying(pending:onto:)``, which
/// changes the kernel's part of a state only), and by every state the graph holds with an
/// equal model (``ModelTable``). Copying a snapshot then copies one reference instead of each of
/// the model's arrays, and a successor's hash reuses the model's.
final class SnapshotModel<Model: SimulationModel>: ErasedModel {
  /// The model's state.
  let model: Model

  /// `model`, hashed.
  init(_ model: Model) {
    self.model = model
    var hasher = Hasher()
    hasher.combine(model)
    // Each closure is called only on values of this type: the table and `ErasedSnapshot.==`
    // compare only values whose types match.
    super.init(
      hash: hasher.finalize(),
      equal: {
        unsafeDowncast($0, to: SnapshotModel<Model>.self).isEqual(
          to: unsafeDowncast($1, to: SnapshotModel<Model>.self))
      }, sameState: { SnapshotExtras<Model>.sameState($0, $1) })
  }

  /// Whether the two hold equal models.
  func isEqual(to other: SnapshotModel) -> Bool {
    self === other || (hash == other.hash && model == other.model)
  }
}
