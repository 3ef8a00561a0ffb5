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
    #expect(text.contains("continuation queued behind screen-disappear and the busy main lane"))
    #expect(
      text.contains(
        "cancel T1 → sleep already completed: flag set, nothing thrown (S5: a cancel after the "
          + "sleep completed only sets the flag; nothing is thrown)"))
    #expect(
      text.contains(
        "3  main  T1 resumes                 sleep returned normally · isCancelled = true (S5)"))
    #expect(text.contains("ATTEMPT RECORDED · day 20680 · 1.4.0 → cooldown consumed"))
  }

  @Test("expectations that do not name violations say the broken invariants fail nothing")
  func expectationsWithoutViolations() {
    var builder = ReportBuilder.busyMain()
    builder.expected = [(key: "attempts", field: "attempts", value: "1")]
    let summary = Self.summary(of: TextTraceRenderer.render(builder.report())).map(String.init)
    #expect(
      summary.contains(
        "expectations: all 1 hold; they do not name violations, so the broken invariants "
          + "above are not checked (pin them with violations: [no-fire-after-cancel, "
          + "attempt-while-visible])"), "\(summary)")
  }

  @Test func brokenInvariantsStartTheirLinesWithTheMarker() {
    let broken = Self.busyMain.split(separator: "\n").filter { $0.hasPrefix("!!") }
    #expect(broken.count == 2)
    #expect(
      broken.first?.hasSuffix(
        "BROKEN                     T1 entered fire after it was cancelled at 2.050s "
          + "· invariant no-fire-after-cancel") == true)
    #expect(broken.last?.hasSuffix("· invariant attempt-while-visible") == true)
    // A broken invariant is a report, not a happening: it takes no place in the instant.
    #expect(
      broken.map { $0.prefix(24) } == ["!!    2.050s     main  B", "!!    2.050s     main  B"])
  }

  @Test("a rule is spelled out where a trace first cites it, and named alone after that")
  func rulesAreGlossedOnFirstUse() {
    let text = Self.busyMain
    for rule in ["C5", "S2", "S4", "S5"] {
      let glossed = text.components(separatedBy: "(\(rule): ").count - 1
      #expect(glossed == 1, "\(rule) is spelled out once")
      if let first = text.range(of: "(\(rule): "), let bare = text.range(of: "(\(rule))") {
        #expect(first.lowerBound < bare.lowerBound, "\(rule) is spelled out before it is named")
      }
    }
    #expect(text.components(separatedBy: "(S5)").count - 1 == 1)
  }

  @Test(
    "happenings are numbered within their instant, from 1 at each new time; a job's further rows are not"
  )
  func happeningsAreNumberedWithinTheirInstant() {
    // A head line: the time ends at column 11, its place is column 14.
    let heads = Self.busyMain.split(separator: "\n").map(Array.init).filter {
      $0.count > 14 && $0[11] == "s" && $0[0] == " "
    }
    #expect(
      heads.map { String($0[6...11]) + " " + String($0[14]) } == [
        "0.000s 1", "0.000s 2", "0.000s 3", "1.950s 1", "1.990s 1", "2.000s 1", "2.050s 1",
        "2.050s 2", "2.050s 3", "2.050s  ", "2.050s  ", "2.400s 1",
      ])
  }

  @Test func summaryAnswersTheQuestionFirst() {
    #expect(
      Self.summary(of: Self.busyMain) == [
        "COOLDOWN CONSUMED — 1 attempt (1.4.0), 1 request, 1 shown, pending false",
        "broken: no-fire-after-cancel, attempt-while-visible",
        "expectations: none, so the broken invariants above do not fail the run "
          + "(pin them with expect: {violations: [no-fire-after-cancel, attempt-while-visible]})",
      ])
  }

  @Test func kotlinNamesItsOwnExceptionAndRule() {
    let text = TextTraceRenderer.render(ReportBuilder.busyMain(profile: .kotlin).report())
    #expect(
      text.contains(
        "cancel T1 → its queued resumption will throw CancellationException (K3: a cancel "
          + "before the resumption runs still makes it throw)"))
    #expect(text.contains("delay threw CancellationException · isActive = false (K3)"))
    #expect(!text.contains("CancellationError"))
    #expect(!text.contains("!!"))
  }

  @Test func cancelGuardReturnsAtTheGuard() {
    let text = TextTraceRenderer.render(ReportBuilder.busyMain(variant: "cancel-guard").report())
    #expect(text.contains("guard !Task.isCancelled → cancelled, returns early"))
    #expect(!text.contains("✗ cancelled"), "the good outcome is not marked ✗")
    #expect(text.contains("broken: none"))
  }

  @Test func cancelBeforeTheTaskStartedAndDuringTheSleep() {
    var before = ReportBuilder.wonAndShown()
    before.add("screen-disappear", atMilliseconds: 0)
    let notStarted = TextTraceRenderer.render(before.report())
    #expect(
      notStarted.contains(
        "cancel T1 → not started yet: flag set, its first sleep will throw (S1: sleeping in a "
          + "cancelled task throws at once)"))
    #expect(
      notStarted.contains("sleep threw CancellationError at once: T1 was already cancelled (S1)"))

    var during = ReportBuilder.wonAndShown()
    during.add("screen-disappear", atMilliseconds: 1000)
    let discarded = TextTraceRenderer.render(during.report())
    #expect(
      discarded.contains(
        "cancel T1 → timer #1 discarded, the resumption will throw CancellationError (S3: "
          + "cancelling a pending sleep discards its timer and makes it throw)"))
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
        "      2.000s  2  ·     screen-disappear           arrives (tie: last, after everything "
          + "else due at this instant) · queued behind T1's resumption"))
  }

  @Test("an event a later line of its instant queues behind gets its own line, where it arrived")
  func anArrivalNamedLaterIsToldWhereItArrived() {
    var builder = ReportBuilder.wonAndShown()
    builder.timeline.append(
      ScriptedHappening(
        ScriptedEvent(name: "screen-disappear", fields: NamedValues()),
        .at(VirtualTime(nanoseconds: 2_000_000_000))))
    let text = TextTraceRenderer.render(builder.report())
    #expect(
      text.contains(
        """
              2.000s  1  ·     screen-disappear           arrives
              2.000s  2  ·     timer #1 fires             T1's sleep completed (S4: the timer \
        completes the sleep; the task goes on when its lane runs it)
                                                          continuation queued behind screen-disappear
              2.000s  3  main  screen-disappear           cancel T1
        """), "\(text)")
  }

  @Test("a task killed in its sleep says its timer never fires")
  func aTaskKilledAsleepSaysItsTimerNeverFires() {
    var builder = ReportBuilder.wonAndShown()
    builder.add("relaunch", atMilliseconds: 1500)
    let text = TextTraceRenderer.render(builder.report())
    #expect(
      text.contains(
        "T1 ends · killed with its process: its sleep never completes (timer #1 never fires)"),
      "\(text)")
  }

  @Test func frozenLanesHoldTheResumption() {
    var builder = ReportBuilder.wonAndShown()
    builder.add("app-suspend", atMilliseconds: 1000)
    builder.add("app-resume", atMilliseconds: 3000)
    let text = TextTraceRenderer.render(builder.report())
    #expect(
      text.contains(
        "app-suspend                lanes frozen: timers still expire, queued jobs wait"))
    #expect(text.contains("continuation queued · lanes frozen: runs after the app resumes"))
    #expect(text.contains("      3.000s  2  main  T1 resumes"))
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
        "expectations: 1 of 2 FAILED; they do not name violations, so the broken invariants "
          + "above are not checked (pin them with violations: [no-fire-after-cancel, "
          + "attempt-while-visible])",
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
      #expect(line[12..<14] == [" ", " "] && line[15..<17] == [" ", " "], "\(String(line))")
      #expect(line[23..<25] == [" ", " "] && line[25] != " ", "\(String(line))")
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
