/// The pure eligibility rule of `markPending()`: may the app ask for a review now?
///
/// Checked in this order: the force override, the win threshold, the cooldown since the last
/// attempt, the version already prompted. No input can make it overflow.
public struct EligibilityRule: Sendable, Hashable {
  /// Wins needed before asking.
  public var winThreshold: Int64
  /// Days that must pass between two attempts.
  public var cooldownDays: Int64

  /// Creates the rule with its configuration.
  public init(winThreshold: Int64, cooldownDays: Int64) {
    self.winThreshold = winThreshold
    self.cooldownDays = cooldownDays
  }

  /// The facts the rule looks at.
  public struct Input: Sendable, Hashable {
    /// Games won so far.
    public var wins: Int64
    /// Epoch day of the last recorded attempt, or `nil` if none was ever recorded.
    public var lastAttemptDay: Int64?
    /// Today's epoch day.
    public var today: Int64
    /// The version the last attempt was recorded for, if any.
    public var lastPromptedVersion: String?
    /// The running version.
    public var version: String
    /// The debug override that skips every check.
    public var forceOverride: Bool

    /// Creates an input.
    public init(
      wins: Int64, lastAttemptDay: Int64?, today: Int64, lastPromptedVersion: String?,
      version: String, forceOverride: Bool
    ) {
      self.wins = wins
      self.lastAttemptDay = lastAttemptDay
      self.today = today
      self.lastPromptedVersion = lastPromptedVersion
      self.version = version
      self.forceOverride = forceOverride
    }
  }

  /// The answer and the check that decided it.
  public struct Verdict: Sendable, Hashable {
    /// Whether the app may ask.
    public var eligible: Bool
    /// The deciding check, in words.
    public var reason: String
  }

  /// Evaluates the rule.
  public func evaluate(_ input: Input) -> Verdict {
    if input.forceOverride { return Verdict(eligible: true, reason: "force-override is on") }
    if input.wins < winThreshold {
      return Verdict(
        eligible: false, reason: "wins below the threshold (\(input.wins) < \(winThreshold))")
    }
    if let last = input.lastAttemptDay {
      let elapsed = Int128(input.today) - Int128(last)
      if elapsed < 0 {
        return Verdict(
          eligible: false,
          reason: "last attempt is in the future (day \(last) > today \(input.today))")
      }
      if elapsed < Int128(cooldownDays) {
        return Verdict(
          eligible: false, reason: "inside the cooldown (\(elapsed) < \(cooldownDays) days)")
      }
    }
    if let prompted = input.lastPromptedVersion, prompted == input.version {
      return Verdict(eligible: false, reason: "version \(input.version) was already prompted")
    }
    let attempted = input.lastAttemptDay.map { "last attempt day \($0)" } ?? "never attempted"
    return Verdict(
      eligible: true,
      reason: "wins ≥ \(winThreshold), \(attempted), version \(input.version) not yet prompted")
  }
}
