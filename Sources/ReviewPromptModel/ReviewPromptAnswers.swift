/// The review-prompt model's answers, word for word as the bundled model file's `answers:`
/// gives them (ModelFileCrossCheckTests compares the answer lines of both models).
enum ReviewPromptAnswers {
  static let firedAfterCancel =
    "the request was cancelled when the screen went away, yet it fired and spent this "
    + "version's only prompt"
  static let firedAfterCancelUnseen =
    "the request was cancelled when the screen went away, yet it fired, and the attempt was "
    + "recorded while the completion screen was not in front of the user: this version's only "
    + "prompt spent where it may not be seen"
  static let notVisible =
    "a review was requested while the completion screen was not in front of the user: "
    + "this version's only prompt spent where it may not be seen"
  static func twice(_ versions: String) -> String {
    "one version asked for a review twice (attempts for \(versions))"
  }
  static let consumed =
    "cooldown consumed, as intended: the review was requested while the completion screen "
    + "was showing"
  static let pending = "cooldown kept: no review requested yet, still pending"
  static let nothingPending = "cooldown kept: no review requested, nothing pending"
}
