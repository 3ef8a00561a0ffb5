import RacelabKernel

/// A scene's activation state, as UIKit names it.
public enum SceneState: String, Sendable, CaseIterable {
  case foregroundActive = "foreground-active"
  case foregroundInactive = "foreground-inactive"
  case background
  case unattached
}

/// Where the app is installed from; decides whether a review request is displayed.
public enum ReviewEnvironment: String, Sendable, CaseIterable {
  case appStore = "app-store"
  case testflight
  case development
}

/// The review-prompt model's happenings: scripted ones and the end of a screen transition.
public enum ReviewPromptEvent: Sendable, Hashable {
  case gameWon
  case screenShow
  /// `screenWillDisappear()`; the window detaches after `transition` (`nil`: it stays attached).
  case screenDisappear(transition: Int64?)
  case windowDetach
  case windowAttach
  case presenterRelease
  case scene(SceneState)
  case mainBusy(nanoseconds: Int64)
  case appSuspend
  case appResume
  case relaunch
  case appUpdate(version: String)
  case wallClockShift(nanoseconds: Int64)
  /// The disappear transition of presenter instance `presenter` ended: its window detaches.
  case transitionEnded(presenter: Int)
}

/// The operations a task body can call.
public enum ReviewPromptOperation: String, Sendable, CaseIterable {
  case fire
}
