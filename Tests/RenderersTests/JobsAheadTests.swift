import ModelContract
import RacelabKernel
import Testing

@testable import Renderers

/// What the narrator says about the jobs ahead is the same as before the queues became linear:
/// a short queue is named in full, a long one by its first jobs, and a task's step anywhere in
/// it still explains an arrival's wait.
@Suite struct JobsAheadTests {
  /// Won and shown at 0; `attaches` window-attach events at 2 s, then one more after T1's
  /// resumption queued at 2 s (`tie: last`).
  static func arrivalBehindAttachesAndATask(_ attaches: Int) -> String {
    var builder = ReportBuilder.wonAndShown()
    for _ in 0..<attaches { builder.add("window-attach", atMilliseconds: 2000) }
    builder.timeline.append(
      ScriptedHappening(
        ScriptedEvent(name: "window-attach", fields: NamedValues()),
        .at(VirtualTime(nanoseconds: 2_000_000_000)), tie: .last))
    return TextTraceRenderer.render(builder.report())
  }

  static let tieLast = "tie: last, after everything else due at this instant"

  @Test func aShortQueueIsNamedInFull() {
    #expect(
      Self.arrivalBehindAttachesAndATask(2).contains(
        "  ·     window-attach              arrives (\(Self.tieLast)) · queued behind 3 jobs "
          + "(window-attach, window-attach, T1's resumption)\n"))
  }

  @Test func aLongQueueIsNamedByItsFirstJobsAndATaskStepFarBackStillCounts() {
    // T1's resumption is the seventh job ahead, past the four named ones: the arrival still
    // explains its wait.
    #expect(
      Self.arrivalBehindAttachesAndATask(6).contains(
        "  ·     window-attach              arrives (\(Self.tieLast)) · queued behind 7 jobs "
          + "(window-attach, window-attach, window-attach, window-attach and 3 more)\n"))
  }

  @Test func lanesAgreeWithAPlainArrayModel() {
    var generator = SplitMix64(seed: 7)
    let events = ["a", "b", "c"].map { TraceEvent.Job.event($0) }
    let tasks = (0..<3).flatMap { index in
      [nil, .sleep, .yield].map { TraceEvent.Job.task(TaskID(index: Int32(index)), $0) }
    }
    let lanes = [LaneID(index: 0), LaneID(index: 1)]
    var queues = LaneQueues()
    var model: [LaneID: [TraceEvent.Job]] = [:]
    for _ in 0..<20_000 {
      let lane = lanes[Int(generator.next() % 2)]
      let waiting = model[lane, default: []]
      // Half the operations queue a job, so queues grow past the named jobs.
      switch generator.next() % 10 {
      case 0..<5:
        let pool = generator.next() % 2 == 0 ? events : tasks
        let job = pool[Int(generator.next() % UInt64(pool.count))]
        queues.enqueue(job, on: lane)
        model[lane, default: []].append(job)
      case 5..<7:
        // Mostly a queued job, sometimes one that is not queued at all.
        let pool = !waiting.isEmpty && generator.next() % 4 != 0 ? waiting : events + tasks
        let job = pool[Int(generator.next() % UInt64(pool.count))]
        queues.started(job, on: lane)
        if let index = waiting.firstIndex(of: job) { model[lane]?.removeSubrange(...index) }
      default:
        let position = TraceEvent.QueuePosition(
          lane: lane, jobsAhead: Int(generator.next() % UInt64(waiting.count + 3)),
          busyUntil: nil, frozen: false)
        let ahead = queues.ahead(of: position)
        let expected = waiting.prefix(position.jobsAhead)
        #expect(ahead.count == expected.count)
        #expect(ahead.named == Array(expected.prefix(JobsAhead.namedLimit)))
        #expect(
          ahead.includesTask == expected.contains { if case .task = $0 { true } else { false } })
      }
    }
  }

  @Test(
    "a hundred events at one instant: the lines that name them tell their arrivals, and the trace is whole"
  )
  func manyArrivalsAtOneInstant() {
    let text = Self.arrivalBehindAttachesAndATask(100)
    // The timer's line names the first four jobs ahead: those four get their arrival lines.
    #expect(text.components(separatedBy: "  window-attach              arrives\n").count - 1 == 4)
    #expect(text.contains("queued behind 100 jobs (window-attach, window-attach, window-attach, "))
    #expect(text.hasSuffix("expectations: none\n") || text.contains("\nbroken: "))
    #expect(text.contains("T1 ends · returned"))
  }
}
