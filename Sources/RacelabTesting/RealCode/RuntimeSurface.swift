// Everything racelab relies on that the Swift runtime does not promise: SPI protocols and
// entry points, and one runtime function. Swift 6.3.1 on Linux is where each was measured;
// the documentation's DrivingRealCode.md lists them ("What racelab relies on, and the limits"),
// and RuntimeSurfaceTests checks each on every toolchain CI runs.
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The runtime's id of the task a job belongs to (0 for a job that is not a task).
@_silgen_name("swift_task_getJobTaskId")
private func runtimeTaskID(of job: UnownedJob) -> UInt64

/// The runtime's `swift_task_getCurrentExecutor`, looked up by name (its name is reserved to
/// the runtime, so it is not declared): the executor the calling thread runs a job on, as two
/// words, an identity and an implementation.
private let runtimeCurrentExecutor: (@convention(thin) () -> UnownedSerialExecutor)? = {
  guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getCurrentExecutor") else {
    return nil
  }
  return unsafeBitCast(symbol, to: (@convention(thin) () -> UnownedSerialExecutor).self)
}()

/// The runtime surface racelab's controlled runs stand on.
enum RuntimeSurface {
  /// The executors the process had before racelab's were installed, to which every job that
  /// is not a controlled run's is forwarded.
  struct PlatformExecutors: @unchecked Sendable {
    let pool: any TaskExecutor & SchedulingExecutor
    let main: any MainExecutor & SchedulingExecutor
  }

  /// The executors racelab's replaced, to which they forward every job that is not a
  /// controlled run's; `nil` until ``installOnce()`` has installed them. Set before racelab's
  /// executors are, and read through the same one-time initialisation, so every thread that
  /// reaches racelab's executors sees it.
  static var platform: PlatformExecutors? {
    installation
  }

  /// Installs racelab's capturing executors as the process's default and main executors, the
  /// first time it is called (`_createExecutors(factory:)`, SPI). From then on every job of
  /// the process passes through ``JobRouter``, which forwards what is not a controlled run's.
  static func installOnce() -> Bool {
    installation != nil
  }

  private static let installation: PlatformExecutors? = {
    guard let pool = Task.defaultExecutor as? any TaskExecutor & SchedulingExecutor,
      let main = MainActor.executor as? any MainExecutor & SchedulingExecutor
    else { return nil }
    let platform = PlatformExecutors(pool: pool, main: main)
    _createExecutors(factory: CapturingExecutorFactory.self)
    return platform
  }()

  /// The id of the task `job` belongs to, 0 when it belongs to none.
  static func taskID(of job: UnownedJob) -> UInt64 {
    runtimeTaskID(of: job)
  }

  /// The id of the task running on the calling thread (0 when none): a task is a job, so the
  /// runtime's job id function reads it.
  static func currentTaskID() -> UInt64 {
    withUnsafeCurrentTask { task in
      task.map { runtimeTaskID(of: unsafeBitCast($0, to: UnownedJob.self)) } ?? 0
    }
  }

  /// Whether the task `job` belongs to has its cancelled flag set. `job` must be a task's own job (its
  /// ``taskID(of:)`` is not 0) that is queued, so the task is alive: a task is its own job,
  /// so the runtime's task handle reads it.
  static func isCancelled(taskOf job: UnownedJob) -> Bool {
    unsafeBitCast(job, to: UnsafeCurrentTask.self).isCancelled
  }

  /// Whether the task running on the calling thread has its cancelled flag set (`false` when
  /// no task runs).
  static var currentTaskIsCancelled: Bool {
    withUnsafeCurrentTask { $0?.isCancelled ?? false }
  }

  /// The type name of the actor the calling thread runs on now (`Counter`), `nil` off every
  /// actor of the kind racelab runs: on the pool, on the main actor, or on an actor with an
  /// executor of its own. A default actor is its own executor: the identity word is the actor
  /// and the implementation word is 0.
  static func currentActorTypeName() -> String? {
    guard let current = runtimeCurrentExecutor?() else { return nil }
    let (identity, implementation) = unsafeBitCast(current, to: (UInt, UInt).self)
    guard implementation == 0, let pointer = UnsafeRawPointer(bitPattern: identity) else {
      return nil
    }
    let actor = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    return String(describing: type(of: actor))
  }

  /// Runs `job` on the calling thread as the global pool would, on the generic executor: the
  /// sleeps and yields it makes go to the default executor, racelab's, which captures them.
  /// (Running it with a task executor of racelab's instead makes the runtime add a hop job
  /// at almost every await, and splits a sleep's deadline from its request.)
  static func runOnPool(_ job: UnownedJob) {
    job.runSynchronously(on: genericExecutor)
  }

