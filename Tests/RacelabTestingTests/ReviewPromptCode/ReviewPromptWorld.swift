import RacelabTesting

/// The app around the coordinator, as the scenarios describe it: the completion screen, its
/// view controller and window, the scene, the stored history and the review store. It turns
/// each scenario event into what UIKit would do, and checks the model's invariants where the
/// real app would break them.
@MainActor final class ReviewPromptWorld: ReviewPromptRepository, ReviewRequester {
  final class ScreenController: Presenter {
    var window: Window?
  }

  final class AppWindow: Window {
    let scene: Scene
    init(scene: Scene) { self.scene = scene }
  }

  final class AppScene: Scene {
    var activationState = ActivationState.foregroundActive
  }

  private(set) var wins: Int
  let version: String
  let today: Int64 = 20_680
  private(set) var lastAttemptDay: Int64?
  let lastPromptedVersion: String? = nil
  private(set) var attemptVersions: [String] = []
  private(set) var requests = 0
  private(set) var shown = 0
  private let scene = AppScene()
  private var presenter: ScreenController?
  private var screenShowing = false
  private let transition: Duration
  private var coordinator: ReviewPromptCoordinator!

  init(run: RaceScenarioRun) {
    wins = Int(run.setup["app.wins"] ?? "0") ?? 0
    version = run.setup["app.version"] ?? "1.0.0"
    transition = run.setupDurations["config.transition"] ?? .milliseconds(350)
    coordinator = ReviewPromptCoordinator(
      variant: ReviewPromptCoordinator.Variant(rawValue: run.variant) ?? .original,
      repository: self, store: self, delay: run.setupDurations["config.delay"] ?? .seconds(2))
  }

  /// The scenario's closing figures, named as the model's summary names them.
  var figures: [String: String] {
    [
      "attempts": String(attemptVersions.count), "pending": String(coordinator.pending),
      "reviewRequests": String(requests), "reviewsShown": String(shown),
    ]
  }

  /// What the app does when `happening` arrives.
  func deliver(_ happening: RaceHappening) {
    switch happening.event {
    case "game-won":
      wins += 1
      coordinator.markPending()
    case "screen-show":
      let controller = presenter ?? ScreenController()
      presenter = controller
      controller.window = AppWindow(scene: scene)
      screenShowing = true
      coordinator.screenDidShowCompletion(presenter: controller)
    case "screen-disappear":
      Race.note("screenWillDisappear(): cancel the scheduled request")
      screenShowing = false
      coordinator.screenWillDisappear()
      guard let controller = presenter, controller.window != nil else { return }
      let transition = transition
      Task { @MainActor in
        try? await Task.sleep(for: transition)
        if self.presenter === controller { controller.window = nil }
      }
    case "main-busy":
      Race.busy(for: happening.durations["for"] ?? .zero)
    case "scene":
      scene.activationState =
        ActivationState(rawValue: happening.fields["state"] ?? "") ?? .unattached
    default:
      Race.check(false, "unknown event \(happening.event)")
    }
  }

  func recordAttempt(version: String) {
    Race.check(
      screenShowing && scene.activationState == .foregroundActive, "attempt-while-visible")
    Race.check(!attemptVersions.contains(version), "one-attempt-per-version")
    attemptVersions.append(version)
    lastAttemptDay = today
  }

  func requestReview(in scene: Scene) {
    requests += 1
    if scene.activationState == .foregroundActive && shown < 3 { shown += 1 }
  }
}
