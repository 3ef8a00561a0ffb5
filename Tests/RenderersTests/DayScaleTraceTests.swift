import ModelContract
import RacelabKernel
import Renderers
import Testing

/// A run that reaches a day writes its instants in days and hours, one that reaches ten minutes
/// as a clock, the time column and the explanations alike; a shorter run keeps seconds.
@Suite struct DayScaleTraceTests {
  @Test(
    "an instant in days: days since the start, then the time of day",
    arguments: [
      (0, "+0d 00:00:00.000"),
      (100_000_000, "+0d 00:00:00.100"),
      (60_000_000_000, "+0d 00:01:00.000"),
      (5_400_000_000_000, "+0d 01:30:00.000"),
      (86_400_100_000_000, "+1d 00:00:00.100"),
      (2_592_060_000_000_000, "+30d 00:01:00.000"),
      (86_399_999_999_999, "+0d 23:59:59.999999999"),
      (9_000_500_000, "+0d 00:00:09.0005"),
      (-1_000_000_000, "-0d 00:00:01.000"),
    ] as [(Int64, String)])
  func dayInstant(_ nanoseconds: Int64, _ text: String) {
    #expect(DurationText.dayInstant(VirtualTime(nanoseconds: nanoseconds)) == text)
  }

  @Test(
    "an instant as a clock: hours, minutes and seconds since the start",
    arguments: [
      (0, "00:00:00.000"),
      (1_861_000_000_000, "00:31:01.000"),
      (4_500_500_000_000, "01:15:00.500"),
      (86_399_999_999_999, "23:59:59.999999999"),
      (360_000_000_000_000, "100:00:00.000"),
      (-1_000_000_000, "-00:00:01.000"),
    ] as [(Int64, String)])
  func clockInstant(_ nanoseconds: Int64, _ text: String) {
    #expect(DurationText.clockInstant(VirtualTime(nanoseconds: nanoseconds)) == text)
  }

  @Test("the extremes of the clock are written without overflow")
  func extremes() {
    #expect(DurationText.clockInstant(VirtualTime(nanoseconds: .max)).hasPrefix("2562047:"))
    #expect(DurationText.clockInstant(VirtualTime(nanoseconds: .min)).hasPrefix("-2562047:"))
    #expect(DurationText.dayInstant(VirtualTime(nanoseconds: .max)).hasPrefix("+106751d "))
    #expect(DurationText.dayInstant(VirtualTime(nanoseconds: .min)).hasPrefix("-106751d "))
  }

  static func report(timerDue due: VirtualTime) -> RunReport {
    let task = TaskID(index: 0)
    let timer = TimerID(number: 1)
    let start = TraceEvent.Job.task(task, nil)
    let trace = [
      TraceEvent(time: .zero, lane: LaneID(index: 0), kind: .jobStarted(start)),
      TraceEvent(time: .zero, lane: LaneID(index: 0), kind: .taskStarted(task)),
      TraceEvent(
        time: .zero, lane: LaneID(index: 0),
        kind: .sleepStarted(task, timer: timer, duration: due.nanoseconds, due: due, rule: "S2")),
      TraceEvent(time: .zero, lane: LaneID(index: 0), kind: .jobEnded(start)),
      TraceEvent(
        time: due, lane: nil,
        kind: .timerFired(
          task, timer: timer,
          queue: TraceEvent.QueuePosition(
            lane: LaneID(index: 0), jobsAhead: 0, busyUntil: nil, frozen: false),
          rule: "S4")),
    ]
    return RunReport(
      scenario: "s", title: nil, model: "m", runtime: "swift", variant: "v", start: "t = 0",
      initialState: [], laneNames: ["main"],
      result: SimulationResult(
        endTime: due, trace: trace, violations: [], violationTimes: [], summary: []),
      headline: "h", expectations: [], schedule: nil)
  }

  @Test("a run that reaches a day writes every instant in days")
  func daysFromADay() {
    let long = TextTraceRenderer.render(
      Self.report(timerDue: VirtualTime(nanoseconds: 90_000_000_000_000)))
    #expect(long.contains("  +0d 00:00:00.000  1  main  T1 starts"))
    #expect(long.contains("sleep 1d1h → timer #1 due at +1d 01:00:00.000"))
    #expect(long.contains("  +1d 01:00:00.000  1  ·     timer #1 fires"))
    #expect(!long.contains("90000.000s"))
  }

