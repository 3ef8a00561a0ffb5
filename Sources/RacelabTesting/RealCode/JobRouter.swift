import RacelabKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a captured job runs: on the pool (a task's or a default actor's job) or isolated to
/// the main actor.
enum JobHome: Sendable {
  case pool
  case main
}

/// The two clocks' readings when the job that is running started: a sleep's deadline measured
/// from them is no shorter than the sleep.
struct ClockAnchors {
  let continuous: ContinuousClock.Instant
  let suspending: SuspendingClock.Instant

  static var now: ClockAnchors {
    ClockAnchors(continuous: .now, suspending: .now)
  }
}

/// Decides, for every job the process enqueues while racelab is installed, whether it is a
/// controlled run's: it is when its thread is running one of that run's jobs (then its task
/// joins the run), or when its task already belongs to a run (then it arrived from outside).
enum JobRouter {
  /// Runs by the tasks that belong to them.
  private static let owners = Locked<[UInt64: ControlledRun]>([:])

  /// Captures `job` for the run it belongs to; `false` when it belongs to none. `deadline`
  /// measures a timed request against the anchors of the job that made it.
  static func capture(
    _ job: UnownedJob, home: JobHome, deadline: ((ClockAnchors?) -> DeadlineRequest)? = nil
  ) -> Bool {
    if let run = RunOfThisThread.current, run.isRunningJob {
      run.capture(job, home: home, deadline: deadline?(run.anchorsOnItsThread))
      return true
    }
    let task = RuntimeSurface.taskID(of: job)
    guard task != 0, let run = owners.withLock({ $0[task] }) else { return false }
    run.capture(job, home: home, deadline: deadline?(nil))
    return true
  }

  /// Whether this thread is a controlled run's and is running a main-actor job.
  static var isRunningMainJobOnThisThread: Bool {
    RunOfThisThread.current?.runningHome == .main
  }

  /// Notes that `task` belongs to `run`.
  static func register(_ task: UInt64, to run: ControlledRun) {
    owners.withLock { $0[task] = run }
  }

  /// Forgets the tasks of a run that ended.
  static func unregister(_ tasks: some Sequence<UInt64>) {
    owners.withLock { owners in
      for task in tasks { owners[task] = nil }
    }
  }
}

/// The controlled run whose controller is the current thread, if any.
enum RunOfThisThread {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  static var current: ControlledRun? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<ControlledRun>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Makes `run` the current thread's run for the duration of `body`.
  static func with<T>(_ run: ControlledRun, _ body: () -> T) -> T {
    pthread_setspecific(key, Unmanaged.passUnretained(run).toOpaque())
    defer { pthread_setspecific(key, nil) }
    return body()
  }
}
