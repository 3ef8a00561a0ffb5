import KernelTestSupport
import ModelContract
import RacelabKernel
import Testing

@Suite("Clock and agenda (C1–C5)")
struct ClockRuleTests {
  // MARK: C1

  @Test("C1: time jumps to the earliest due instant, whatever the registration order")
  func timeJumpsToEarliestInstant() {
    let result = simulate(script: [.at(5 * sec, .mark("late")), .at(2 * sec, .mark("early"))])
    #expect(result.timedMarks == [Mark("early", at(2 * sec)), Mark("late", at(5 * sec))])
    #expect(Set(result.trace.map(\.time)) == [at(2 * sec), at(5 * sec)])
    #expect(result.endTime == at(5 * sec))
  }

  @Test("C1: a 100-day sleep completes at once on the virtual clock, with no instant between")
  func longSleepNeedsNoRealTime() {
    let days100 = 100 * 86_400 * sec
    let result = simulate(
      programs: [[.sleep(nanoseconds: days100, onCancel: .return), .call(.mark("woke"))]],
      script: [.at(0, .spawn(program: 0))])
    #expect(result.timedMarks == [Mark("woke", at(days100))])
    #expect(Set(result.trace.map(\.time)) == [at(0), at(days100)])
    #expect(result.endTime == at(days100))
  }

