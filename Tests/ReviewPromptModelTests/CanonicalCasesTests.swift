import ModelContract
import RacelabKernel
import ReviewPromptModel
import Testing

/// The canonical cases of the review-prompt flow (the scenarios in
/// `scenarios/review-prompt/canonical/`), for every variant.
@Suite struct CanonicalCasesTests {
  static let bothBroken: Set<String> = ["no-fire-after-cancel", "attempt-while-visible"]
  static let recorded = Outcome(attempts: 1, requests: 1, shown: 1, pending: false, violations: [])
  static let pendingKept = Outcome(
    attempts: 0, requests: 0, shown: 0, pending: true, violations: [])

  @Test(arguments: ["original", "foreground-guard", "cancel-guard"])
  func happyPath(variant: String) {
    #expect(Outcome(ScenarioBuilder.wonAndShown(variant: variant).run()) == Self.recorded)
  }

  @Test(arguments: ["original", "foreground-guard", "cancel-guard"])
  func disappearDuringTheWaitCancelsTheSleep(variant: String) {
    var scenario = ScenarioBuilder.wonAndShown(variant: variant)
    scenario.add("screen-disappear", atMilliseconds: 1000)
    let result = scenario.run()
    #expect(Outcome(result) == Self.pendingKept)
    #expect(
      result.trace.contains {
        if case .cancelled(_, .timerDiscarded, "S3") = $0.kind { return true }
        return false
      })
  }

  @Test(arguments: [
    (
      "original",
      Outcome(
        attempts: 1, requests: 1, shown: 0, pending: false, violations: ["attempt-while-visible"])
    ),
    ("foreground-guard", pendingKept),
    ("cancel-guard", pendingKept),
  ])
  func backgroundDuringTheWait(variant: String, expected: Outcome) {
    var scenario = ScenarioBuilder.wonAndShown(variant: variant)
    scenario.add("scene", atMilliseconds: 1000, ["state": .text("background")])
    #expect(Outcome(scenario.run()) == expected)
  }

  static func busyMain(_ variant: String, _ profile: RuntimeProfile = .swift) -> ScenarioBuilder {
    var scenario = ScenarioBuilder.wonAndShown(variant: variant)
    scenario.profile = profile
    scenario.add("main-busy", atMilliseconds: 1950, ["for": .duration(100_000_000)])
    scenario.add("screen-disappear", atMilliseconds: 1990)
    return scenario
  }

  @Test(arguments: [
    (
      "original",
      Outcome(attempts: 1, requests: 1, shown: 1, pending: false, violations: bothBroken)
    ),
    (
      "foreground-guard",
      Outcome(
        attempts: 1, requests: 1, shown: 1, pending: false, violations: bothBroken)
    ),
    ("cancel-guard", Outcome(attempts: 0, requests: 0, shown: 0, pending: true, violations: [])),
  ])
  func disappearQueuedBehindABusyMainThread(variant: String, expected: Outcome) {
    let result = Self.busyMain(variant).run()
    #expect(Outcome(result) == expected)
    #expect(
      result.trace.contains {
        if case .cancelled(_, .sleepAlreadyReturned, "S5") = $0.kind {
          return $0.time == ScenarioBuilder.ms(2050)
        }
        return false
      })
  }

  @Test(arguments: [
    (
      "original",
      Outcome(attempts: 1, requests: 1, shown: 1, pending: false, violations: bothBroken)
    ),
    (
      "foreground-guard",
      Outcome(
        attempts: 1, requests: 1, shown: 1, pending: false, violations: bothBroken)
    ),
    ("cancel-guard", Outcome(attempts: 0, requests: 0, shown: 0, pending: true, violations: [])),
  ])
  func disappearAtTheTimersInstantComesFirst(variant: String, expected: Outcome) {
    var scenario = ScenarioBuilder.wonAndShown(variant: variant)
    scenario.add("screen-disappear", atMilliseconds: 2000)
    #expect(Outcome(scenario.run()) == expected)
  }

  @Test(arguments: ["original", "foreground-guard", "cancel-guard"])
  func disappearAtTheTimersInstantWithTieLast(variant: String) {
    var scenario = ScenarioBuilder.wonAndShown(variant: variant)
    scenario.add("screen-disappear", atMilliseconds: 2000, tie: .last)
    let result = scenario.run()
    #expect(Outcome(result) == Self.recorded)
    // fire already forgot the task, so the disappear has nothing to cancel.
    #expect(
      !result.trace.contains {
        if case .cancelled = $0.kind { return true }
        return false
      })
  }

  @Test(arguments: ["original", "foreground-guard", "cancel-guard"])
  func cancelledBeforeItStarted(variant: String) {
    var scenario = ScenarioBuilder.wonAndShown(variant: variant)
    scenario.add("screen-disappear", atMilliseconds: 0)
    let result = scenario.run()
    #expect(Outcome(result) == Self.pendingKept)
    #expect(
      result.trace.contains {
        if case .sleepThrewAtOnce(_, "S1") = $0.kind { return true }
        return false
      })
  }

  @Test(arguments: ["original", "foreground-guard", "cancel-guard"])
  func busyMainOnKotlinThrowsAtTheResumption(variant: String) {
    let result = Self.busyMain(variant, .kotlin).run()
    #expect(Outcome(result) == Self.pendingKept)
    #expect(
      result.trace.contains {
        if case .resumed(_, .sleep, .threw, true, "K3") = $0.kind { return true }
        return false
      })
  }

  @Test func tryQuestionMarkBodyFiresAtTheCancel() {
    var scenario = ScenarioBuilder.wonAndShown(variant: "original")
    scenario.taskOverride = [.sleep(nanoseconds: 2_000_000_000, onCancel: .ignore), .call("fire")]
    scenario.add("screen-disappear", atMilliseconds: 1000)
    let result = scenario.run()
    #expect(
      Outcome(result)
        == Outcome(attempts: 1, requests: 1, shown: 1, pending: false, violations: Self.bothBroken))
    let attempt = result.trace.first {
      if case .note(let note) = $0.kind { return note.kind == "attempt-recorded" }
      return false
    }
    #expect(attempt?.time == ScenarioBuilder.ms(1000))
  }
}
