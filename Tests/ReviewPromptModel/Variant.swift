import ModelContract
import RacelabKernel

/// A version of the review-prompt code: the deferred task's body and the guards of `fire`.
public enum ReviewPromptVariant: String, Sendable, CaseIterable {
  /// The code as first written: catch → return after the sleep; guards presenter and window.
  case original
  /// After the first review: `fire` also requires the scene to be foreground-active.
  case foregroundGuard = "foreground-guard"
  /// After the second review: `guard !Task.isCancelled` after the sleep, too.
  case cancelGuard = "cancel-guard"

  /// Whether `fire` checks that the scene is foreground-active.
  public var checksForeground: Bool { self != .original }

  /// The deferred task's body, sleeping for `delay` nanoseconds.
  public func body(delay: Int64) -> [TaskStep<ReviewPromptOperation>] {
    var steps: [TaskStep<ReviewPromptOperation>] = [.sleep(nanoseconds: delay, onCancel: .return)]
    if self == .cancelGuard { steps.append(.guardNotCancelled) }
    steps.append(.call(.fire))
    return steps
  }
}
