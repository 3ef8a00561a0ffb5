/// The review-prompt model's answers, word for word as the bundled model file's `answers:`
/// gives them (ModelFileCrossCheckTests compares the answer lines of both models). A recorded
/// attempt uses the version's one review request; whether the system then shows the prompt is
/// another matter (the trace's `requestReview →` line), so the answers never call an attempt
/// a prompt.
enum ReviewPromptAnswers {
  static let firedAfterCancel =
    "the request was cancelled when the screen went away, yet it fired and used this version's "
    + "one review request"
  static let firedAfterCancelUnseen =
    "the request was cancelled when the screen went away, yet it fired, and the attempt was "
    + "recorded while the completion screen was not in front of the user: this version's one "
    + "review request used after the user left the completion screen: its prompt, if shown at "
    + "all, lands on another screen"
  static let notVisible =
    "a review was requested while the completion screen was not in front of the user: "
    + "this version's one review request used after the user left the completion screen: its "
    + "prompt, if shown at all, lands on another screen"
  static func twice(_ versions: String) -> String {
    "one version asked for a review twice (attempts for \(versions))"
  }
  static let consumed =
    "cooldown consumed, as intended: the review was requested while the completion screen "
    + "was showing"
  static let pending = "cooldown kept: no review requested yet, still pending"
  static let nothingPending = "cooldown kept: no review requested, nothing pending"
}
