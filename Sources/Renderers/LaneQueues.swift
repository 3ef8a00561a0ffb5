import ModelContract
import RacelabKernel

/// The jobs waiting on each lane, rebuilt from the trace, so a line can say what a job waits
/// behind ("queued behind screen-disappear") and not only how many jobs.
///
/// Every operation costs a constant amount of work per job queued, however many jobs wait at
/// once: a queue is an array read from a moving head, and each entry remembers how many task
/// steps were queued before it, so "is a task's step among the first n jobs" is one subtraction.
struct LaneQueues {
  private var queues: [LaneID: LaneQueue] = [:]
  /// Entries written, passed over, moved or named so far. Tests read it to pin that the work
  /// grows linearly with the trace.
  private(set) var work = 0

  /// A job joined the back of `lane`'s queue; `unannounced` is the instant of an event's
  /// arrival that had no line of its own.
  /// `pending` identifies an arrival whose line may still be written where it arrived.
  mutating func enqueue(
    _ job: TraceEvent.Job, on lane: LaneID, unannounced: VirtualTime? = nil, pending: Int? = nil
  ) {
    work += 1
    queues[lane, default: LaneQueue()].append(job, unannounced: unannounced, pending: pending)
  }

  /// `job` began on `lane`. Jobs queued before it that never began were dropped by the kernel
  /// (steps of tasks killed with their process), so they leave the queue too. The kernel traces
  /// every job it queues, so the search finds `job` and every entry it passes leaves the queue
  /// with it: each entry is passed once.
  /// Returns the pending arrivals among the entries that left.
  @discardableResult
  mutating func started(_ job: TraceEvent.Job, on lane: LaneID) -> [Int] {
    guard let (passed, pending) = queues[lane]?.removeThrough(job) else { return [] }
    work += passed
    return pending
  }

  /// The process of `lane` ended: every job waiting on it is dropped. Returns them, front first.
  mutating func dropAll(on lane: LaneID) -> [TraceEvent.Job] {
    let dropped = waiting(on: lane)
    work += dropped.count
    queues[lane] = nil
    return dropped
  }

  /// Follows `event` as the kernel queued and started jobs: the job it queues joins its lane's
  /// queue, the job it starts leaves it. Returns the lane whose queue changed, if any.
  mutating func follow(_ event: TraceEvent) -> LaneID? {
    let queued: (TraceEvent.Job, LaneID)
    switch event.kind {
    case .arrived(let label, .queued(let lane, _), _): queued = (.event(label), lane)
    case .taskCreated(let task, _, let lane): queued = (.task(task, nil), lane)
    case .timerFired(let task, _, let position, _): queued = (.task(task, .sleep), position.lane)
    case .cancelled(let task, .timerDiscarded(_, let position), _):
      queued = (.task(task, .sleep), position.lane)
    case .cancelled(let task, .awaitWillThrow(let position), _):
      queued = (.task(task, .await), position.lane)
    case .yielded(let task, let position, _): queued = (.task(task, .yield), position.lane)
    case .hopped(let task, let target, _, _): queued = (.task(task, .hop), target)
    case .awaitEnded(let task, _, let position): queued = (.task(task, .await), position.lane)
    case .jobStarted(let job):
      guard let lane = event.lane else { return nil }
      started(job, on: lane)
      return lane
    default: return nil
    }
    enqueue(queued.0, on: queued.1)
    return queued.1
  }

  /// The jobs waiting on `lane`, front first.
  func waiting(on lane: LaneID) -> [TraceEvent.Job] {
    queues[lane]?.waiting ?? []
  }

  /// The jobs ahead of a job queued at `position`: how many, the first few, and whether a
  /// task's step is among them.
  mutating func ahead(of position: TraceEvent.QueuePosition) -> JobsAhead {
    let ahead = queues[position.lane]?.ahead(position.jobsAhead) ?? JobsAhead()
    work += 1 + ahead.named.count
    return ahead
  }
}

/// The jobs ahead of a queued job, as much of them as a line of the trace shows.
struct JobsAhead {
  /// A line names at most this many of the jobs ahead, so a line stays short however long the
  /// queue is.
  static let namedLimit = 4

  /// How many jobs are ahead.
  var count = 0
  /// The first of them, front first, at most ``namedLimit``.
  var named: [TraceEvent.Job] = []
  /// For each of ``named``, the instant it arrived when that arrival had no line of its own.
  var unannounced: [VirtualTime?] = []
  /// For each of ``named``, the arrival whose line may still be written, if any.
  var pending: [Int?] = []
  /// Whether a task's step is among all `count` of them.
  var includesTask = false
}

/// One lane's queue: the entries from `head` on wait, front first.
private struct LaneQueue {
  private struct Entry {
    var job: TraceEvent.Job
    /// Task steps queued on this lane before this entry, since the start.
    var tasksBefore: Int
    /// The instant an event arrived, when its arrival had no line of its own.
    var unannounced: VirtualTime?
    /// The arrival whose line may still be written where it arrived.
    var pending: Int?
  }

  private var entries: [Entry] = []
  private var head = 0
  /// Task steps queued on this lane since the start.
  private var tasksQueued = 0

  /// The waiting jobs, front first.
  var waiting: [TraceEvent.Job] { entries[head...].map(\.job) }

  mutating func append(_ job: TraceEvent.Job, unannounced: VirtualTime?, pending: Int?) {
    entries.append(
      Entry(job: job, tasksBefore: tasksQueued, unannounced: unannounced, pending: pending))
    if case .task = job { tasksQueued += 1 }
  }

  /// Removes the entries up to and including the first `job` (nothing when it is not queued);
  /// returns how many entries were looked at or moved, and the pending arrivals that left.
  mutating func removeThrough(_ job: TraceEvent.Job) -> (work: Int, pending: [Int]) {
    guard let index = entries[head...].firstIndex(where: { $0.job == job }) else {
      return (entries.count - head, [])
    }
    let pending = entries[head...index].compactMap(\.pending)
    var work = index + 1 - head
    head = index + 1
    if head == entries.count {
      entries.removeAll(keepingCapacity: true)
      head = 0
    } else if head * 2 >= entries.count {
      // Moving the rest down costs no more than the entries removed since the last move.
      work += entries.count - head
      entries.removeFirst(head)
      head = 0
    }
    return (work, pending)
  }

  /// The first `limit` waiting jobs (all of them if fewer wait).
  func ahead(_ limit: Int) -> JobsAhead {
    let count = min(limit, entries.count - head)
    guard count > 0 else { return JobsAhead() }
    let end = head + count
    let tasksThrough = end < entries.count ? entries[end].tasksBefore : tasksQueued
    let named = entries[head..<min(end, head + JobsAhead.namedLimit)]
    return JobsAhead(
      count: count, named: named.map(\.job), unannounced: named.map(\.unannounced),
      pending: named.map(\.pending),
      includesTask: tasksThrough > entries[head].tasksBefore)
  }
}
