import ModelContract
import RacelabKernel
import Renderers
import ReviewPromptModel

/// Builds review-prompt runs in Swift and wraps them in reports, the way the command line will.
struct ReportBuilder {
  var scenario = "happy-path"
  var title: String? = "won, shown, nothing else"
  var variant = "original"
  var initialState = ["app 1.4.0", "wins 4", "never prompted"]
  var laneNames = ["main"]
  var profile = RuntimeProfile.swift
  var timeline: [ScriptedHappening] = []
  var expected: [(key: String, field: String, value: String)] = []
  var schedule: String?
  var fixHint: String?

  /// 2026-08-15T21:00:00+09:00, epoch day 20680.
  static let wallClock = WallClock(
    startNanosecondsSinceEpoch: 1_786_795_200 * 1_000_000_000, utcOffsetSeconds: 9 * 3600)

  mutating func add(
    _ name: String, atMilliseconds time: Int64, _ fields: [String: Value] = [:]
  ) {
    let event = ScriptedEvent(name: name, fields: NamedValues(fields))
    let instant = VirtualTime(nanoseconds: time * 1_000_000)
    timeline.append(ScriptedHappening(event, .at(instant)))
  }

  /// The canonical start: a game won and the completion screen shown at 0.
  static func wonAndShown(variant: String = "original") -> ReportBuilder {
    var builder = ReportBuilder()
    builder.variant = variant
    builder.add("game-won", atMilliseconds: 0)
    builder.add("screen-show", atMilliseconds: 0)
    return builder
  }

  /// Semantics §6: main-busy 1.95s for 100ms, disappear at 1.99s.
  static func busyMain(variant: String = "original", profile: RuntimeProfile = .swift)
    -> ReportBuilder
  {
    var builder = wonAndShown(variant: variant)
    builder.scenario = "busy-main-disappear"
    builder.title = "the disappear is queued behind a busy main thread"
    builder.profile = profile
    builder.add("main-busy", atMilliseconds: 1950, ["for": .duration(100_000_000)])
    builder.add("screen-disappear", atMilliseconds: 1990)
    return builder
  }

  func report() -> RunReport {
    let setup = ModelSetup(
      variant: variant,
      sections: ["app": NamedValues(["version": .text("1.4.0"), "wins": .int(4)])],
      wallClock: Self.wallClock)
    let result = ReviewPromptDefinition().simulate(
      setup: setup, profile: profile, timeline: timeline, strategy: DefaultStrategy()
    ).result
    return RunReport(
      scenario: scenario, title: title, model: "review-prompt", runtime: profile.name,
      variant: variant, start: "2026-08-15 21:00:00 +09:00 (epoch day 20680)",
      initialState: initialState, laneNames: laneNames,
      result: result, headline: Self.headline(result.summary),
      expectations: expected.map { check($0, in: result.summary) }, schedule: schedule,
      fixHint: fixHint)
  }

  private func check(
    _ expectation: (key: String, field: String, value: String), in summary: [TraceField]
  ) -> ExpectationCheck {
    let actual = summary.first { $0.name == expectation.field }.map { Self.text($0.value) } ?? "?"
    return ExpectationCheck(
      key: expectation.key, expected: expectation.value, actual: actual,
      holds: actual == expectation.value)
  }

  /// The headline the command line builds from the summary fields.
  static func headline(_ summary: [TraceField]) -> String {
    func value(_ name: String) -> String {
      summary.first { $0.name == name }.map { text($0.value) } ?? "?"
    }
    let consumed = value("cooldownConsumed") == "true"
    let attempts = value("attempts")
    let versions = value("attemptVersions")
    let noun = attempts == "1" ? "attempt" : "attempts"
    let requests = value("reviewRequests")
    return (consumed ? "COOLDOWN CONSUMED" : "cooldown kept")
      + " — \(attempts) \(noun)\(versions.isEmpty ? "" : " (\(versions))"), "
      + "\(requests) request\(requests == "1" ? "" : "s"), \(value("reviewsShown")) shown, "
      + "pending \(value("pending"))"
  }

  static func text(_ value: Value) -> String {
    switch value {
    case .bool(let flag): String(flag)
    case .int(let number): String(number)
    case .text(let word): word
    case .list(let words): words.map(text).joined(separator: ", ")
    default: "?"
    }
  }
}
