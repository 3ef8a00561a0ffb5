import ModelContract
import RacelabKernel

/// One recorded review-prompt attempt: the moment the version's one review request was used
/// (whether or not the system showed the prompt).
public struct RecordedAttempt: Sendable, Hashable {
  /// Epoch day from the wall clock when it was recorded.
  public var epochDay: Int64
  /// The running version.
  public var version: String
  /// The virtual instant.
  public var time: VirtualTime
}

/// The persisted repository: it survives relaunches.
public struct ReviewPromptRepository: Sendable, Hashable {
  /// Games won so far.
  public var wins: Int64
  /// Epoch day of the last recorded attempt, if any.
  public var lastAttemptDay: Int64?
  /// Version of the last recorded attempt, if any: the one version the app stores.
  public var lastPromptedVersion: String?
  /// Attempts recorded during this run, in order.
  public var attempts: [RecordedAttempt] = []

  /// Every version an attempt is known for, in the order first recorded: the file's
  /// `last-prompted-version`, then each attempt's. The app keeps only the last one, which a
  /// later attempt overwrites; `one-attempt-per-version` judges by all of them.
  public var promptedVersions: [String] {
    var versions: [String] = []
    for version in [lastPromptedVersionAtStart].compactMap({ $0 }) + attempts.map(\.version)
    where !versions.contains(version) {
      versions.append(version)
    }
    return versions
  }

  /// The file's `last-prompted-version`.
  public var lastPromptedVersionAtStart: String?

  /// A repository as the file describes it, with no attempt recorded yet.
  public init(wins: Int64, lastAttemptDay: Int64?, lastPromptedVersion: String?) {
    self.wins = wins
    self.lastAttemptDay = lastAttemptDay
    self.lastPromptedVersion = lastPromptedVersion
    self.lastPromptedVersionAtStart = lastPromptedVersion
  }
}

/// The app's configuration (`config:`).
public struct ReviewPromptConfig: Sendable, Hashable {
  /// Wins needed before asking.
  public var winThreshold: Int64
  /// Days between attempts.
  public var cooldownDays: Int64
  /// Wait between the completion screen showing and firing, in nanoseconds.
  public var delay: Int64
  /// Default length of a screen-disappear transition, in nanoseconds.
  public var transition: Int64
}

/// The completion screen's view controller, as the deferred task sees it through a weak
/// reference: each instance has a number, and a task holds the number it captured.
public struct Presenter: Sendable, Hashable {
  /// The live instance's number, or `nil` when none is alive.
  public var instance: Int?
  /// Instances created so far.
  public var instancesCreated = 0
  /// Whether its view is in a window.
  public var windowAttached = false
  /// Whether the completion screen is showing (after `screen-show`, before `screen-disappear`).
  public var screenShowing = false
}

/// The system side: the environment's display rule and its yearly limit.
public struct ReviewSystem: Sendable, Hashable {
  /// Where the app is installed from.
  public var environment: ReviewEnvironment
  /// Prompts displayed in the last 365 days before the run (app-store limit: 3 a year).
  public var shownBefore: Int64
  /// Calls to `requestReview` during the run.
  public var requests = 0
  /// Prompts displayed during the run.
  public var shown = 0

  /// The yearly limit of the App Store.
  public static let yearlyLimit: Int64 = 3

  /// Decides whether a request made in `scene` is displayed, and why.
  public func decide(scene: SceneState) -> (shown: Bool, reason: String) {
    guard scene == .foregroundActive else {
      return (false, "not shown: the scene is \(scene.rawValue), prompts need foreground-active")
    }
    switch environment {
    case .testflight:
      return (false, "not shown: TestFlight builds never display the prompt")
    case .development:
      return (true, "shown (development builds always display it)")
    case .appStore:
      let soFar = shownBefore.addingReportingOverflow(Int64(shown)).partialValue
      if soFar >= Self.yearlyLimit {
        return (false, "not shown: \(soFar) of \(Self.yearlyLimit) already displayed this year")
      }
      return (true, "system shows the prompt (\(soFar + 1) of \(Self.yearlyLimit) this year)")
    }
  }
}
