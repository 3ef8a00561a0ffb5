import ModelContract
import RacelabKernel
import ReviewPromptModel

/// Builds review-prompt runs in Swift, the way a scenario file would describe them.
struct ScenarioBuilder {
  var variant = "cancel-guard"
  var profile = RuntimeProfile.swift
  var app: [String: Value] = ["version": .text("1.4.0"), "wins": .int(4)]
  var config: [String: Value] = [:]
  var system: [String: Value] = [:]
  var taskOverride: [TaskStep<String>]?
  var timeline: [ScriptedHappening] = []

  /// 2026-08-15T21:00:00+09:00, epoch day 20680.
  static let wallClock = WallClock(
    startNanosecondsSinceEpoch: 1_786_795_200 * 1_000_000_000, utcOffsetSeconds: 9 * 3600)

  static func ms(_ value: Int64) -> VirtualTime { VirtualTime(nanoseconds: value * 1_000_000) }

  mutating func add(
    _ name: String, atMilliseconds time: Int64, tie: TieRank = .normal,
    _ fields: [String: Value] = [:]
  ) {
    timeline.append(
      ScriptedHappening(
        ScriptedEvent(name: name, fields: NamedValues(fields)), .at(Self.ms(time)), tie: tie))
  }

  /// The canonical start: a game won and the completion screen shown at 0.
  static func wonAndShown(variant: String) -> ScenarioBuilder {
    var builder = ScenarioBuilder()
    builder.variant = variant
    builder.add("game-won", atMilliseconds: 0)
    builder.add("screen-show", atMilliseconds: 0)
    return builder
  }

  var setup: ModelSetup {
    ModelSetup(
      variant: variant,
      sections: [
        "app": NamedValues(app), "config": NamedValues(config),
        "system": NamedValues(system),
      ],
      taskBodies: taskOverride.map { ["deferred-request": $0] } ?? [:],
      wallClock: Self.wallClock)
  }

  func run(tracing: Bool = true) -> SimulationResult {
    ReviewPromptDefinition().simulate(
      setup: setup, profile: profile, timeline: timeline, strategy: DefaultStrategy(),
      tracing: tracing
    ).result
  }
}

/// The closing figures the canonical table speaks of.
struct Outcome: Equatable, CustomStringConvertible {
  var attempts: Int64
  var requests: Int64
  var shown: Int64
  var pending: Bool
  var violations: Set<String>

  init(attempts: Int64, requests: Int64, shown: Int64, pending: Bool, violations: Set<String>) {
    self.attempts = attempts
    self.requests = requests
    self.shown = shown
    self.pending = pending
    self.violations = violations
  }

  init(_ result: SimulationResult) {
    func int(_ name: String) -> Int64 {
      for field in result.summary where field.name == name {
        if case .int(let value) = field.value { return value }
      }
      return -1
    }
    var pending = false
    for field in result.summary where field.name == "pending" {
      if case .bool(let value) = field.value { pending = value }
    }
    self.init(
      attempts: int("attempts"), requests: int("reviewRequests"), shown: int("reviewsShown"),
      pending: pending, violations: Set(result.violations))
  }

  var description: String {
    "attempts \(attempts), requests \(requests), shown \(shown), pending \(pending), "
      + "violations \(violations.sorted())"
  }
}
