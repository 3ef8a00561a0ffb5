/// The kernel's state during a run and the services a model uses from its event handlers and
/// operations: the clocks, tasks and their cancellation, lanes, scheduling and the trace.
public struct SimulationContext<Model: SimulationModel> {
  /// The current virtual instant.
  public internal(set) var now: VirtualTime = .zero
  /// The wall clock calendar days come from.
  public internal(set) var wallClock: WallClock
  /// The cancellation semantics tasks follow.
  public let profile: RuntimeProfile
  /// Whether the full trace is recorded (otherwise only counters are kept).
  public let isTracing: Bool
  /// The lane of the job running now, or `nil` between jobs.
  public internal(set) var currentLane: LaneID?
  /// Counts kept in every run.
  public internal(set) var counters = SimulationCounters()
  /// Names of invariants broken so far, in order of first occurrence.
  public private(set) var violations: [String] = []
  /// When each of ``violations`` first broke.
  public private(set) var violationTimes: [VirtualTime] = []
  /// The trace so far (empty unless ``isTracing``).
  public internal(set) var trace: [TraceEvent] = []
  /// The most events the trace keeps; past it, the trace stops and ``traceOverflowed`` is set.
  var traceLimit = Int.max
  /// Whether the run produced more trace events than ``traceLimit``.
  public internal(set) var traceOverflowed = false

  var lanes: [LaneState]
  var tasks: [TaskRecord] = []
  var programs: [TaskProgram<Model.Operation>] = []
  var events: [Model.Event] = []
  var agenda = BinaryHeap<AgendaEntry>()
  var arrivals = WindowedArrivals()
  var nextSequence: UInt64 = 0
  var nextTimer: Int64 = 1

  init(laneCount: Int, wallClock: WallClock, profile: RuntimeProfile, isTracing: Bool) {
    self.lanes = Array(repeating: LaneState(), count: laneCount)
    self.wallClock = wallClock
    self.profile = profile
    self.isTracing = isTracing
  }

  // MARK: Trace

  /// Records `kind` at the current instant on `lane` (default: the running job's lane).
  mutating func record(
    _ kind: @autoclosure () -> TraceEvent.Kind, lane: LaneID?, at time: VirtualTime? = nil
  ) {
    guard isTracing else { return }
    guard trace.count < traceLimit else {
      traceOverflowed = true
      return
    }
    trace.append(TraceEvent(time: time ?? now, lane: lane, kind: kind()))
  }

  /// Adds a model note to the trace, on the running job's lane. The note is only built when
  /// the trace is recorded.
  public mutating func note(_ note: @autoclosure () -> ModelNote) {
    record(.note(note()), lane: currentLane)
  }

  /// Reports that `invariant` broke now; the name joins ``violations`` on its first break.
  public mutating func reportViolation(_ invariant: String, detail: @autoclosure () -> String) {
    if !violations.contains(invariant) {
      violations.append(invariant)
      violationTimes.append(now)
    }
    record(.invariantBroken(name: invariant, detail: detail()), lane: currentLane)
  }

  // MARK: Scheduling

  mutating func takeSequence() -> UInt64 {
    defer { nextSequence += 1 }
    return nextSequence
  }

  mutating func register(_ event: Model.Event) -> Int32 {
    events.append(event)
    return Int32(events.count - 1)
  }

  /// Schedules `event` to arrive `nanoseconds` from now (saturating at the end of time).
  public mutating func schedule(_ event: Model.Event, afterNanoseconds nanoseconds: Int64) {
    let index = register(event)
    let due = now.advanced(by: max(0, nanoseconds))
    push(
      AgendaEntry(
        due: due.nanoseconds, order: AgendaEntry.orderKey(sequence: takeSequence(), tie: .normal),
        action: .event(index)))
  }

  /// Adds an entry whose due instant was computed from now: to the class of the current instant,
  /// so that it moves with the arrival that instant follows from.
  mutating func push(_ entry: AgendaEntry) {
    if arrivals.nowClass == 0 {
      agenda.push(entry)
    } else {
      arrivals.agendas[arrivals.nowClass - 1].push(entry)
    }
  }

  /// The calendar day of the wall clock now. When now follows from a windowed arrival, the
  /// day may depend on where the arrival lands; the run then asks its strategy (after the
  /// running job) which day it is, so models must read the day here, never from ``now``.
  public mutating func today() -> Int64 {
    let day = wallClock.epochDay(at: now)
    let variable = arrivals.nowClass
    if variable != 0 {
      let local = wallClock.localNanosecondsSinceEpoch(at: now)
      arrivals.pendingDays.append(
        .init(
          variable: variable, shift: Int128(arrivals.base(of: variable)) - local, day: day))
    }
    return day
  }

  func queuePosition(_ lane: Int32) -> TraceEvent.QueuePosition {
    let state = lanes[Int(lane)]
    return TraceEvent.QueuePosition(
      lane: LaneID(index: lane), jobsAhead: state.queue.count, busyUntil: state.busyUntil,
      frozen: state.isFrozen)
  }

