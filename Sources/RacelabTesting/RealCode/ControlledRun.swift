import ModelContract
import RacelabKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One execution of real async code under racelab's control: every job its tasks enqueue is
/// captured and run, one at a time, on the thread that calls ``execute(_:strategy:)``; virtual
/// time advances only when no job is ready; where several jobs are ready the strategy chooses.
final class ControlledRun: @unchecked Sendable {
  /// A captured job waiting to run.
  private struct Ready {
    var job: UnownedJob
    var home: JobHome
    var task: UInt64
  }

  /// A captured job waiting for its deadline: a sleep's wake-up.
  private struct Timer {
    var due: VirtualTime
    var job: UnownedJob
    var home: JobHome
    var sleeper: UInt64
  }

  /// What arrives, from the controller's thread or from another.
  private struct Arrivals {
    var ready: [Ready] = []
    var timers: [Timer] = []
    var fromOutside: [UInt64] = []
    var unreadableClocks = 0
  }

  private let arrivals = Locked(Arrivals())
  private let limits: RealCodeLimits
  /// The trace, when the run is traced.
  private var traced: RealCodeTrace?

  // Touched on the controller's thread only; other threads read them only after checking
  // that they are on it.
  private(set) var isRunningJob = false
  private(set) var runningHome: JobHome?
  private(set) var anchorsOnItsThread: ClockAnchors?
  private var now = VirtualTime.zero
  private var runningTask: UInt64 = 0
  private var taskNumbers: [UInt64: Int] = [:]
  private var mainHeldUntil: VirtualTime?
  private var checkingInvariants = false
  private var settling: [CheckedContinuation<Void, Never>] = []
  private var chooser: (ChoicePoint) -> Int = { _ in 0 }
  private var invariants: [(name: String, holds: @MainActor () -> Bool)] = []
  private var record = RealCodeRunRecord()

  init(limits: RealCodeLimits, tracing: Bool) {
    self.limits = limits
    self.traced = tracing ? RealCodeTrace() : nil
  }

  /// Takes in a job of this run: from its own thread while one of its jobs runs, or from
  /// another thread for a task that belongs to it.
  func capture(_ job: UnownedJob, home: JobHome, deadline: DeadlineRequest?) {
    let onItsThread = RunOfThisThread.current === self
    let task = RuntimeSurface.taskID(of: job)
    guard onItsThread else {
      arrivals.withLock {
        $0.fromOutside.append(task)
        $0.ready.append(Ready(job: job, home: home, task: task))
      }
      return
    }
    guard let deadline else {
      if task != 0, taskNumbers[task] == nil {
        taskNumbers[task] = taskNumbers.count + 1
        JobRouter.register(task, to: self)
      }
      arrivals.withLock { $0.ready.append(Ready(job: job, home: home, task: task)) }
      if let number = taskNumbers[task], let due = traced?.pendingSleep(of: number), due > now {
        openJobOfCurrentTask()
        let resumption = resumption(of: task)
        traced?.sleepCancelled(
          task: number, resumesOn: resumption.home, ahead: resumption.ahead, at: now)
      }
      return
    }
    guard let reading = SleepDuration.read(deadline) else {
      arrivals.withLock {
        $0.unreadableClocks += 1
        $0.ready.append(Ready(job: job, home: home, task: task))
      }
      return
    }
    let duration = reading.nanoseconds
    if !reading.certain { record.uncertainSleeps += 1 }
    let due = VirtualTime(nanoseconds: now.nanoseconds.addingSaturating(duration))
    // Who sleeps matters to the trace only.
    let sleeper = traced == nil ? 0 : RuntimeSurface.currentTaskID()
    if let number = taskNumbers[sleeper] {
      openJobOfCurrentTask()
      traced?.sleepStarted(task: number, duration: duration, due: due, at: now)
    }
    arrivals.withLock {
      $0.timers.append(Timer(due: due, job: job, home: home, sleeper: sleeper))
    }
  }

  /// Checks `holds` after every job from now on, under `name`.
  func addInvariant(_ name: String, _ holds: @escaping @MainActor () -> Bool) {
    invariants.append((name, holds))
    checkInvariants()
  }

  /// Checks every invariant, isolated to the main actor: racelab's main executor vouches for
  /// the isolation while they run, between jobs or inside the one that adds an invariant, when
  /// no other job runs.
  private func checkInvariants() {
    let saved = (isRunningJob, runningHome)
    (isRunningJob, runningHome, checkingInvariants) = (true, .main, true)
    for invariant in invariants {
      check(invariant.name, MainActor.assumeIsolated { invariant.holds() })
    }
    (isRunningJob, runningHome, checkingInvariants) = (saved.0, saved.1, false)
  }

