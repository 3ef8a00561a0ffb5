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
  /// Not held by a busy job and not frozen.
  var canRun: Bool { busyUntil == nil && !isFrozen }

  /// Able to run a job now: it can run and has a job queued.
  var isReady: Bool { canRun && hasQueuedJob }
}

extension LaneState: LaneAvailability {
  var hasQueuedJob: Bool { !queue.isEmpty }
}

extension StateSnapshot.Lane: LaneAvailability {
  var hasQueuedJob: Bool { !jobs.isEmpty }
}