  // MARK: Lanes

  /// Makes the running job hold its lane for `nanoseconds` (a busy main thread): the lane runs
  /// nothing else until then. Does nothing outside a job.
  public mutating func holdCurrentLane(forNanoseconds nanoseconds: Int64) {
    guard let lane = currentLane else { return }
    let until = now.advanced(by: max(0, nanoseconds))
    lanes[Int(lane.index)].busyUntil = until
    push(
      AgendaEntry(
        due: until.nanoseconds, order: AgendaEntry.orderKey(sequence: takeSequence(), tie: .normal),
        action: .laneFree(lane.index)))
    record(.laneHeld(until: until), lane: lane)
  }

  /// Freezes (`true`) or thaws every lane: a frozen lane keeps its queue but runs nothing (C4).
  public mutating func setLanesFrozen(_ frozen: Bool) {
    for index in lanes.indices { lanes[index].isFrozen = frozen }
    record(.lanesFrozen(frozen), lane: nil)
  }

  /// Whether the lanes are frozen.
  public var lanesAreFrozen: Bool { lanes.first?.isFrozen ?? false }

  /// Moves the wall clock; the monotonic clock is unaffected.
  public mutating func shiftWallClock(byNanoseconds amount: Int64) {
    wallClock.shift(byNanoseconds: amount)
  }

  // MARK: Tasks

  /// Registers a task body and returns its handle for ``spawnTask(program:lane:)``.
  public mutating func addProgram(_ program: TaskProgram<Model.Operation>) -> Int {
    programs.append(program)
    return programs.count - 1
  }

  /// Creates a task running `program` on `lane`. Its first step is queued as a new job, so it
  /// never starts inside the job that created it (C5).
  public mutating func spawnTask(program: Int, lane: LaneID) -> TaskID {
    let id = Int32(tasks.count)
    tasks.append(TaskRecord(program: Int32(program), lane: lane.index))
    counters.tasksCreated += 1
    lanes[Int(lane.index)].queue.append(.task(id))
    if isTracing {
      let name = programs[program].name
      record(.taskCreated(TaskID(index: id), program: name, lane: lane), lane: currentLane)
    }
    return TaskID(index: id)
  }

  /// Whether `task`'s cancelled flag is set.
  public func isCancelled(_ task: TaskID) -> Bool {
    tasks[Int(task.index)].isCancelled
  }

  /// When `task` was cancelled, or `nil` if it was not.
  public func cancellationTime(of task: TaskID) -> VirtualTime? {
    let record = tasks[Int(task.index)]
    return record.isCancelled ? VirtualTime(nanoseconds: record.cancelledAt) : nil
  }

  /// Whether `task` has ended.
  public func hasEnded(_ task: TaskID) -> Bool {
    tasks[Int(task.index)].hasEnded
  }

  /// `task.cancel()`: sets the flag and, as the runtime profile says, discards a pending sleep
  /// timer (S3, K2). Returns the effect, which the trace also records.
  @discardableResult
  public mutating func cancel(_ task: TaskID) -> TraceEvent.CancelEffect {
    let index = Int(task.index)
    let record = tasks[index]
    let effect: TraceEvent.CancelEffect
    var rule: String?
    if record.hasEnded {
      effect = .alreadyEnded
    } else if record.isCancelled {
      effect = .alreadyCancelled
    } else {
      tasks[index].isCancelled = true
      tasks[index].cancelledAt = now.nanoseconds
      counters.cancellationsDelivered += 1
      switch record.state {
      case .startQueued:
        effect = .notStarted
        rule = profile.rule(for: .sleepWhileCancelled)
      case .running:
        effect = .running
      case .sleeping(let timer):
        let position = queuePosition(record.lane)
        tasks[index].state = .resumeQueued(.sleep, throwing: true)
        lanes[Int(record.lane)].queue.append(.task(task.index))
        effect = .timerDiscarded(TimerID(number: timer), queue: position)
        rule = profile.rule(for: .cancelWhileSleeping)
      case .resumeQueued(.sleep, throwing: false):
        if profile.resumptionRechecksCancellation {
          effect = .resumptionWillThrow
        } else {
          effect = .sleepAlreadyReturned
        }
        rule = profile.rule(for: .cancelAfterTimerExpired)
      case .resumeQueued(.yield, _):
        effect = profile.yieldChecksCancellation ? .resumptionWillThrow : .yieldPending
        rule = profile.rule(for: .yield)
      case .resumeQueued(.sleep, throwing: true), .ended:
        effect = .alreadyCancelled
      }
    }
    self.record(.cancelled(task, effect: effect, rule: rule), lane: currentLane)
    return effect
  }

  /// Ends every task that has not ended (the process died): pending timers and queued
  /// resumptions are dropped.
  public mutating func killAllTasks() {
    for index in tasks.indices where !tasks[index].hasEnded {
      tasks[index].state = .ended(.killed)
      record(.taskEnded(TaskID(index: Int32(index)), .killed), lane: currentLane)
    }
  }
}