  @Test("C1: a sleep past the end of time saturates at the last instant")
  func sleepSaturates() {
    let result = simulate(
      programs: [[.sleep(nanoseconds: .max, onCancel: .return), .call(.mark("woke"))]],
      script: [.at(sec, .spawn(program: 0))])
    #expect(
      result.actions.contains(
        .sleepStarted(t1, timer: TimerID(number: 1), duration: .max, due: .end, rule: "S2")))
    #expect(result.timedMarks == [Mark("woke", .end)])
  }

  // MARK: C2

  @Test("C2: happenings due at one instant are all applied, in registration order, before any job")
  func registrationOrder() throws {
    let result = simulate(script: [
      .at(sec, .mark("a")), .at(sec, .mark("b")), .at(sec, .mark("c")),
    ])
    #expect(result.marks == ["a", "b", "c"])
    let lastArrival = try #require(
      result.kinds.lastIndex {
        if case .arrived = $0 { return true }
        return false
      })
    let firstJob = try #require(
      result.kinds.firstIndex {
        if case .jobStarted = $0 { return true }
        return false
      })
    #expect(lastArrival < firstJob)
  }

  @Test("C2: `tie: last` comes after the rest, even when registered first")
  func tieLast() {
    let result = simulate(script: [
      .at(sec, .mark("last"), tie: .last), .at(sec, .mark("first")), .at(sec, .mark("second")),
    ])
    #expect(result.marks == ["first", "second", "last"])
  }

  @Test(
    "C2: a scripted event comes before a timer the run created for the same instant",
    arguments: [TieRank.normal, .last])
  func scriptedBeforeRunCreated(tie: TieRank) throws {
    let result = simulate(
      programs: [[.sleep(nanoseconds: sec, onCancel: .return), .call(.mark("timer"))]],
      script: [.at(0, .spawn(program: 0)), .at(sec, .mark("scripted"), tie: tie)])
    let fired = try #require(
      result.kinds.firstIndex {
        if case .timerFired = $0 { return true }
        return false
      })
    let arrived = try #require(
      result.kinds.firstIndex {
        if case .arrived(event: "mark scripted", _, _) = $0 { return true }
        return false
      })
    if tie == .normal {
      #expect(arrived < fired)
      #expect(result.marks == ["scripted", "timer"])
    } else {
      #expect(fired < arrived)
      #expect(result.marks == ["timer", "scripted"])
    }
  }

  // MARK: C3

  @Test("C3: a busy job holds its lane; jobs queued behind it run at its end, in FIFO order")
  func busyHoldsLane() throws {
    let result = simulate(script: [
      .at(0, .busy(nanoseconds: sec)),
      .at(200 * ms, .mark("a")),
      .at(300 * ms, .mark("other", lane: 1)),
      .at(400 * ms, .mark("b")),
    ])
    #expect(
      result.timedMarks == [
        Mark("other", at(300 * ms)), Mark("a", at(sec)), Mark("b", at(sec)),
      ])
    #expect(result.actions.first == .laneHeld(until: at(sec)))
    let busyEnded = try #require(result.index(of: .jobEnded(.event("busy 1000000000ns"))))
    let markStarted = try #require(result.index(of: .jobStarted(.event("mark a"))))
    #expect(result.trace[busyEnded].time == at(sec))
    #expect(busyEnded < markStarted)
    #expect(
      result.kinds.contains(
        .arrived(
          event: "mark a",
          delivery: .queued(TestModel.main, queued(ahead: 0, busyUntil: at(sec))))))
  }

  @Test("C3: a zero-delay happening registered by a job is applied once the lanes are idle")
  func zeroDelayAfterLanesIdle() throws {
    let result = simulate(script: [
      .at(sec, .scheduleNow(.mark("z"))),
      .at(sec, .mark("q")),
      .at(sec, .mark("o", lane: 1)),
      .at(2 * sec, .mark("later")),
    ])
    #expect(
      result.timedMarks == [
        Mark("q", at(sec)), Mark("o", at(sec)), Mark("z", at(sec)), Mark("later", at(2 * sec)),
      ])
    let arrivedZ = try #require(
      result.index(of: .arrived(event: "mark z", delivery: .queued(TestModel.main, queued()))))
    let schedulerEnded = try #require(
      result.index(of: .jobEnded(.event("schedule-now (mark z)"))))
    let qEnded = try #require(result.index(of: .jobEnded(.event("mark q"))))
    let oEnded = try #require(result.index(of: .jobEnded(.event("mark o"))))
    #expect(result.trace[arrivedZ].time == at(sec))
    #expect(arrivedZ > schedulerEnded)
    #expect(arrivedZ > qEnded)
    #expect(arrivedZ > oEnded)
  }

  @Test("C3: a zero sleep is a happening due now: other queued jobs run before the resumption")
  func zeroSleep() {
    let result = simulate(
      programs: [
        [.call(.mark("a1")), .sleep(nanoseconds: 0, onCancel: .return), .call(.mark("a2"))],
        [.call(.mark("b1"))],
      ],
      script: [.at(0, .spawn(program: 0)), .at(0, .spawn(program: 1))])
    #expect(
      result.timedMarks == [Mark("a1", .zero), Mark("b1", .zero), Mark("a2", .zero)])
    #expect(result.endTime == .zero)
  }

  // MARK: C4

  @Test("C4: while lanes are frozen timers still expire and enqueue; resumptions run after thaw")
  func frozenLanes() throws {
    let result = simulate(
      programs: [[.sleep(nanoseconds: sec, onCancel: .return), .call(.mark("resumed"))]],
      script: [
        .at(0, .spawn(program: 0)),
        .at(500 * ms, .suspend),
        .at(2 * sec, .mark("queued while frozen")),
        .at(3 * sec, .resume),
      ])
    let fired = TraceEvent.Kind.timerFired(
      t1, timer: TimerID(number: 1), queue: queued(frozen: true), rule: "S4")
    #expect(result.time(of: fired) == at(sec))
    #expect(
      result.timedMarks == [
        Mark("resumed", at(3 * sec)), Mark("queued while frozen", at(3 * sec)),
      ])
    let thawed = try #require(result.index(of: .lanesFrozen(false)))
    let resumed = try #require(result.index(of: .jobStarted(.task(t1, .sleep))))
    #expect(thawed < resumed)
  }

  // MARK: C5

  @Test("C5: a task created from a job starts in a later job, behind jobs already queued")
  func taskStartsInLaterJob() {
    let result = simulate(
      programs: [[.call(.mark("t"))]],
      script: [.at(0, .spawn(program: 0)), .at(0, .mark("m"))])
    let spawn = TraceEvent.Job.event("spawn P0 on main")
    let mark = TraceEvent.Job.event("mark m")
    let task = TraceEvent.Job.task(t1, nil)
    #expect(
      result.kinds == [
        .arrived(event: "spawn P0 on main", delivery: .queued(TestModel.main, queued(ahead: 0))),
        .arrived(event: "mark m", delivery: .queued(TestModel.main, queued(ahead: 1))),
        .jobStarted(spawn), .taskCreated(t1, program: "P0", lane: TestModel.main), .jobEnded(spawn),
        .jobStarted(mark), markNote("m"), .jobEnded(mark),
        .jobStarted(task), .taskStarted(t1), .called(t1, operation: "mark t"),
        markNote("t", task: t1), .taskEnded(t1, .returned), .jobEnded(task),
      ])
  }

  @Test("C5: a task created on another lane starts there")
  func taskOnOtherLane() throws {
    let result = simulate(
      programs: [[.call(.mark("t"))]], script: [.at(0, .spawn(program: 0, lane: 1))])
    let started = try #require(result.trace.first { $0.kind == .taskStarted(t1) })
    #expect(started.lane == TestModel.other)
    #expect(result.kinds.contains(.taskCreated(t1, program: "P0", lane: TestModel.other)))
  }
}
