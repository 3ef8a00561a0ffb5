import RacelabTesting

/// The app around the coordinator, as the scenarios describe it: the completion screen, its
/// view controller and window, the scene, the stored history and the review store. It turns
/// each scenario event into what UIKit would do, and checks the model's invariants where the
/// real app would break them. It owns the coordinator, which owns the history and the store;
/// none of them points back, so a run leaves nothing behind.
@MainActor final class ReviewPromptWorld {
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

  /// What the user sees: whether the completion screen is showing, and the scene.
  final class Screen {
    var showing = false
    let scene = AppScene()
  }

  /// The stored history, which checks where an attempt is recorded.
  final class History: ReviewPromptRepository {
    var wins: Int
    let version: String
    let today: Int64 = 20_680
    private(set) var lastAttemptDay: Int64?
    let lastPromptedVersion: String? = nil
    private(set) var attemptVersions: [String] = []
    private let screen: Screen

    init(wins: Int, version: String, screen: Screen) {
      self.wins = wins
      self.version = version
      self.screen = screen
    }

    func recordAttempt(version: String) {
      Race.check(
        screen.showing && screen.scene.activationState == .foregroundActive,
        "attempt-while-visible")
      Race.check(!attemptVersions.contains(version), "one-attempt-per-version")
      attemptVersions.append(version)
      lastAttemptDay = today
    }
  }

  /// `AppStore.requestReview(in:)`: shows the prompt to a foreground-active scene, three
  /// times at most.
  final class Store: ReviewRequester {
    private(set) var requests = 0
    private(set) var shown = 0

    func requestReview(in scene: Scene) {
      requests += 1
      if scene.activationState == .foregroundActive && shown < 3 { shown += 1 }
    }
  }

  private let screen = Screen()
  private let history: History
  private let store = Store()
  private let coordinator: ReviewPromptCoordinator
  private var presenter: ScreenController?
  private let transition: Duration

  init(run: RaceScenarioRun) {
    history = History(
      wins: Int(run.setup["app.wins"] ?? "0") ?? 0, version: run.setup["app.version"] ?? "1.0.0",
      screen: screen)
    transition = run.setupDurations["config.transition"] ?? .milliseconds(350)
    coordinator = ReviewPromptCoordinator(
      variant: ReviewPromptCoordinator.Variant(rawValue: run.variant) ?? .original,
      repository: history, store: store, delay: run.setupDurations["config.delay"] ?? .seconds(2))
  }

  /// The scenario's closing figures, named as the model's summary names them.
  var figures: [String: String] {
    [
      "attempts": String(history.attemptVersions.count), "pending": String(coordinator.pending),
      "reviewRequests": String(store.requests), "reviewsShown": String(store.shown),
    ]
  }

  /// What the app does when `happening` arrives.
  func deliver(_ happening: RaceHappening) {
    switch happening.event {
    case "game-won":
      history.wins += 1
      coordinator.markPending()
    case "screen-show":
      let controller = presenter ?? ScreenController()
      presenter = controller
      controller.window = AppWindow(scene: screen.scene)
      screen.showing = true
      coordinator.screenDidShowCompletion(presenter: controller)
    case "screen-disappear":
      Race.note("screenWillDisappear(): cancel the scheduled request")
      screen.showing = false
      coordinator.screenWillDisappear()
      guard let controller = presenter, controller.window != nil else { return }
      let transition = transition
      Task { @MainActor [weak self] in
        try? await Task.sleep(for: transition)
        if self?.presenter === controller { controller.window = nil }
      }
    case "main-busy":
      Race.busy(for: happening.durations["for"] ?? .zero)
    case "scene":
      screen.scene.activationState =
        ActivationState(rawValue: happening.fields["state"] ?? "") ?? .unattached
    default:
      Race.check(false, "unknown event \(happening.event)")
    }
  }
}
