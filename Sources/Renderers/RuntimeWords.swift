import ModelContract

/// The words a runtime's own code uses for cancellation, so a trace reads in the language of the
/// code under review: `CancellationError` and `Task.sleep` on Swift, `CancellationException` and
/// `delay` on Kotlin.
struct RuntimeWords {
  /// The thrown error's type.
  var cancellationError: String
  /// The suspending wait.
  var sleep: String
  /// What a runtime's sleep has done when its timer expires, after `T1's`.
  var timerExpired: String
  /// `guard !Task.isCancelled` or its equivalent.
  var cancelledGuard: String
  /// `Task.checkCancellation()` or its equivalent.
  var cancellationCheck: String
  /// The construct that drops a thrown error.
  var errorDropper: String
  /// Whether a sleep's outcome is settled when its timer fires (Swift: a later cancel only sets
  /// the flag, S5) rather than when its resumption runs (Kotlin: a cancel before then still
  /// makes it throw, K3).
  var decidesAtTimer: Bool
  /// Whether the code reads cancellation as `isActive` (Kotlin) rather than `isCancelled`.
  private var readsActive: Bool

  /// The words of `runtime` (`swift` or `kotlin`); any other name reads as Swift.
  init(runtime: String) {
    if runtime == "kotlin" {
      cancellationError = "CancellationException"
      sleep = "delay"
      timerExpired = "delay timer expired"
      cancelledGuard = "isActive check"
      cancellationCheck = "ensureActive()"
      errorDropper = "runCatching"
      decidesAtTimer = false
      readsActive = true
    } else {
      cancellationError = "CancellationError"
      sleep = "sleep"
      timerExpired = "sleep completed"
      cancelledGuard = "guard !Task.isCancelled"
      cancellationCheck = "Task.checkCancellation()"
      errorDropper = "try?"
      decidesAtTimer = true
      readsActive = false
    }
  }

  /// The task's cancellation state as its code reads it: `isCancelled = true` on Swift,
  /// `isActive = false` on Kotlin.
  func cancellationState(_ cancelled: Bool) -> String {
    readsActive ? "isActive = \(!cancelled)" : "isCancelled = \(cancelled)"
  }
}
