import KernelTestSupport
import ModelContract
import RacelabKernel
import Testing

/// A strategy that asks for the run's state at each choice point and keeps it.
struct StateRecordingStrategy: SchedulingStrategy {
  var states: [ObservedState?] = []
  var observesState: Bool { true }

  mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
    states.append(state)
    return 0
  }
}

@Suite("Determinism, counters-only runs and killed tasks")
struct RunTests {
  /// A run that touches every service: tasks on two lanes, busy spans, cancels in every state,
  /// yields, a frozen span, a window, zero-delay scheduling and violations.
  static func busyRun(
    profile: RuntimeProfile, tracing: Bool
  ) -> SimulationResult {
    var simulation = makeSimulation(
      profile: profile,
      programs: [
        [.sleep(nanoseconds: 2 * sec, onCancel: .return), .call(.probe), .call(.mark("p0"))],
        [.yield, .call(.probe), .sleep(nanoseconds: sec, onCancel: .ignore), .call(.mark("p1"))],
        [.call(.cancel(task: 1)), .checkCancellation, .call(.mark("p2"))],
      ],
      script: [
        .at(0, .spawn(program: 0)),
        .at(0, .spawn(program: 1, lane: 1)),
        .at(100 * ms, .spawn(program: 2, lane: 1)),
        .at(1_950 * ms, .busy(nanoseconds: 100 * ms)),
        .at(1_990 * ms, .cancel(task: 0)),
        .at(2_500 * ms, .suspend),
        .within((2 * sec)...(4 * sec), .violate("broken")),
        .at(3 * sec, .scheduleNow(.mark("now"))),
        .at(3 * sec, .violate("broken")),
        .at(3_500 * ms, .resume),
      ],
      strategy: DefaultStrategy(), tracing: tracing)
    return simulation.run()
  }

  @Test("The same simulation built twice yields identical traces", arguments: RuntimeProfile.all)
  func deterministic(profile: RuntimeProfile) {
    let first = Self.busyRun(profile: profile, tracing: true)
    let second = Self.busyRun(profile: profile, tracing: true)
    #expect(!first.trace.isEmpty)
    #expect(first.trace == second.trace)
    #expect(first.summary == second.summary)
    #expect(first.endTime == second.endTime)
  }

  @Test("A strategy that observes state gets the same states at the same points in every run")
  func observedStatesAreDeterministic() {
    func states() -> [ObservedState?] {
      var simulation = makeSimulation(
        programs: [[.sleep(nanoseconds: sec, onCancel: .return), .call(.mark("woke"))]],
        script: [
          .at(0, .spawn(program: 0)), .at(sec, .cancel(task: 0)), .at(sec, .mark("a")),
          .within(sec...(2 * sec), .mark("w")),
        ],
        strategy: StateRecordingStrategy())
      _ = simulation.run()
      return simulation.strategy.states
    }
    let first = states()
    #expect(!first.isEmpty)
    #expect(first.allSatisfy { $0 != nil })
    #expect(first == states())
  }

  @Test(
    "Counters-only mode gives the same counters, violations and summary as full tracing",
    arguments: RuntimeProfile.all)
  func countersOnly(profile: RuntimeProfile) {
    let full = Self.busyRun(profile: profile, tracing: true)
    let quiet = Self.busyRun(profile: profile, tracing: false)
    #expect(quiet.trace.isEmpty)
    #expect(quiet.counters == full.counters)
    #expect(quiet.violations == full.violations)
    #expect(quiet.violationTimes == full.violationTimes)
    #expect(quiet.summary == full.summary)
    #expect(quiet.endTime == full.endTime)
    #expect(full.violations == ["broken"])
    #expect(full.violationTimes == [at(2_050 * ms)])  // the window opens at 2s, main is busy
    #expect(full.counters.tasksCreated == 3)
    #expect(full.counters.jobsRun > 0)
  }

  @Test("killAllTasks drops a pending timer")
  func killDropsTimer() {
    let result = simulate(
      programs: [[.sleep(nanoseconds: 2 * sec, onCancel: .return), .call(.mark("woke"))]],
      script: [.at(0, .spawn(program: 0)), .at(sec, .kill)])
    #expect(result.time(of: .taskEnded(t1, .killed)) == at(sec))
    #expect(
      !result.kinds.contains {
        if case .timerFired = $0 { return true }
        return false
      })
    #expect(result.marks.isEmpty)
    #expect(result.counters.sleepsCompleted == 0)
  }

  @Test("killAllTasks drops a resumption already queued behind a busy lane")
  func killDropsQueuedResumption() {
    let result = simulate(
      programs: [[.sleep(nanoseconds: sec, onCancel: .return), .call(.mark("woke"))]],
      script: [
        .at(0, .spawn(program: 0)),
        .at(500 * ms, .busy(nanoseconds: sec)),
        .at(1_200 * ms, .kill),
      ])
    #expect(
      result.time(
        of: .timerFired(
          t1, timer: TimerID(number: 1), queue: queued(busyUntil: at(1_500 * ms)), rule: "S4"))
        == at(sec))
    #expect(result.time(of: .taskEnded(t1, .killed)) == at(1_200 * ms))
    #expect(!result.kinds.contains(.jobStarted(.task(t1, .sleep))))
    #expect(result.marks.isEmpty)
    #expect(result.counters.jobsRun == 3)  // spawn, the task's start, busy
  }

  @Test("A cancel after a kill finds the task ended")
  func cancelAfterKill() {
    let result = simulate(
      programs: [[.sleep(nanoseconds: 2 * sec, onCancel: .return)]],
      script: [.at(0, .spawn(program: 0)), .at(sec, .kill), .at(sec, .cancel(task: 0))])
    #expect(result.kinds.contains(.cancelled(t1, effect: .alreadyEnded, rule: nil)))
    #expect(result.counters.cancellationsDelivered == 0)
  }

  @Test("endTime is the instant of the last happening applied, not of a discarded timer")
  func endTimeIgnoresDiscardedTimer() {
    let result = simulate(
      programs: [[.sleep(nanoseconds: 2 * sec, onCancel: .return)]],
      script: [.at(0, .spawn(program: 0)), .at(sec, .cancel(task: 0))])
    #expect(result.trace.last?.time == at(sec))
    #expect(result.endTime == at(sec))
  }
}
