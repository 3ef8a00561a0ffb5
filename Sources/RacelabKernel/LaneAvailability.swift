import ModelContract

/// Whether a lane can run a job now, by the one rule the kernel's run of the lanes (C3, C6)
/// decides it: a lane that is not held by a busy job, not frozen, with a job queued is ready.
/// A live lane and its snapshot both read it, so the state graph sees the lanes a lane-order
/// point offers exactly as the kernel chose them.
protocol LaneAvailability {
  var busyUntil: VirtualTime? { get }
  var isFrozen: Bool { get }
  var hasQueuedJob: Bool { get }
}

extension LaneAvailability {
  // Both inlined: a snapshot's bytes read `isReady` for every lane, and called, it ran
  // unspecialised, reaching the lane's queue through the witness table and looking up the job
  // type's metadata at each call.

  /// Not held by a busy job and not frozen.
  @inline(__always)
  var canRun: Bool { busyUntil == nil && !isFrozen }

  /// Able to run a job now: it can run and has a job queued.
  @inline(__always)
  var isReady: Bool { canRun && hasQueuedJob }
}

extension LaneState: LaneAvailability {
  var hasQueuedJob: Bool { !queue.isEmpty }
}

extension StateSnapshot.Lane: LaneAvailability {
  var hasQueuedJob: Bool { !jobs.isEmpty }
}
