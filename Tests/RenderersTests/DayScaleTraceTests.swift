import ModelContract
import RacelabKernel
import Renderers
import Testing

/// A run that reaches a day writes its instants in days and hours, the time column and the
/// explanations alike; a shorter run keeps seconds.
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

  @Test("the extremes of the clock are written without overflow")
  func extremes() {
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

  @Test("a run that reaches a day writes every instant in days; a shorter run in seconds")
  func styleFollowsTheRun() {
    let long = TextTraceRenderer.render(
      Self.report(timerDue: VirtualTime(nanoseconds: 90_000_000_000_000)))
    #expect(long.contains("  +0d 00:00:00.000  1  main  T1 starts"))
    #expect(long.contains("sleep 25h → timer #1 due at +1d 01:00:00.000"))
    #expect(long.contains("  +1d 01:00:00.000  1  ·     timer #1 fires"))
    #expect(!long.contains("90000.000s"))
    let short = TextTraceRenderer.render(
      Self.report(timerDue: VirtualTime(nanoseconds: 86_399_000_000_000)))
    #expect(short.contains("sleep 86399.000s → timer #1 due at 86399.000s"))
    #expect(short.contains(" 86399.000s  1  ·     timer #1 fires"))
  }
}
