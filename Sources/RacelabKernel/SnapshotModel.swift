/// The model's state as a state snapshot holds it: once, with its hash, shared by the snapshot
/// and every successor predicted from it (``StateSnapshot/applying(pending:onto:)``, which
/// changes the kernel's part of a state only). Copying a snapshot then copies one reference
/// instead of each of the model's arrays, and a successor's hash reuses the model's.
final class SnapshotModel<Model: SimulationModel> {
  /// The model's state.
  let model: Model
  /// The model's hash, computed once.
  let hash: Int

  /// `model`, hashed.
  init(_ model: Model) {
    self.model = model
    var hasher = Hasher()
    hasher.combine(model)
    self.hash = hasher.finalize()
  }

  /// Whether the two hold equal models.
  func isEqual(to other: SnapshotModel) -> Bool {
    self === other || (hash == other.hash && model == other.model)
  }
}
