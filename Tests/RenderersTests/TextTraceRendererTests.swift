import ModelContract
import RacelabKernel
import Renderers
import Testing

@Suite struct TextTraceRendererTests {
  static let busyMain = TextTraceRenderer.render(ReportBuilder.busyMain().report())

  /// The closing summary: the lines after the last blank line.
  static func summary(of text: String) -> [Substring] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let blank = lines.lastIndex(of: "") ?? lines.startIndex
    return Array(lines[(blank + 1)...])
  }

  @Test func busyMainExplainsTheCancelThatLandsAfterTheSleepReturned() {
    let text = Self.busyMain
    #expect(text.contains("arrives · queued behind the busy main lane (until 2.050s)"))
    #expect(text.contains("resumption queued behind screen-disappear and the busy main lane"))
    #expect(text.contains("cancel T1 → sleep already returned: flag set, nothing thrown (S5)"))
    #expect(
      text.contains("T1 resumes                 sleep returned normally · isCancelled = true (S5)"))
    #expect(text.contains("ATTEMPT RECORDED · day 20680 · 1.4.0 → cooldown consumed"))
  }

  @Test func brokenInvariantsStartTheirLinesWithTheMarker() {
    let broken = Self.busyMain.split(separator: "\n").filter { $0.hasPrefix("!!") }
    #expect(broken.count == 2)
    #expect(
      broken.first?.contains("no-fire-after-cancel · T1 entered fire after it was cancelled")
        == true)
    #expect(broken.last?.contains("attempt-while-visible") == true)
    #expect(broken.allSatisfy { $0.hasPrefix("!!    2.050s  main  BROKEN") })
  }

  @Test func summaryAnswersTheQuestionFirst() {
    #expect(
      Self.summary(of: Self.busyMain) == [
        "COOLDOWN CONSUMED — 1 attempt (1.4.0), 1 request, 1 shown, pending false",
        "broken: no-fire-after-cancel, attempt-while-visible",
        "expectations: none",
      ])
  }

  @Test func kotlinNamesItsOwnExceptionAndRule() {
    let text = TextTraceRenderer.render(ReportBuilder.busyMain(profile: .kotlin).report())
    #expect(
      text.contains("cancel T1 → its queued resumption will throw CancellationException (K3)"))
    #expect(text.contains("delay threw CancellationException · isActive = false (K3)"))
    #expect(!text.contains("CancellationError"))
    #expect(!text.contains("!!"))
  }

  @Test func cancelGuardReturnsAtTheGuard() {
    let text = TextTraceRenderer.render(ReportBuilder.busyMain(variant: "cancel-guard").report())
    #expect(text.contains("guard !Task.isCancelled ✗ cancelled → return"))
    #expect(text.contains("broken: none"))
  }

  @Test func cancelBeforeTheTaskStartedAndDuringTheSleep() {
    var before = ReportBuilder.wonAndShown()
    before.add("screen-disappear", atMilliseconds: 0)
    let notStarted = TextTraceRenderer.render(before.report())
    #expect(
      notStarted.contains("cancel T1 → not started yet: flag set, its first sleep will throw"))
    #expect(
      notStarted.contains("sleep threw CancellationError at once: T1 was already cancelled (S1)"))

    var during = ReportBuilder.wonAndShown()
    during.add("screen-disappear", atMilliseconds: 1000)
    let discarded = TextTraceRenderer.render(during.report())
    #expect(
      discarded.contains(
        "cancel T1 → timer #1 discarded, the resumption will throw CancellationError (S3)"))
    #expect(discarded.contains("sleep threw CancellationError · isCancelled = true (S3)"))
    #expect(discarded.contains("catch → return"))
  }

  @Test func anArrivalBehindATaskStepSaysSo() {
    var builder = ReportBuilder.wonAndShown()
    builder.timeline.append(
      ScriptedHappening(
        ScriptedEvent(name: "screen-disappear", fields: NamedValues()),
        .at(VirtualTime(nanoseconds: 2_000_000_000)), tie: .last))
    let text = TextTraceRenderer.render(builder.report())
    #expect(
      text.contains(
        "      2.000s  ·     screen-disappear           arrives · queued behind T1's resumption"))
  }

  @Test func frozenLanesHoldTheResumption() {
    var builder = ReportBuilder.wonAndShown()
    builder.add("app-suspend", atMilliseconds: 1000)
    builder.add("app-resume", atMilliseconds: 3000)
    let text = TextTraceRenderer.render(builder.report())
    #expect(
      text.contains(
        "app-suspend                lanes frozen: timers still expire, queued jobs wait"))
    #expect(text.contains("resumption queued · lanes frozen: runs after the app resumes"))
    #expect(text.contains("      3.000s  main  T1 resumes"))
  }

  @Test func failedExpectationShowsExpectedAndActual() {
    var builder = ReportBuilder.busyMain()
    builder.expected = [("attempts", "attempts", "1"), ("pending", "pending", "true")]
    builder.schedule = "s1:0.2"
    builder.fixHint = "fix: `guard !Task.isCancelled` after the sleep (variant cancel-guard)"
    let report = builder.report()
    #expect(!report.expectationsMet)
    #expect(
      Self.summary(of: TextTraceRenderer.render(report)).dropFirst(2) == [
        "expect attempts: 1 ✓",
        "expect pending: true ✗ (actual false)",
        "expectations: 1 of 2 FAILED",
        "schedule s1:0.2",
        "fix: `guard !Task.isCancelled` after the sleep (variant cancel-guard)",
      ])
  }

  @Test func sameReportGivesTheSameBytes() {
    let report = ReportBuilder.busyMain().report()
    #expect(TextTraceRenderer.render(report) == TextTraceRenderer.render(report))
    #expect(TextTraceRenderer.render(ReportBuilder.busyMain().report()) == Self.busyMain)
  }

  @Test func endsWithExactlyOneNewlineAndNoTrailingSpaces() {
    #expect(Self.busyMain.hasSuffix("\n") && !Self.busyMain.hasSuffix("\n\n"))
    #expect(!Self.busyMain.split(separator: "\n").contains { $0.hasSuffix(" ") })
  }

  @Test func columnsAlignInCharacters() {
    var builder = ReportBuilder.busyMain()
    builder.laneNames = ["mäin·ø"]
    let body = TextTraceRenderer.render(builder.report())
      .split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.hasSuffix("what happens") }.dropFirst().prefix { !$0.isEmpty }
    // Head lines end their time column with the `s` of seconds; the rest continue.
    let heads = body.map(Array.init).filter { $0[11] == "s" }
    #expect(heads.count == 14)
    for line in heads {
      #expect(line[12..<14] == [" ", " "] && line[20..<22] == [" ", " "], "\(String(line))")
      #expect(line[22] != " ", "\(String(line))")
    }
  }

  @Test func noTitleNoStateFacts() {
    var builder = ReportBuilder.wonAndShown()
    builder.title = nil
    builder.initialState = []
    let header = TextTraceRenderer.render(builder.report()).split(separator: "\n").prefix(3)
    #expect(
      Array(header) == [
        "racelab · review-prompt · runtime swift · variant original",
        "scenario happy-path",
        "start 2026-08-15 21:00:00 +09:00 (epoch day 20680)",
      ])
  }
}