  /// Records `name` as broken now unless `holds` (once per run).
  func check(_ name: String, _ holds: Bool) {
    guard !holds, !record.violations.contains(where: { $0.name == name }) else { return }
    record.violations.append((name, now))
    openJobOfCurrentTask()
    traced?.broken(name, checkedBy: checkingInvariants ? nil : taskNumbers[runningTask], at: now)
  }

  /// Resumes `waiter` once nothing else in the run can happen (``Race/settle()``).
  func resumeWhenSettled(_ waiter: CheckedContinuation<Void, Never>) {
    settling.append(waiter)
    remark("settle", "waits until nothing else can happen")
  }

  /// The alternative the run's strategy takes among `count` at a choice point of the code's
  /// own, named `label`.
  func choose(_ count: Int, _ label: String) -> Int {
    guard count > 1 else { return 0 }
    let choice = chooser(.model(label, alternatives: count))
    remark("choice", "chooses \(label): \(choice + 1) of \(count)")
    return choice
  }

  /// Adds `text` to the trace.
  func note(_ text: String) {
    remark("note", text)
  }

  /// Runs `body` once from its start, each choice decided by `strategy`; returns what the run
  /// did.
  func execute<Strategy: SchedulingStrategy>(
    _ body: @escaping @Sendable () async -> String, strategy: inout Strategy
  ) -> RealCodeRunRecord {
    RunOfThisThread.with(self) {
      let root = RootResult()
      asJob(home: nil) {
        Task.detached {
          let result = await body()
          root.value = result
        }
      }
      let choices = ChoiceBox(strategy)
      chooser = { choices.choose($0) }
      runToQuiescence(root: root)
      chooser = { _ in 0 }
      strategy = choices.strategy
      record.result = root.value
      record.endTime = now
      record.events = traced?.events ?? []
      let outside = arrivals.withLock { ($0.fromOutside, $0.unreadableClocks) }
      if !outside.0.isEmpty {
        record.problems.append(
          "\(outside.0.count) job(s) of the run's tasks arrived from another thread "
            + "(a DispatchQueue, a Thread, an actor with its own executor, or a real-clock "
            + "wait resumed them): racelab ran them but did not choose when they arrived")
      }
      if outside.1 > 0 {
        record.problems.append(
          "\(outside.1) sleep(s) on a clock whose durations are not Swift.Duration ran at "
            + "once: sleep on ContinuousClock, SuspendingClock or Task.sleep instead")
      }
      JobRouter.unregister(taskNumbers.keys)
      return record
    }
  }

  /// Runs until nothing is left: no job ready, no timer set, the main actor not held.
  private func runToQuiescence(root: RootResult) {
    while true {
      if record.jobs >= limits.jobsPerRun {
        record.problems.append(
          "the run did not end within \(limits.jobsPerRun) jobs (an endless loop, or a "
            + "periodic task: raise jobsPerRun or set a horizon)")
        return
      }
      let candidates = runnable()
      guard !candidates.isEmpty else {
        if advanceClock() { continue }
        if !settling.isEmpty {
          let waiters = settling
          settling = []
          asJob(home: nil) { for waiter in waiters { waiter.resume() } }
          continue
        }
        if root.value != nil || waitForOutside() == false {
          if root.value == nil {
            record.problems.append(
              "the body did not finish and nothing is left to run: a deadlock, or a wait "
                + "on something racelab does not control (a continuation never resumed, "
                + "a DispatchQueue, a Thread, an actor with its own executor)")
          }
          return
        }
        continue
      }
      let choice =
        candidates.count > 1
        ? chooser(.readyJob(time: now, alternatives: candidates.count)) : 0
      let next = arrivals.withLock { $0.ready.remove(at: candidates[choice]) }
      run(next.job, home: next.home, task: next.task)
      if !invariants.isEmpty { checkInvariants() }
    }
  }

  /// The positions of the ready jobs that may run next, in the order they became ready: every
  /// pool job (the pool runs jobs side by side), and the first main-actor job unless the main
  /// actor is held (it runs its jobs one at a time, first in first out).
  private func runnable() -> [Int] {
    let mainIsFree = mainHeldUntil == nil
    return arrivals.withLock { arrivals in
      var positions: [Int] = []
      var mainSeen = false
      for (position, ready) in arrivals.ready.enumerated() {
        switch ready.home {
        case .pool:
          positions.append(position)
        case .main:
          if mainIsFree && !mainSeen { positions.append(position) }
          mainSeen = true
        }
      }
      return positions
    }
  }