  /// The runtime's generic executor (`SerialExecutorRef::generic()`: two null words), what
  /// the global pool runs a task's job on.
  private static let genericExecutor = unsafeBitCast(
    (0 as UInt, 0 as UInt), to: UnownedSerialExecutor.self)

  /// Runs `job` on the calling thread isolated to the main actor (racelab's main executor, which
  /// vouches for the isolation while it runs).
  static func runOnMain(_ job: UnownedJob) {
    job.runSynchronously(on: MainActor.sharedUnownedExecutor)
  }
}

/// Names racelab's executors to the runtime.
private enum CapturingExecutorFactory: ExecutorFactory {
  static var mainExecutor: any MainExecutor { CapturingMainExecutor.shared }
  static var defaultExecutor: any TaskExecutor { CapturingPoolExecutor.shared }
}

/// A job that will become ready at a deadline: what a sleep asks for.
struct DeadlineRequest {
  /// The time from the request to the deadline, as the clock measured it when the request
  /// arrived (no more than the sleep's duration).
  var atArrival: Duration?
  /// The time from the start of the job that asked to the deadline (no less than the sleep's
  /// duration), when the clock is one racelab anchors.
  var fromJobStart: Duration?
}

/// Measures a deadline request on the two clocks `Task.sleep` uses.
private func deadlineRequest<C: Clock>(
  at instant: C.Instant, clock: C, anchors: ClockAnchors?
) -> DeadlineRequest {
  let atArrival = clock.now.duration(to: instant) as? Duration
  var fromJobStart: Duration?
  if let anchors {
    if let instant = instant as? ContinuousClock.Instant {
      fromJobStart = anchors.continuous.duration(to: instant)
    } else if let instant = instant as? SuspendingClock.Instant {
      fromJobStart = anchors.suspending.duration(to: instant)
    }
  }
  return DeadlineRequest(atArrival: atArrival, fromJobStart: fromJobStart)
}

/// Gives `job` to the controlled run it belongs to, or else to `platform`.
private func captureOrForward(
  _ job: UnownedJob, home: JobHome, to platform: (any SchedulingExecutor)?
) {
  if !JobRouter.capture(job, home: home) { platform?.enqueue(ExecutorJob(job)) }
}

/// Gives `job`, due at `instant`, to the controlled run it belongs to, or else to `platform`.
private func captureOrForward<C: Clock>(
  _ job: UnownedJob, home: JobHome, at instant: C.Instant, tolerance: C.Duration?, clock: C,
  to platform: (any SchedulingExecutor)?
) {
  let captured = JobRouter.capture(job, home: home) { anchors in
    deadlineRequest(at: instant, clock: clock, anchors: anchors)
  }
  if !captured {
    platform?.enqueue(ExecutorJob(job), at: instant, tolerance: tolerance, clock: clock)
  }
}

/// The process's default executor while racelab is installed: a controlled run's jobs go to
/// it, every other job to the platform's pool.
private final class CapturingPoolExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
  static let shared = CapturingPoolExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    captureOrForward(UnownedJob(job), home: .pool, to: RuntimeSurface.platform?.pool)
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    captureOrForward(
      UnownedJob(job), home: .pool, at: instant, tolerance: tolerance, clock: clock,
      to: RuntimeSurface.platform?.pool)
  }
}

/// The process's main executor while racelab is installed: a controlled run's main-actor jobs
/// go to it, every other one to the platform's main executor.
private final class CapturingMainExecutor: MainExecutor, SchedulingExecutor, @unchecked Sendable {
  static let shared = CapturingMainExecutor()

  func run() throws {
    try RuntimeSurface.platform?.main.run()
  }

  func stop() {
    RuntimeSurface.platform?.main.stop()
  }

  var isMainExecutor: Bool { true }

  func enqueue(_ job: consuming ExecutorJob) {
    captureOrForward(UnownedJob(job), home: .main, to: RuntimeSurface.platform?.main)
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    captureOrForward(
      UnownedJob(job), home: .main, at: instant, tolerance: tolerance, clock: clock,
      to: RuntimeSurface.platform?.main)
  }

  /// Isolated while a controlled run executes a main-actor job on this thread; otherwise
  /// whatever the platform's main executor says (it stops the process when not isolated).
  func checkIsolated() {
    if JobRouter.isRunningMainJobOnThisThread { return }
    RuntimeSurface.platform?.main.checkIsolated()
  }
}
