/// The cancellation semantics of a task runtime, as a value the simulation is given.
///
/// Every runtime-dependent decision of the kernel reads one of these flags; nothing else in the
/// kernel branches on the runtime. ``swift`` reproduces rules S1–S10 and ``kotlin`` rules K1–K7
/// of the project's semantics.
public struct RuntimeProfile: Hashable, Sendable {
  /// The name used in scenario files and traces (`swift`, `kotlin`).
  public var name: String
  /// A suspension point (sleep) entered by a cancelled task throws at once (S1, K1).
  public var cancelledSleepThrowsAtOnce: Bool
  /// A sleep whose timer already expired, but whose resumption has not run yet, throws if the
  /// task was cancelled in between (K3's prompt cancellation). When `false` the sleep returns
  /// normally and only the flag is set (S5).
  public var resumptionRechecksCancellation: Bool
  /// A yield in a cancelled task throws (K4). When `false` yield never checks (S8).
  public var yieldChecksCancellation: Bool
  /// A hop to another lane checks cancellation when it starts and when its continuation
  /// runs, throwing if the task is cancelled (K6: `withContext`). When `false` a hop never
  /// checks (S9: a call to another actor).
  public var hopChecksCancellation: Bool
  /// Awaiting another task's value throws when the awaiting task is cancelled (K7:
  /// `Deferred.await()`). When `false` the await keeps waiting (S10: `await task.value`).
  public var awaitIsCancellable: Bool
  /// The rule of each situation, indexed by ``Situation/ordinal`` (an array, not a dictionary,
  /// because traced runs look a rule up for nearly every event).
  private var ruleNames: [String?]

  /// A situation the semantics tables name a rule for.
  public enum Situation: Sendable, Hashable, CaseIterable {
    /// A sleep called in a task that is already cancelled.
    case sleepWhileCancelled
    /// A sleep in a live task suspends it until its timer is due.
    case sleepSuspends
    /// A cancel while the sleep's timer is pending.
    case cancelWhileSleeping
    /// The sleep's timer expires.
    case timerExpired
    /// A cancel after the timer expired, before the resumption ran.
    case cancelAfterTimerExpired
    /// A thrown cancellation is dropped by `try?` / `runCatching`.
    case errorIgnored
    /// An explicit cancellation check.
    case checkCancellation
    /// A yield.
    case yield
    /// A hop to another lane (a call to another actor, `withContext`).
    case hop
    /// Awaiting another task's value.
    case awaitTask

    /// The situation's position in ``allCases``.
    var ordinal: Int {
      switch self {
      case .sleepWhileCancelled: 0
      case .sleepSuspends: 1
      case .cancelWhileSleeping: 2
      case .timerExpired: 3
      case .cancelAfterTimerExpired: 4
      case .errorIgnored: 5
      case .checkCancellation: 6
      case .yield: 7
      case .hop: 8
      case .awaitTask: 9
      }
    }
  }

  /// The rule of the semantics tables that decides `situation` on this runtime (`S5`, `K3`), if
  /// the tables name one.
  public func rule(for situation: Situation) -> String? {
    ruleNames[situation.ordinal]
  }

  /// Creates a profile. Prefer ``swift`` and ``kotlin``.
  public init(
    name: String, cancelledSleepThrowsAtOnce: Bool, resumptionRechecksCancellation: Bool,
    yieldChecksCancellation: Bool, hopChecksCancellation: Bool, awaitIsCancellable: Bool,
    ruleNames: [Situation: String]
  ) {
    self.name = name
    self.cancelledSleepThrowsAtOnce = cancelledSleepThrowsAtOnce
    self.resumptionRechecksCancellation = resumptionRechecksCancellation
    self.yieldChecksCancellation = yieldChecksCancellation
    self.hopChecksCancellation = hopChecksCancellation
    self.awaitIsCancellable = awaitIsCancellable
    self.ruleNames = Situation.allCases.map { ruleNames[$0] }
  }

  /// Swift structured concurrency as measured on Swift 6.3.1 (rules S1–S10).
  public static let swift = RuntimeProfile(
    name: "swift", cancelledSleepThrowsAtOnce: true, resumptionRechecksCancellation: false,
    yieldChecksCancellation: false, hopChecksCancellation: false, awaitIsCancellable: false,
    ruleNames: [
      .sleepWhileCancelled: "S1", .sleepSuspends: "S2", .cancelWhileSleeping: "S3",
      .timerExpired: "S4", .cancelAfterTimerExpired: "S5", .errorIgnored: "S6",
      .checkCancellation: "S7", .yield: "S8", .hop: "S9", .awaitTask: "S10",
    ])

  /// Kotlin coroutines as documented (rules K1–K7).
  public static let kotlin = RuntimeProfile(
    name: "kotlin", cancelledSleepThrowsAtOnce: true, resumptionRechecksCancellation: true,
    yieldChecksCancellation: true, hopChecksCancellation: true, awaitIsCancellable: true,
    ruleNames: [
      .sleepWhileCancelled: "K1", .cancelWhileSleeping: "K2", .cancelAfterTimerExpired: "K3",
      .yield: "K4", .checkCancellation: "K5", .hop: "K6", .awaitTask: "K7",
    ])

  /// Every built-in profile, by name.
  public static let all: [RuntimeProfile] = [.swift, .kotlin]
}
