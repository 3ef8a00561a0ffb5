import ModelContract
import RacelabKernel
import Synchronization

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

  private let arrivals = Mutex(Arrivals())
  private let limits: RealCodeLimits
  private let tracing: Bool

  // Touched on the controller's thread only; other threads read them only after checking
  // that they are on it.
  private(set) var isRunningJob = false
  private(set) var runningHome: JobHome?
  private(set) var anchorsOnItsThread: ClockAnchors?
  private var now = VirtualTime.zero
  private var runningTask: UInt64 = 0
  private var taskNumbers: [UInt64: Int] = [:]
  private var started: Set<UInt64> = []
  private var sleeping: [UInt64: VirtualTime] = [:]
  private var timersSet = 0
  private var invariants: [(name: String, holds: () -> Bool)] = []
  private var record = RealCodeRunRecord()

  init(limits: RealCodeLimits, tracing: Bool) {
    self.limits = limits
    self.tracing = tracing
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
      if let due = sleeping.removeValue(forKey: task), due > now {
        trace(home, "\(name(task))'s sleep ends early: cancelled before its timer")
      }
      arrivals.withLock { $0.ready.append(Ready(job: job, home: home, task: task)) }
      return
    }
    guard let duration = SleepDuration.recovered(from: deadline) else {
      arrivals.withLock {
        $0.unreadableClocks += 1
        $0.ready.append(Ready(job: job, home: home, task: task))
      }
      return
    }
    let due = VirtualTime(nanoseconds: now.nanoseconds.addingSaturating(duration))
    timersSet += 1
    sleeping[runningTask] = due
    trace(
      home,
      "\(name(runningTask)) sleeps \(DurationText.instant(VirtualTime(nanoseconds: duration))) → timer #\(timersSet) due at \(DurationText.instant(due))"
    )
    arrivals.withLock {
      $0.timers.append(Timer(due: due, job: job, home: home, sleeper: runningTask))
    }
  }

  /// Checks `holds` after every job from now on, under `name`.
  func addInvariant(_ name: String, _ holds: @escaping () -> Bool) {
    invariants.append((name, holds))
    check(name, holds())
  }

  /// Records `name` as broken now unless `holds` (once per run).
  func check(_ name: String, _ holds: Bool) {
    guard !holds, !record.violations.contains(where: { $0.name == name }) else { return }
    record.violations.append((name, now))
    trace(runningHome, "BROKEN \(name)")
  }

  /// Adds `text` to the trace.
  func note(_ text: String) {
    trace(runningHome, "\(name(runningTask)): \(text)")
  }

  /// Runs `body` once from its start, each choice decided by `strategy`; returns what the run
  /// did.
  func execute<Strategy: SchedulingStrategy>(
    _ body: @escaping @Sendable () async -> String, strategy: inout Strategy
  ) -> RealCodeRunRecord {
    RunOfThisThread.with(self) {
      let root = RootResult()
      isRunningJob = true
      Task.detached {
        let result = await body()
        root.value = result
      }
      isRunningJob = false
      runToQuiescence(strategy: &strategy, root: root)
      record.result = root.value
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

  /// Runs until nothing is left: no job ready, no timer set.
  private func runToQuiescence<Strategy: SchedulingStrategy>(
    strategy: inout Strategy, root: RootResult
  ) {
    while true {
      if record.jobs >= limits.jobsPerRun {
        record.problems.append(
          "the run did not end within \(limits.jobsPerRun) jobs (an endless loop, or a "
            + "periodic task: raise jobsPerRun or set a horizon)")
        return
      }
      let count = arrivals.withLock { $0.ready.count }
      guard count > 0 else {
        if fireNextTimers() { continue }
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
        count > 1 ? strategy.choose(.readyJob(time: now, alternatives: count), state: nil) : 0
      let next = arrivals.withLock { $0.ready.remove(at: choice) }
      run(next.job, home: next.home, task: next.task)
      for invariant in invariants { check(invariant.name, invariant.holds()) }
    }
  }

  /// Advances the clock to the earliest timer and runs every wake-up due then, in the order
  /// they were set; `false` when no timer is set (or the next is past the horizon).
  private func fireNextTimers() -> Bool {
    let due: [Timer] = arrivals.withLock { arrivals in
      guard let earliest = arrivals.timers.map(\.due).min(),
        limits.horizon.map({ earliest.nanoseconds <= $0 }) ?? true
      else { return [] }
      let due = arrivals.timers.filter { $0.due == earliest }
      arrivals.timers.removeAll { $0.due == earliest }
      return due
    }
    guard let first = due.first else { return false }
    now = first.due
    for timer in due {
      if sleeping[timer.sleeper] == timer.due {
        sleeping[timer.sleeper] = nil
        trace(nil, "timer fires: \(name(timer.sleeper))'s sleep is over")
      }
      run(timer.job, home: timer.home, task: 0)
    }
    return true
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
    if task != 0 {
      let first = started.insert(task).inserted
      trace(home, "\(name(task)) \(first ? "starts" : "resumes")")
    }
    isRunningJob = true
    runningHome = home
    runningTask = task
    anchorsOnItsThread = .now
    switch home {
    case .pool: RuntimeSurface.runOnPool(job)
    case .main: RuntimeSurface.runOnMain(job)
    }
    isRunningJob = false
    runningHome = nil
    runningTask = 0
    anchorsOnItsThread = nil
    record.jobs += 1
  }

  private func name(_ task: UInt64) -> String {
    taskNumbers[task].map { "T\($0)" } ?? "a job"
  }

  private func trace(_ home: JobHome?, _ text: @autoclosure () -> String) {
    guard tracing else { return }
    record.events.append(RealCodeEvent(time: now, home: home, text: text()))
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
