import ModelContract

/// The kernel's bookkeeping for one task.
///
/// The fields are declared in this order so that the record packs into 32 bytes (the 9-byte
/// state first, the flag in its tail padding): a run of a million tasks keeps them all.
struct TaskRecord {
  var state: State = .startQueued
  var isCancelled = false
  var program: Int32
  var lane: Int32
  /// The index of the step to run next (or, while suspended, of the suspending step).
  var pc: Int32 = 0
  /// When the flag was set, in nanoseconds.
  var cancelledAt: Int64 = 0

  enum State: Hashable {
    /// Created; its first step is queued (C5).
    case startQueued
    /// Its job is running now.
    case running
    /// Suspended in a sleep whose timer is pending.
    case sleeping(timer: Int64)
    /// Its resumption is queued on its lane.
    case resumeQueued(TraceEvent.Suspension, throwing: Bool)
    /// Waiting for the task at this index to end.
    case awaiting(Int32)
    /// It ended.
    case ended(TraceEvent.TaskEnd)
  }

  var hasEnded: Bool {
    if case .ended = state { return true }
    return false
  }
}

/// A lane's queue and its busy and frozen state.
struct LaneState {
  var queue = FIFOQueue<Job>()
  /// Set while a busy job holds the lane.
  var busyUntil: VirtualTime?
  /// The number of busy periods the lane has begun, wrapping: the end of a period on the
  /// agenda is live only while this still is its number.
  var busyTag: UInt32 = 0
  /// The job holding the lane, for the end of its span in the trace.
  var heldJob: TraceEvent.Job?
  var isFrozen = false
}

/// A job queued on a lane.
enum Job {
  /// A model event's job (index into the event table).
  case event(Int32)
  /// A task's next step; what it resumes from is in the task's state.
  case task(Int32)
}
