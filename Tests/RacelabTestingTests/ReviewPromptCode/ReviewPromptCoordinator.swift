import RacelabTesting

/// The review-prompt coordinator as the app writes it, in Swift: `markPending()` after a won
/// game, a deferred request scheduled when the completion screen shows, cancelled when it
/// disappears, and `fire`, the only place an attempt is recorded. UIKit and StoreKit are
/// behind the small protocols below. The one line that is racelab's is the check at the top
/// of `fire`, which names the invariant the model calls `no-fire-after-cancel`.
@MainActor final class ReviewPromptCoordinator {
  /// The three versions of the code the reviews produced.
  enum Variant: String {
    /// `catch { return }` after the sleep; `fire` checks the presenter and its window.
    case original
    /// As original, and `fire` also requires the scene to be foreground-active.
    case foregroundGuard = "foreground-guard"
    /// As foreground-guard, and `guard !Task.isCancelled` right after the sleep.
    case cancelGuard = "cancel-guard"
  }

  private let variant: Variant
  private let repository: ReviewPromptRepository
  private let store: ReviewRequester
  private let delay: Duration
  private var scheduledTask: Task<Void, Never>?
  private(set) var pending = false

  init(
    variant: Variant, repository: ReviewPromptRepository, store: ReviewRequester, delay: Duration
  ) {
    self.variant = variant
    self.repository = repository
    self.store = store
    self.delay = delay
  }

  /// After a won game: marks the request pending when the eligibility rule allows one.
  func markPending() {
    if ReviewEligibility.shouldRequestReview(
      wins: repository.wins, lastAttemptDay: repository.lastAttemptDay,
      today: repository.today, lastPromptedVersion: repository.lastPromptedVersion,
      currentVersion: repository.version)
    {
      pending = true
    }
  }

  /// The completion screen appeared: schedules the request when one is pending and none is
  /// scheduled.
  func screenDidShowCompletion(presenter: Presenter) {
    guard pending, scheduledTask == nil else { return }
    let delay = delay
    let variant = variant
    scheduledTask = Task { [weak presenter] in
      do { try await Task.sleep(for: delay) } catch { return }
      if variant == .cancelGuard {
        guard !Task.isCancelled else { return }
      }
      self.fire(presenter: presenter)
    }
  }

  /// The completion screen is about to disappear: cancels the scheduled request.
  func screenWillDisappear() {
    scheduledTask?.cancel()
    scheduledTask = nil
  }

  private func fire(presenter: Presenter?) {
    scheduledTask = nil
    Race.check(!Task.isCancelled, "no-fire-after-cancel")
    guard let presenter, let scene = presenter.window?.scene else { return }
    if variant != .original {
      guard scene.activationState == .foregroundActive else { return }
    }
    repository.recordAttempt(version: repository.version)
    pending = false
    store.requestReview(in: scene)
  }
}

/// The eligibility rule, a pure function: force override, then wins, cooldown and version.
enum ReviewEligibility {
  static let winThreshold = 3
  static let cooldownDays: Int64 = 120

  static func shouldRequestReview(
    wins: Int, lastAttemptDay: Int64?, today: Int64, lastPromptedVersion: String?,
    currentVersion: String
  ) -> Bool {
    guard wins >= winThreshold else { return false }
    if let lastAttemptDay, today - lastAttemptDay < cooldownDays { return false }
    if let lastPromptedVersion, lastPromptedVersion == currentVersion { return false }
    return true
  }
}

/// What `fire` reads of UIKit: the presenter's window and its scene.
@MainActor protocol Presenter: AnyObject {
  var window: Window? { get }
}

/// A window and the scene it belongs to.
@MainActor protocol Window: AnyObject {
  var scene: Scene { get }
}

/// A scene's activation state.
@MainActor protocol Scene: AnyObject {
  var activationState: ActivationState { get }
}

enum ActivationState: String {
  case foregroundActive = "foreground-active"
  case foregroundInactive = "foreground-inactive"
  case background
  case unattached
}

/// The stored history of attempts.
@MainActor protocol ReviewPromptRepository: AnyObject {
  var wins: Int { get }
  var version: String { get }
  var today: Int64 { get }
  var lastAttemptDay: Int64? { get }
  var lastPromptedVersion: String? { get }
  func recordAttempt(version: String)
}

/// `AppStore.requestReview(in:)`.
@MainActor protocol ReviewRequester: AnyObject {
  func requestReview(in scene: Scene)
}
