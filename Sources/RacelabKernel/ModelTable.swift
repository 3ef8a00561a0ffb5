/// The distinct models of the states a ``StateGraph`` holds, each once. Most states differ from
/// others only in the kernel's part (which lane has which job queued) and hold a model equal to
/// theirs: each such state keeps the table's model instead of a copy of its own, which on
/// `launch-burst` was a third of the memory a state took.
final class ModelTable: Sendable {
  /// A model as a member of the table. It is never changed once made and only hashed and
  /// compared, which reads it: sharing it between threads is safe although a model's state type
  /// does not promise `Sendable`.
  private struct Member: Hashable, @unchecked Sendable {
    let model: ErasedModel

    static func == (left: Member, right: Member) -> Bool {
      left.model === right.model
        || (left.model.hash == right.model.hash
          && type(of: left.model) == type(of: right.model)
          && left.model.equal(left.model, right.model))
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(model.hash)
    }
  }

  private let members = Locked<Set<Member>>([])

  /// The table's model equal to `model`: `model` itself when the table had none, added.
  func shared(_ model: ErasedModel) -> ErasedModel {
    members.withLock { $0.insert(Member(model: model)).memberAfterInsert.model }
  }
}
