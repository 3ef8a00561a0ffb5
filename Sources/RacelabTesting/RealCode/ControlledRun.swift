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
    var due: TimerInstants.Instant
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
  /// The type of the actor the trace shows the running job on (`nil`: its lane).
  private var runningActor: String?
  private var taskNumbers: [UInt64: Int] = [:]
  private var mainHeldUntil: TimerInstants.Instant?
  private var instants: TimerInstants
  /// The window of the next sleep of each task that asked for one (``Race/duration(in:)``).
  private var pendingWindows: [UInt64: ClosedRange<Int64>] = [:]
  private var checkingInvariants = false
  private var settling: [CheckedContinuation<Void, Never>] = []
  private var chooser: (ChoicePoint) -> Int = { _ in 0 }
  private var invariants: [(name: String, holds: @MainActor () -> Bool)] = []
  private var record = RealCodeRunRecord()

  /// A run within `limits`, traced or not, whose windowed sleeps end at `windowInstants` (a
  /// previous attempt's ``RealCodeRunRecord/restartInstants``) when given.
  init(limits: RealCodeLimits, tracing: Bool, windowInstants: [Int64]? = nil) {
    self.limits = limits
    self.traced = tracing ? RealCodeTrace() : nil
    self.instants = TimerInstants(given: windowInstants)
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
    openJobOfCurrentTask()
    guard let deadline else {
      if task != 0, taskNumbers[task] == nil {
        let number = taskNumbers.count + 1
        taskNumbers[task] = number
        JobRouter.register(task, to: self)
        openJobOfCurrentTask()
        traced?.taskCreated(
          task: number, by: taskNumbers[runningTask], firstJobOn: home, at: now)
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
    // Who sleeps matters to the trace, and to a window asked for.
    let sleeper =
      traced == nil && pendingWindows.isEmpty ? 0 : RuntimeSurface.currentTaskID()
    let window = windowOfSleep(by: sleeper, measured: deadline)
    if window == nil && !reading.certain { record.uncertainSleeps += 1 }
    let due =
      window.map { instants.windowed(after: now, lasting: $0) }
      ?? instants.fixed(after: now, by: reading.nanoseconds)
    if let number = taskNumbers[sleeper] {
      openJobOfCurrentTask()
      let dueTime = VirtualTime(nanoseconds: due.nanoseconds)
      traced?.sleepStarted(
        task: number, duration: due.nanoseconds - now.nanoseconds, due: dueTime, at: now)
      if let window {
        traced?.sleepWindowed(task: number, window: window, due: dueTime, at: now)
      }
    }
    arrivals.withLock {
      $0.timers.append(Timer(due: due, job: job, home: home, sleeper: sleeper))
    }
  }

  /// Notes that the calling task's next sleep lasts somewhere in `window` nanoseconds, and
  /// is `window.lowerBound` long as written (``Race/duration(in:)``).
  func expectWindowedSleep(_ window: ClosedRange<Int64>) {
    let task = RuntimeSurface.currentTaskID()
    guard numberOfCurrentTask(task) != nil else {
      record.problems.append(
        "Race.duration(in:) was called outside a task of the run, so no sleep took its window")
      return
    }
    pendingWindows[task] = window
    remark("window", "its next sleep lasts somewhere in \(Self.describe(window))")
  }

  /// The window `sleeper`'s sleep lasts, if it asked for one and the sleep is as long as the
  /// window's start (`measured` allows it); a sleep of another length is a problem.
  private func windowOfSleep(
    by sleeper: UInt64, measured deadline: DeadlineRequest
  ) -> ClosedRange<Int64>? {
    guard let window = pendingWindows.removeValue(forKey: sleeper) else { return nil }
    guard let bounds = SleepDuration.bounds(of: deadline), bounds.contains(window.lowerBound)
    else {
      record.problems.append(
        "a sleep after Race.duration(in: \(Self.describe(window))) did not last the "
          + "window's start, so it was not taken as windowed: sleep for the duration it returns")
      return nil
    }
    return window
  }

  private static func describe(_ window: ClosedRange<Int64>) -> String {
    DurationText.format(window.lowerBound) + ".." + DurationText.format(window.upperBound)
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
    let choice = decide(.model(label, alternatives: count))
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
      record.restartInstants = instants.restart
      if !pendingWindows.isEmpty {
        record.problems.append(
          "\(pendingWindows.count) task(s) called Race.duration(in:) and did not sleep after it")
      }
      record.events = traced?.events ?? []
      record.laneNames = traced?.laneNames ?? RealCodeTrace.laneNames
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
        ? decide(.readyJob(time: now, alternatives: candidates.count)) : 0
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
    let timers = arrivals.withLock { $0.timers.map(\.due) }
    var next = earliest(of: timers)
    if let first = next, let horizon = limits.horizon,
      instants.comesAfter(horizon, first, choose: chooser)
        ?? (first.nanoseconds > horizon)
    {
      next = nil
    }
    if let hold = mainHeldUntil {
      next = next.map { order(of: hold, relativeTo: $0) == .before ? hold : $0 } ?? hold
    }
    guard let next else { return false }
    now = VirtualTime(nanoseconds: next.nanoseconds)
    instants.moved(to: next)
    if let held = mainHeldUntil, held.nanoseconds == now.nanoseconds {
      mainHeldUntil = nil
      traced?.holdEnded(at: now)
    }
    let horizon = limits.horizon ?? .max
    var due: [Timer] = arrivals.withLock { arrivals in
      guard next.nanoseconds <= horizon else { return [] }
      let due = arrivals.timers.filter { $0.due.nanoseconds == next.nanoseconds }
      arrivals.timers.removeAll { $0.due.nanoseconds == next.nanoseconds }
      return due
    }
    while !due.isEmpty {
      let choice =
        due.count > 1 ? decide(.sameInstant(time: now, alternatives: due.count)) : 0
      let timer = due.remove(at: choice)
      run(timer.job, home: timer.home, task: 0)
      if let number = taskNumbers[timer.sleeper], traced?.pendingSleep(of: number) == now {
        let resumption = resumption(of: timer.sleeper)
        traced?.timerFired(
          task: number, resumesOn: resumption.home, ahead: resumption.ahead, at: now)
      }
    }
    return true
  }

  /// The first of `instants` to come (one of those that come together): within a class the
  /// instants keep their order wherever the class's window ends; across classes the order is
  /// read off the zone or chosen.
  private func earliest(of dues: [TimerInstants.Instant]) -> TimerInstants.Instant? {
    // Without windows every instant is fixed: the earliest is the smallest.
    guard instants.hasWindows else { return dues.min { $0.nanoseconds < $1.nanoseconds } }
    var firstOfClass: [Int: TimerInstants.Instant] = [:]
    for due in dues
    where firstOfClass[due.instantClass].map({ due.nanoseconds < $0.nanoseconds }) ?? true {
      firstOfClass[due.instantClass] = due
    }
    var first: TimerInstants.Instant?
    for instantClass in firstOfClass.keys.sorted() {
      let candidate = firstOfClass[instantClass]!
      if let earliest = first, order(of: candidate, relativeTo: earliest) != .before { continue }
      first = candidate
    }
    return first
  }

  /// How `a` lies relative to `b`: from the zone or the strategy, or, once the run must start
  /// again, as this run's instants have it.
  private func order(
    of a: TimerInstants.Instant, relativeTo b: TimerInstants.Instant
  ) -> InstantOrder {
    guard instants.hasWindows else {
      return InstantOrder(Int128(a.nanoseconds), comparedWith: Int128(b.nanoseconds))
    }
    // `instants` asks only before the run must start again, so it asks the strategy itself.
    return instants.order(of: a, relativeTo: b, choose: chooser)
      ?? InstantOrder(Int128(a.nanoseconds), comparedWith: Int128(b.nanoseconds))
  }

  /// The strategy's answer at `point`; the first alternative once the run must start again
  /// (what it does from then on is not kept).
  private func decide(_ point: ChoicePoint) -> Int {
    instants.restart == nil ? chooser(point) : 0
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
    let until = instants.fixed(after: now, by: duration)
    if let held = mainHeldUntil, order(of: held, relativeTo: until) == .after { return }
    mainHeldUntil = until
    openJobOfCurrentTask()
    traced?.mainHeld(until: VirtualTime(nanoseconds: until.nanoseconds), at: now)
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
    if traced != nil, let number = taskNumbers[task] {
      let isCancelled = RuntimeSurface.isCancelled(taskOf: job)
      traced?.jobStarted(task: number, on: home, isCancelled: isCancelled, at: now)
    }
    runningTask = task
    asJob(home: home) {
      switch home {
      case .pool: RuntimeSurface.runOnPool(job)
      case .main: RuntimeSurface.runOnMain(job)
      }
    }
    if traced != nil { traceFlagsSet() }
    traced?.jobReturned(at: now)
    runningTask = 0
    runningActor = nil
    record.jobs += 1
  }

  /// Tells the cancels the job that just ran made that racelab can see: the flag of a task
  /// whose job waits in a queue (a cancel of a sleeping task is told as it happens, S3).
  private func traceFlagsSet() {
    let queued = arrivals.withLock { $0.ready.filter { $0.task != 0 } }
    for ready in queued {
      guard let number = taskNumbers[ready.task], traced?.toldCancelled(number) == false,
        RuntimeSurface.isCancelled(taskOf: ready.job)
      else { continue }
      traced?.flagSet(task: number, at: now)
    }
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

  /// Starts the trace's job of the task running now where racelab sees it run: in a job of no
  /// task of its own (an actor's, which runs its tasks' steps inside it, one after another),
  /// so what it does is told as that task's; and on the actor the thread runs on now, when a
  /// pool job entered one or left it. Called wherever the running code reaches racelab.
  private func openJobOfCurrentTask() {
    guard traced != nil, isRunningJob, let home = runningHome else { return }
    let actor = home == .pool ? RuntimeSurface.currentActorTypeName() : nil
    let current = RuntimeSurface.currentTaskID()
    guard current != runningTask || actor != runningActor,
      let number = numberOfCurrentTask(current)
    else { return }
    runningTask = current
    runningActor = actor
    traced?.jobStarted(
      task: number, on: home, actor: actor, isCancelled: RuntimeSurface.currentTaskIsCancelled,
      at: now)
  }

  /// The number of `current`, the task running now (`nil`: none). A task of the run whose
  /// job racelab never captured (one isolated to an actor, created while the actor was busy,
  /// goes straight to the actor's queue) is numbered when racelab first sees it run on an
  /// actor inside one of the run's pool jobs. (The runtime's own tasks, such as the one that
  /// ends a sleep, run on no actor.)
  private func numberOfCurrentTask(_ current: UInt64) -> Int? {
    if let number = taskNumbers[current] { return number }
    guard current != 0, isRunningJob, runningHome == .pool,
      RuntimeSurface.currentActorTypeName() != nil
    else { return nil }
    let number = taskNumbers.count + 1
    taskNumbers[current] = number
    JobRouter.register(current, to: self)
    traced?.taskSeen(task: number)
    return number
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
