import KernelTestSupport
import ModelContract
import RacelabKernel
import Testing

/// Rules S1–S8 on ``RuntimeProfile/swift``, each pinned by the task's actions in the trace.
@Suite("Swift runtime profile (S1–S8)")
struct SwiftProfileTests {
  static let timer1 = TimerID(number: 1)

  @Test(
    "S1: a sleep in a task cancelled before it started throws at once",
    arguments: [0, -ms, ms, 2 * sec])
  func cancelledBeforeStart(duration: Int64) {
    let result = simulate(
      programs: [[.sleep(nanoseconds: duration, onCancel: .return), .call(.mark("after"))]],
      script: [.at(0, .spawn(program: 0)), .at(0, .cancel(task: 0))])
    #expect(
      result.actions == [
        .taskCreated(t1, program: "P0", lane: TestModel.main),
        .cancelled(t1, effect: .notStarted, rule: "S1"),
        .taskStarted(t1),
        .sleepThrewAtOnce(t1, rule: "S1"),
        .errorHandled(t1, .return, rule: nil),
        .taskEnded(t1, .returned),
      ])
    #expect(result.endTime == .zero)
  }

  @Test("S1: a sleep of zero after the task cancelled itself throws at once")
  func cancelledSelfZeroSleep() {
    let result = simulate(
      programs: [[.call(.cancelSelf), .sleep(nanoseconds: 0, onCancel: .throw), .call(.probe)]],
      script: [.at(0, .spawn(program: 0))])
    #expect(
      Array(result.actions.dropFirst(2)) == [
        .called(t1, operation: "cancel-self"),
        .cancelled(t1, effect: .running, rule: nil),
        .sleepThrewAtOnce(t1, rule: "S1"),
        .errorHandled(t1, .throw, rule: nil),
        .taskEnded(t1, .threw),
      ])
  }

  @Test("S2, S4: a sleep suspends until its timer; the timer's expiry resumes it normally")
  func sleepAndExpire() {
    let result = simulate(
      programs: [
        [.sleep(nanoseconds: 2 * sec, onCancel: .return), .call(.probe), .call(.mark("after"))]
      ],
      script: [.at(0, .spawn(program: 0)), .at(sec, .mark("while asleep"))])
    let started = TraceEvent.Kind.sleepStarted(
      t1, timer: Self.timer1, duration: 2 * sec, due: at(2 * sec), rule: "S2")
    let fired = TraceEvent.Kind.timerFired(t1, timer: Self.timer1, queue: queued(), rule: "S4")
    #expect(result.time(of: started) == .zero)
    #expect(result.time(of: fired) == at(2 * sec))
    #expect(result.marks == ["while asleep", "after"])
    #expect(
      result.actions.filter { $0 != markNote("while asleep") } == [
        .taskCreated(t1, program: "P0", lane: TestModel.main), .taskStarted(t1), started, fired,
        .resumed(t1, from: .sleep, outcome: .returned, isCancelled: false, rule: "S4"),
        .called(t1, operation: "probe"), probeNote(t1, false),
        .called(t1, operation: "mark after"), markNote("after", task: t1),
        .taskEnded(t1, .returned),
      ])
    #expect(result.counters.sleepsCompleted == 1)
  }

  @Test(
    "S3: cancel while the timer is pending discards it; the resumption throws at once",
    arguments: [OnCancel.return, .throw])
  func cancelWhilePending(onCancel: OnCancel) throws {
    let result = simulate(
      programs: [[.sleep(nanoseconds: 2 * sec, onCancel: onCancel), .call(.mark("after"))]],
      script: [.at(0, .spawn(program: 0)), .at(sec, .cancel(task: 0))])
    let cancelled = TraceEvent.Kind.cancelled(
      t1, effect: .timerDiscarded(Self.timer1, queue: queued()), rule: "S3")
    #expect(
      Array(result.actions.dropFirst(3)) == [
        cancelled,
        .resumed(t1, from: .sleep, outcome: .threw, isCancelled: true, rule: "S3"),
        .errorHandled(t1, onCancel, rule: nil),
        .taskEnded(t1, onCancel == .throw ? .threw : .returned),
      ])
    let ended = try #require(
      result.trace.first {
        $0.kind == .taskEnded(t1, .returned) || $0.kind == .taskEnded(t1, .threw)
      })
    #expect(ended.time == at(sec))
    #expect(
      !result.kinds.contains {
        if case .timerFired = $0 { return true }
        return false
      })
    #expect(result.marks.isEmpty)
  }

  /// The busy-main setup: the sleep's timer expires at 2s while `main` is held from 1.95s to
  /// 2.05s, with a cancel job queued at `cancelAt`.
  static func busyMain(
    profile: RuntimeProfile, cancelAt: Int64 = 1_990 * ms, tie: TieRank = .normal,
    onCancel: OnCancel = .return, choices: [Int] = []
  ) -> SimulationResult {
    var simulation = makeSimulation(
      profile: profile,
      programs: [
        [.sleep(nanoseconds: 2 * sec, onCancel: onCancel), .call(.probe), .call(.mark("next"))]
      ],
      script: [
        .at(0, .spawn(program: 0)),
        .at(1_950 * ms, .busy(nanoseconds: 100 * ms)),
        .at(cancelAt, .cancel(task: 0), tie: tie),
      ],
      strategy: ScriptedStrategy(choices))
    return simulation.run()
  }

  @Test(
    "S5: a cancel queued behind a busy main thread, run after the timer fired, sets the flag only")
  func cancelAfterTimerFired() {
    let result = Self.busyMain(profile: .swift)
    #expect(
      Array(result.actions.dropFirst(3)) == [
        .laneHeld(until: at(2_050 * ms)),
        .timerFired(
          t1, timer: Self.timer1, queue: queued(ahead: 1, busyUntil: at(2_050 * ms)), rule: "S4"),
        .cancelled(t1, effect: .sleepAlreadyReturned, rule: "S5"),
        .resumed(t1, from: .sleep, outcome: .returned, isCancelled: true, rule: "S5"),
        .called(t1, operation: "probe"), probeNote(t1, true),
        .called(t1, operation: "mark next"), markNote("next", task: t1),
        .taskEnded(t1, .returned),
      ])
    #expect(
      result.time(of: .cancelled(t1, effect: .sleepAlreadyReturned, rule: "S5")) == at(2_050 * ms))
  }

  @Test("S5 with C2: a scripted cancel at the timer's instant is applied first, so it is too late")
  func cancelAtTimerInstant() {
    let result = Self.busyMain(profile: .swift, cancelAt: 2 * sec)
    #expect(result.kinds.contains(.cancelled(t1, effect: .sleepAlreadyReturned, rule: "S5")))
    #expect(result.probes == [true])
    #expect(result.marks == ["next"])
  }

  @Test(
    "`tie: last` or choosing the timer first: the task runs before the cancel, which finds it ended",
    arguments: [(TieRank.last, [Int]()), (.normal, [1])])
  func timerFirst(tie: TieRank, choices: [Int]) {
    let result = Self.busyMain(profile: .swift, cancelAt: 2 * sec, tie: tie, choices: choices)
    #expect(result.probes == [false])
    #expect(result.kinds.contains(.cancelled(t1, effect: .alreadyEnded, rule: nil)))
  }

  @Test(
    "S6: `try?` drops the thrown error; the next step runs with the flag set",
    arguments: [Int64(0), sec])
  func errorIgnored(cancelAt: Int64) {
    let result = simulate(
      programs: [
        [.sleep(nanoseconds: 2 * sec, onCancel: .ignore), .call(.probe), .call(.mark("next"))]
      ],
      script: [.at(0, .spawn(program: 0)), .at(cancelAt, .cancel(task: 0))])
    let thrown: TraceEvent.Kind =
      cancelAt == 0
      ? .sleepThrewAtOnce(t1, rule: "S1")
      : .resumed(t1, from: .sleep, outcome: .threw, isCancelled: true, rule: "S3")
    let tail = Array(result.actions.suffix(7))
    #expect(
      tail == [
        thrown, .errorHandled(t1, .ignore, rule: "S6"),
        .called(t1, operation: "probe"), probeNote(t1, true),
        .called(t1, operation: "mark next"), markNote("next", task: t1),
        .taskEnded(t1, .returned),
      ])
  }

  @Test("S7: checkCancellation throws in a cancelled task and passes in a live one")
  func checkCancellation() {
    let cancelled = simulate(
      programs: [[.call(.cancelSelf), .checkCancellation, .call(.mark("after"))]],
      script: [.at(0, .spawn(program: 0))])
    #expect(
      Array(cancelled.actions.suffix(2)) == [
        .cancellationChecked(t1, threw: true, rule: "S7"), .taskEnded(t1, .threw),
      ])
    #expect(cancelled.marks.isEmpty)
    let live = simulate(
      programs: [[.checkCancellation, .call(.mark("after"))]],
      script: [.at(0, .spawn(program: 0))])
    #expect(live.kinds.contains(.cancellationChecked(t1, threw: false, rule: "S7")))
    #expect(live.marks == ["after"])
  }

  @Test("guard !Task.isCancelled ends a cancelled task quietly")
  func guardNotCancelled() {
    let result = simulate(
      programs: [[.call(.cancelSelf), .guardNotCancelled, .call(.mark("after"))]],
      script: [.at(0, .spawn(program: 0))])
    #expect(
      Array(result.actions.suffix(2)) == [
        .guardChecked(t1, passed: false), .taskEnded(t1, .returned),
      ])
    #expect(result.marks.isEmpty)
  }

  @Test("S8: yield sends the resumption to the back of the lane's queue")
  func yieldGoesToBack() {
    let result = simulate(
      programs: [
        [.call(.mark("a1")), .yield, .call(.mark("a2"))],
        [.call(.mark("b1"))],
      ],
      script: [.at(0, .spawn(program: 0)), .at(0, .spawn(program: 1))])
    #expect(result.marks == ["a1", "b1", "a2"])
    #expect(result.kinds.contains(.yielded(t1, queue: queued(ahead: 1), rule: "S8")))
    #expect(result.endTime == .zero)
  }

  @Test("S8: yield makes no cancellation check, before or after it is queued")
  func yieldDoesNotCheck() {
    let selfCancelled = simulate(
      programs: [[.call(.cancelSelf), .yield, .call(.probe)]],
      script: [.at(0, .spawn(program: 0))])
    #expect(
      Array(selfCancelled.actions.suffix(5)) == [
        .yielded(t1, queue: queued(), rule: "S8"),
        .resumed(t1, from: .yield, outcome: .returned, isCancelled: true, rule: "S8"),
        .called(t1, operation: "probe"), probeNote(t1, true), .taskEnded(t1, .returned),
      ])
    let cancelledWhileQueued = simulate(
      programs: [[.yield, .call(.probe)], [.call(.cancel(task: 0))]],
      script: [.at(0, .spawn(program: 0)), .at(0, .spawn(program: 1))])
    #expect(
      cancelledWhileQueued.kinds.contains(.cancelled(t1, effect: .yieldPending, rule: "S8")))
    #expect(cancelledWhileQueued.probes == [true])
  }

  @Test("The swift profile names S1–S10 and only them")
  func ruleNames() {
    let names = RuntimeProfile.Situation.allCases.compactMap { RuntimeProfile.swift.rule(for: $0) }
    #expect(names == ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10"])
  }
}
