import RacelabKernel

/// The picture's state row: whether the completion screen is in front of the user, which is
/// what `attempt-while-visible` asks of an attempt (the bundled model file's `picture:` has the
/// same row).
extension ReviewPromptModel {
  /// The row's label.
  static let screenRow = "completion-screen"

  /// `visible`, `not showing`, or `showing, app not active` (the scene is not
  /// foreground-active).
  var screenVisibility: String {
    guard presenter.screenShowing else { return "not showing" }
    return scene == .foregroundActive ? "visible" : "showing, app not active"
  }

  /// Shows the row after every job and at-once happening.
  public mutating func jobEnded(context: inout SimulationContext<Self>) {
    context.show(row: Self.screenRow, value: screenVisibility)
  }
}