  /// Advances the clock to the next instant something is due (a timer, or the end of a hold
  /// on the main actor) and applies what is due then: the hold ends, and the timers' wake-ups
  /// run, in an order the strategy chooses when several are due together. `false` when
  /// nothing is due (or the next timer is past the horizon).
  private func advanceClock() -> Bool {
    let earliestTimer = arrivals.withLock { $0.timers.map(\.due).min() }
      .flatMap { due in limits.horizon.map { due.nanoseconds <= $0 } ?? true ? due : nil }
    guard let next = [earliestTimer, mainHeldUntil].compactMap({ $0 }).min() else {
      return false
    }
    now = next
    if let held = mainHeldUntil, held <= now {
      mainHeldUntil = nil
      traced?.holdEnded(at: now)
    }
    var due: [Timer] = arrivals.withLock { arrivals in
      let due = arrivals.timers.filter { $0.due == next }
      arrivals.timers.removeAll { $0.due == next }
      return due
    }
    while !due.isEmpty {
      let choice =
        due.count > 1 ? chooser(.sameInstant(time: now, alternatives: due.count)) : 0
      let timer = due.remove(at: choice)
      run(timer.job, home: timer.home, task: 0)
      if let number = taskNumbers[timer.sleeper], traced?.pendingSleep(of: number) == timer.due {
        let resumption = resumption(of: timer.sleeper)
        traced?.timerFired(
          task: number, resumesOn: resumption.home, ahead: resumption.ahead, at: now)
      }
    }
    return true
  }

  /// Holds the main actor for `duration` nanoseconds from now, as a job that long would:
  /// called from a main-actor job.
  func holdMain(for duration: Int64) {
    guard runningHome == .main else {
      record.problems.append(
        "Race.busy was called off the main actor: it holds the main actor only, so it held "
          + "nothing")
      return
    }
    let until = VirtualTime(nanoseconds: now.nanoseconds.addingSaturating(max(0, duration)))
    mainHeldUntil = max(mainHeldUntil ?? until, until)
    openJobOfCurrentTask()
    traced?.mainHeld(until: until, at: now)
  }

  /// Waits, in real time and at most ``RealCodeLimits/outsideWait``, for a job to arrive from
  /// another thread; `true` when one did.
  private func waitForOutside() -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limits.outsideWait)
    while clock.now < deadline {
      if arrivals.withLock({ !$0.ready.isEmpty || !$0.timers.isEmpty }) { return true }
      usleep(1_000)
    }
    return false
  }

  private func run(_ job: UnownedJob, home: JobHome, task: UInt64) {
    if let number = taskNumbers[task] {
      traced?.jobStarted(task: number, on: home, at: now)
    }
    runningTask = task
    asJob(home: home) {
      switch home {
      case .pool: RuntimeSurface.runOnPool(job)
      case .main: RuntimeSurface.runOnMain(job)
      }
    }
    traced?.jobReturned(at: now)
    runningTask = 0
    record.jobs += 1
  }

  /// Runs `body` as one of the run's jobs: what it enqueues is the run's.
  private func asJob(home: JobHome?, _ body: () -> Void) {
    isRunningJob = true
    runningHome = home
    anchorsOnItsThread = .now
    body()
    isRunningJob = false
    runningHome = nil
    anchorsOnItsThread = nil
  }

  /// Where `task`'s last ready job waits: on the main actor behind that many of its jobs, or
  /// on the pool (0 ahead: the pool runs its jobs side by side).
  private func resumption(of task: UInt64) -> (home: JobHome, ahead: Int) {
    arrivals.withLock { arrivals in
      guard let position = arrivals.ready.lastIndex(where: { $0.task == task }),
        arrivals.ready[position].home == .main
      else { return (.pool, 0) }
      return (.main, arrivals.ready[..<position].filter { $0.home == .main }.count)
    }
  }

  /// In a job of no task of its own (an actor's, which runs a task's step inside it), starts
  /// the trace's job of the task running now, so what it does is told as that task's.
  private func openJobOfCurrentTask() {
    guard traced != nil, isRunningJob, runningTask == 0, let home = runningHome else { return }
    let current = RuntimeSurface.currentTaskID()
    guard let number = taskNumbers[current] else { return }
    runningTask = current
    traced?.jobStarted(task: number, on: home, at: now)
  }

  /// Adds a remark about the running task (a note, a choice, a wait) to the trace.
  private func remark(_ kind: String, _ text: String) {
    openJobOfCurrentTask()
    let number = taskNumbers[runningTask]
    traced?.note(kind, task: number, subject: number.map { "T\($0)" } ?? "racelab", text, at: now)
  }
}

/// A run's strategy, reached from its jobs through a closure.
private final class ChoiceBox<Strategy: SchedulingStrategy> {
  var strategy: Strategy

  init(_ strategy: Strategy) {
    self.strategy = strategy
  }

  func choose(_ point: ChoicePoint) -> Int {
    min(max(0, strategy.choose(point, state: nil)), point.alternativeCount - 1)
  }
}

/// The root task's result, written by its last job on the controller's thread.
private final class RootResult: @unchecked Sendable {
  var value: String?
}

extension Int64 {
  fileprivate func addingSaturating(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other < 0 ? .min : .max) : sum
  }
}
