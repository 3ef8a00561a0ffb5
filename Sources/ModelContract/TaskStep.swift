/// What a task body does when a sleep throws `CancellationError` (Swift) or
/// `CancellationException` (Kotlin).
public enum OnCancel: String, Sendable, CaseIterable {
  /// `do { try await Task.sleep(…) } catch { return }`: the task ends quietly.
  case `return`
  /// `try await Task.sleep(…)` in a throwing body: the error ends the task.
  case `throw`
  /// `try? await Task.sleep(…)`: the error is dropped and the next step runs.
  case ignore
}

/// One step of a task body.
public enum TaskStep<Operation: Sendable>: Sendable {
  /// `Task.sleep(for:)` / `delay()` for a number of nanoseconds.
  case sleep(nanoseconds: Int64, onCancel: OnCancel)
  /// `guard !Task.isCancelled else { return }`.
  case guardNotCancelled
  /// `try Task.checkCancellation()` / `ensureActive()`.
  case checkCancellation
  /// `await Task.yield()` / `yield()`.
  case yield
  /// A call of one of the model's operations.
  case call(Operation)
}

extension TaskStep: Equatable where Operation: Equatable {}
extension TaskStep: Hashable where Operation: Hashable {}
