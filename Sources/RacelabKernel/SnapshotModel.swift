/// A snapshot's model with its type erased, as the state graph's table of models keeps it
/// (``ModelTable``).
class ErasedModel {
  /// The model's hash, computed once.
  let hash: Int

  init(hash: Int) {
    self.hash = hash
  }

  /// Whether `other`, a model of the same type, is equal to this one.
  func isEqual(toErased other: ErasedModel) -> Bool {
    preconditionFailure("every model is a SnapshotModel, which overrides this")
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
    super.init(hash: hasher.finalize())
  }

  /// Whether the two hold equal models.
  func isEqual(to other: SnapshotModel) -> Bool {
    self === other || (hash == other.hash && model == other.model)
  }

  override func isEqual(toErased other: ErasedModel) -> Bool {
    // The table compares only models of one type, which is this one.
    isEqual(to: unsafeDowncast(other, to: SnapshotModel<Model>.self))
  }
}
