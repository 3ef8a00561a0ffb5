import RacelabKernel

/// The jobs waiting on each lane, rebuilt from the trace, so a line can say what a job waits
/// behind ("queued behind screen-disappear") and not only how many jobs.
struct LaneQueues {
  private var queues: [LaneID: [TraceEvent.Job]] = [:]

  /// A job joined the back of `lane`'s queue.
  mutating func enqueue(_ job: TraceEvent.Job, on lane: LaneID) {
    queues[lane, default: []].append(job)
  }

  /// `job` began on `lane`. Jobs queued before it that never began were dropped by the kernel
  /// (steps of tasks killed with their process), so they leave the queue too.
  mutating func started(_ job: TraceEvent.Job, on lane: LaneID) {
    guard let index = queues[lane]?.firstIndex(of: job) else { return }
    queues[lane]?.removeSubrange(...index)
  }

  /// The jobs ahead of a job queued at `position`, front first.
  func ahead(of position: TraceEvent.QueuePosition) -> [TraceEvent.Job] {
    Array((queues[position.lane] ?? []).prefix(position.jobsAhead))
  }
}