  @Test("a run from ten minutes to a day writes every instant as a clock; a shorter one in seconds")
  func clockFromTenMinutes() {
    let justUnderADay = TextTraceRenderer.render(
      Self.report(timerDue: VirtualTime(nanoseconds: 86_399_000_000_000)))
    #expect(justUnderADay.contains("  00:00:00.000  1  main  T1 starts"))
    #expect(justUnderADay.contains("sleep 23h59m59s → timer #1 due at 23:59:59.000"))
    #expect(justUnderADay.contains("  23:59:59.000  1  ·     timer #1 fires"))
    let tenMinutes = TextTraceRenderer.render(
      Self.report(timerDue: VirtualTime(nanoseconds: 600_000_000_000)))
    #expect(tenMinutes.contains("sleep 10m → timer #1 due at 00:10:00.000"))
    let short = TextTraceRenderer.render(
      Self.report(timerDue: VirtualTime(nanoseconds: 599_999_000_000)))
    #expect(short.contains("sleep 599.999s → timer #1 due at 599.999s"))
    #expect(short.contains(" 599.999s  1  ·     timer #1 fires"))
  }
}

/// What a long run does again and again, the same way, folds into one line that says exactly
/// when.
@Suite struct RepeatFoldingTests {
  static let day: Int64 = 86_400_000_000_000

  /// A note at each of `times` (nanoseconds), saying `say(index)`.
  static func report(_ times: [Int64], say: (Int) -> String) -> RunReport {
    let trace = times.enumerated().flatMap { index, time in
      let job = TraceEvent.Job.event("cron")
      let at = VirtualTime(nanoseconds: time)
      let main = LaneID(index: 0)
      return [
        TraceEvent(time: at, lane: main, kind: .jobStarted(job)),
        TraceEvent(
          time: at, lane: main,
          kind: .note(ModelNote(kind: "say", task: nil, subject: "cron", detail: [say(index)]))),
        TraceEvent(time: at, lane: main, kind: .jobEnded(job)),
      ]
    }
    return RunReport(
      scenario: "s", title: nil, model: "m", runtime: "swift", variant: "v", start: "t = 0",
      initialState: [], laneNames: ["main"],
      result: SimulationResult(
        endTime: VirtualTime(nanoseconds: times.last ?? 0), trace: trace, violations: [],
        violationTimes: [], summary: []),
      headline: "h", expectations: [], schedule: nil)
  }

  static func body(_ report: RunReport) -> [String] {
    let lines = TextTraceRenderer.render(report).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    return Array(lines.dropFirst(5).prefix { !$0.isEmpty })
  }

  @Test("a daily instant that repeats folds after its first time, with every instant named")
  func dailyRepeats() {
    let times = (0..<30).map { Int64($0) * Self.day + 5_400_000_000_000 }
    let body = Self.body(Self.report(times) { _ in "updated 0 rows" })
    #expect(body.count == 2, "\(body)")
    #expect(body[0].hasPrefix("    +0d 01:30:00.000  1  main  cron"))
    #expect(
      body[1].hasSuffix(
        "⋮ the same again 29 times, every 1d, +1d 01:30:00.000 … +29d 01:30:00.000"))
  }

  @Test("a different line, an irregular instant or a run too short is not folded")
  func notFolded() {
    let times = (0..<6).map { Int64($0) * Self.day }
    let changing = Self.body(Self.report(times) { $0 == 3 ? "updated 1 row" : "updated 0 rows" })
    // Days 1 and 2 repeat day 0 and fold; day 3 differs; day 5 repeats day 4 only once.
    #expect(changing.contains { $0.hasSuffix("updated 1 row") })
    #expect(changing.filter { $0.contains("⋮") }.count == 1, "\(changing)")
    #expect(changing.contains { $0.hasPrefix("   +5d 00:00:00.000  1  main  cron") })
    let irregular = Self.body(
      Self.report([0, Self.day, 3 * Self.day, 4 * Self.day]) { _ in "updated 0 rows" })
    #expect(!irregular.contains { $0.contains("the same again 3 times") }, "\(irregular)")
    let short = Self.body(Self.report([0, Self.day]) { _ in "updated 0 rows" })
    #expect(short.count == 2 && !short.contains { $0.contains("⋮") })
    let seconds = Self.body(Self.report((0..<5).map { Int64($0) * 1_000_000_000 }) { _ in "x" })
    #expect(seconds.count == 5, "a run shorter than a day keeps every line")
  }

  @Test("a block of instants that repeats folds as a block")
  func blocks() {
    var times: [Int64] = []
    for day in 0..<5 {
      times += [Int64(day) * Self.day, Int64(day) * Self.day + 3_600_000_000_000]
    }
    let body = Self.body(Self.report(times) { $0 % 2 == 0 ? "refresh" : "cron" })
    #expect(
      body.last?.hasSuffix(
        "⋮ the 2 instants above again, the same way, 4 times, every 1d, +1d 00:00:00.000 … "
          + "+4d 01:00:00.000") == true, "\(body)")
  }
}
