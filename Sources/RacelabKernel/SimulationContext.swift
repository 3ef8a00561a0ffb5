import ModelContract

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
  /// Every stretch during which an invariant was broken, in the order they began: history
  /// kept for answers, never part of a state (``BrokenSpell``).
  public private(set) var brokenSpells: [BrokenSpell] = []
  /// The trace so far (empty unless ``isTracing``, and empty when it streams to a sink).
  public internal(set) var trace: [TraceEvent] = []
  /// Where the trace streams instead of being kept, if anywhere.
  var traceSink: (any TraceSink)?
  /// How many events the trace has taken so far, kept or streamed.
  private var traceCount = 0
  /// The most events the trace takes; past it, the trace stops and ``traceOverflowed`` is set.
  var traceLimit = Int.max
  /// Whether the run produced more trace events than ``traceLimit``.
  public internal(set) var traceOverflowed = false
  /// Whether the run ended at its stop instant (`until:`) with happenings still due, rather
  /// than because nothing was left to happen.
  public internal(set) var stoppedAtStopTime = false

  /// The value each picture row shows now (``show(row:value:)``), by row label; only looked
  /// up, never listed.
  private var shownRows: [String: String] = [:]
  var lanes: [LaneState]
  var tasks: [TaskRecord] = []
  var programs: [TaskProgram<Model.Operation>] = []
  /// Step `pc` of program `program`, or `nil` past its last step. Read in place: a copy of the
  /// program, or holding its steps across a step, would retain its name and steps every step.
  func step(_ pc: Int, of program: Int) -> TaskStep<Model.Operation>? {
    programs[program].steps.indices.contains(pc) ? programs[program].steps[pc] : nil
  }
  var events: [Model.Event] = []
  var agenda = BinaryHeap<AgendaEntry>()
  var arrivals = WindowedArrivals()
  var nextSequence: UInt64 = 0
  var nextTimer: Int64 = 1
  /// The scripted happenings (by event index) that may never arrive (`maybe: true`).
  var mayBeLost = Set<Int32>()
  /// The scripted happenings that every run loses (`lost: true`), by instant (a window's
  /// start) then file order. They are kept off the agenda, so they take part in no order of
  /// instants or of a batch: a run goes as if they were not in the file, and its trace shows
  /// each at its instant (``Simulation/showLostHappenings(through:)``).
  var lostHappenings: [(time: VirtualTime, event: Int32)] = []
  /// How many of ``lostHappenings`` the trace has shown.
  var lostHappeningsShown = 0
  /// Orders of two instants the schedule settled before the earlier of them, in the order
  /// settled: the trace shows each at that instant (``Simulation/showSettledOrders(through:)``).
  var settledOrders: [(time: VirtualTime, kind: TraceEvent.Kind)] = []
  /// How many tasks wait for another task's value now (so that ending a task looks for
  /// waiters only when there can be any).
  var awaitingCount = 0
  /// Answers the model's own choice points (``choose(_:among:)``): the run's strategy.
  var chooser: (any ModelChooser)?
  /// The arrival instants the run must start again with, once an answer chosen about them is
  /// one the instants it used do not give (see ``Simulation/restartInstants``).
  var restartInstants: [Int64]?
  /// How the model first used a time read inside a window in a way the run could not keep
  /// exact (``noteInexactClockUse(_:)``), if it did.
  public internal(set) var inexactClockUse: String?

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
    guard traceCount < traceLimit else {
      traceOverflowed = true
      return
    }
    traceCount += 1
    let event = TraceEvent(time: time ?? now, lane: lane, kind: kind())
    if let traceSink {
      traceSink.receive(event)
    } else {
      trace.append(event)
    }
  }

  /// Records the event `kind` makes of the rule the runtime profile names for `situation`. The
  /// rule is looked up only when the trace is recorded, and the profile is read in place: a
  /// copy of it per job retained its name and rule table (a third more instructions on the
  /// storm).
  mutating func record(
    _ situation: RuntimeProfile.Situation, lane: LaneID?,
    _ kind: (_ rule: String?) -> TraceEvent.Kind
  ) {
    guard isTracing else { return }
    let event = kind(profile.rule(for: situation))
    record(event, lane: lane)
  }

  /// Adds a model note to the trace, on the running job's lane. The note is only built when
  /// the trace is recorded.
  public mutating func note(_ note: @autoclosure () -> ModelNote) {
    record(.note(note()), lane: currentLane)
  }

  /// The value the picture's row `row` shows now, as last given to ``show(row:value:)``; `nil`
  /// before the first.
  public func shownValue(ofRow row: String) -> String? { shownRows[row] }

  /// Records that the picture's state row `row` shows `value` from now on, when the trace is
  /// recorded and the row showed something else before (or nothing).
  public mutating func show(row: String, value: @autoclosure () -> String) {
    guard isTracing else { return }
    let value = value()
    guard shownRows[row] != value else { return }
    shownRows[row] = value
    record(.stateShown(row: row, value: value), lane: nil)
  }

  /// Reports that `invariant` broke now; the name joins ``violations`` on its first break, and
  /// a spell of it begins unless one is still open (it has not held since it last broke).
  public mutating func reportViolation(_ invariant: String, detail: @autoclosure () -> String) {
    if !violations.contains(invariant) {
      violations.append(invariant)
      violationTimes.append(now)
    }
    if openSpell(of: invariant) == nil {
      brokenSpells.append(BrokenSpell(invariant: invariant, start: now))
    }
    record(.invariantBroken(name: invariant, detail: detail()), lane: currentLane)
  }

  /// Reports that `invariant`, broken until now, holds again: its open spell ends now. The
  /// trace does not show it (a break is reported, a recovery only ends the spell).
  public mutating func reportHeldAgain(_ invariant: String) {
    guard let index = openSpell(of: invariant) else { return }
    brokenSpells[index].end = now
  }

  /// The index of `invariant`'s spell that has not ended, if any.
  private func openSpell(of invariant: String) -> Int? {
    brokenSpells.lastIndex { $0.invariant == invariant && $0.end == nil }
  }

  /// The latest instant of the run so far: now, or a lost happening shown after it (the trace
  /// shows each at its own instant), which is what sets how the trace writes its instants.
  public var latestInstant: VirtualTime {
    let shown = lostHappenings[..<lostHappeningsShown].last?.time ?? now
    return max(now, shown)
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

  /// Schedules `event` to arrive `nanoseconds` from now (saturating at the end of time); a
  /// traced run tells it as `told` when one is given (a timer the model's code sets).
  public mutating func schedule(
    _ event: Model.Event, afterNanoseconds nanoseconds: Int64,
    told: @autoclosure () -> String? = nil
  ) {
    let index = register(event)
    let due = now.advanced(by: max(0, nanoseconds))
    if isTracing, let what = told() {
      record(.timerSet(event: what, delay: max(0, nanoseconds), due: due), lane: currentLane)
    }
    push(
      AgendaEntry(
        due: due.nanoseconds, order: AgendaEntry.orderKey(sequence: takeSequence(), tie: .normal),
        action: .event(index)))
  }

  /// Adds an entry whose due instant was computed from now: to the class of the current instant,
  /// so that it moves with the arrival that instant follows from.
  @inline(__always)
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
  /// `shift` moves the clock read (a model's own clock that runs apart from the scenario's).
  public mutating func today(shiftedBy shift: Int64 = 0) -> Int64 {
    var wallClock = self.wallClock
    wallClock.shift(byNanoseconds: shift)
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
    lanes[Int(lane.index)].busyTag &+= 1
    push(
      AgendaEntry(
        due: until.nanoseconds, order: AgendaEntry.orderKey(sequence: takeSequence(), tie: .normal),
        action: .laneFree(lane: lane.index, busyTag: lanes[Int(lane.index)].busyTag)))
    record(.laneHeld(until: until), lane: lane)
  }

  /// Freezes (`true`) or thaws every lane: a frozen lane keeps its queue but runs nothing (C4).
  public mutating func setLanesFrozen(_ frozen: Bool) {
    for index in lanes.indices { lanes[index].isFrozen = frozen }
    record(.lanesFrozen(frozen), lane: nil)
  }

  /// Freezes or thaws the lanes in `lanes` only (one process of several).
  public mutating func setLanesFrozen(_ frozen: Bool, lanes chosen: [LaneID]) {
    for lane in chosen { lanes[Int(lane.index)].isFrozen = frozen }
    record(.lanesFrozen(frozen), lane: nil)
  }

  /// Whether `lane` is frozen.
  public func isFrozen(_ lane: LaneID) -> Bool { lanes[Int(lane.index)].isFrozen }

  /// Drops every job queued on `lane` (its process ended, L1), and a busy job holding it lets
  /// go at once, with a trace line when there was either. The end of that busy period, still
  /// on the agenda, is then discarded unapplied (``Simulation/isLive(_:)``).
  public mutating func dropQueuedJobs(on lane: LaneID) {
    let count = lanes[Int(lane.index)].queue.count
    let busyCut = lanes[Int(lane.index)].busyUntil != nil
    lanes[Int(lane.index)].queue = FIFOQueue()
    lanes[Int(lane.index)].busyUntil = nil
    lanes[Int(lane.index)].heldJob = nil
    if count > 0 || busyCut {
      record(.jobsDropped(lane: lane, count: count, busyCut: busyCut), lane: nil)
    }
  }

  // MARK: Driven tasks

  /// Records `guard !Task.isCancelled` in `task` (a driven task's own step).
  public mutating func recordGuard(in task: TaskID, passed: Bool) {
    record(.guardChecked(task, passed: passed), lane: currentLane)
  }

  /// Records what `task`'s code did with the cancellation its sleep threw: caught it and
  /// returned, or dropped it (`try?`) and went on.
  public mutating func recordErrorHandled(in task: TaskID, _ handling: OnCancel) {
    let rule = handling == .ignore ? profile.rule(for: .errorIgnored) : nil
    record(.errorHandled(task, handling, rule: rule), lane: currentLane)
  }

  /// Records `try Task.checkCancellation()` in `task`.
  public mutating func recordCancellationCheck(in task: TaskID, threw: Bool) {
    let rule = profile.rule(for: .checkCancellation)
    record(.cancellationChecked(task, threw: threw, rule: rule), lane: currentLane)
  }

  /// Records that `task` calls `operation` (a driven task's call on its own lane).
  public mutating func recordCall(
    in task: TaskID, operation: String, arguments: @autoclosure () -> String? = nil
  ) {
    if isTracing {
      record(.called(task, operation: operation, arguments: arguments()), lane: currentLane)
    }
  }

  /// Stops the run now: nothing queued, due or waiting runs any more (a model's run-time
  /// error). Tasks that have not ended are killed.
  public mutating func halt() {
    agenda = BinaryHeap()
    for index in arrivals.agendas.indices { arrivals.agendas[index] = BinaryHeap() }
    for index in lanes.indices { lanes[index].queue = FIFOQueue() }
    killAllTasks()
  }

  // MARK: Choices

  /// Asks the run's strategy to pick one of `count` alternatives of the model's own choice
  /// point `label` (a reply that may fail, a crash point, a row without an order); `0` is
  /// what `run` does. With one alternative or fewer, nothing is asked.
  public mutating func choose(_ label: String, among count: Int) -> Int {
    guard count > 1, restartInstants == nil, let chooser else { return 0 }
    counters.choicePoints += 1
    let choice = chooser.choose(.model(label, alternatives: count))
    if choice != 0 { recordChoice(choice) }
    return choice
  }

  /// Tells the trace that the choice point just asked took `alternative`, not the default.
  mutating func recordChoice(_ alternative: Int) {
    let choice = TraceEvent.Kind.choiceTaken(
      position: Int32(clamping: counters.choicePoints - 1),
      alternative: Int32(clamping: alternative))
    record(choice, lane: nil)
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

  /// How many tasks this run has created, counting those that have ended.
  public var tasksStarted: Int { tasks.count }

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
      case .resumeQueued(.hop, throwing: false), .resumeQueued(.await, throwing: false):
        let hop = record.state == .resumeQueued(.hop, throwing: false)
        rule = profile.rule(for: hop ? .hop : .awaitTask)
        let checks = hop ? profile.hopChecksCancellation : profile.awaitIsCancellable
        effect = checks ? .resumptionWillThrow : .continuationPending
      case .awaiting:
        rule = profile.rule(for: .awaitTask)
        if profile.awaitIsCancellable {
          let position = queuePosition(record.lane)
          awaitingCount -= 1
          tasks[index].state = .resumeQueued(.await, throwing: true)
          lanes[Int(record.lane)].queue.append(.task(task.index))
          effect = .awaitWillThrow(queue: position)
        } else {
          effect = .stillAwaiting
        }
      case .resumeQueued(.sleep, throwing: true), .resumeQueued(.hop, throwing: true),
        .resumeQueued(.await, throwing: true), .ended:
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
      finish(TaskID(index: Int32(index)), .killed)
    }
  }

  /// Ends `task` if it has not ended (its process died): its pending timer and queued
  /// resumption are dropped.
  public mutating func kill(_ task: TaskID) {
    guard !tasks[Int(task.index)].hasEnded else { return }
    finish(task, .killed)
  }

  /// The lane `task` runs on now (a hop moves it).
  public func lane(of task: TaskID) -> LaneID {
    LaneID(index: tasks[Int(task.index)].lane)
  }

  /// Ends `task` and queues the resumption of every task waiting for its value.
  mutating func finish(_ task: TaskID, _ how: TraceEvent.TaskEnd) {
    if case .awaiting = tasks[Int(task.index)].state { awaitingCount -= 1 }
    tasks[Int(task.index)].state = .ended(how)
    record(.taskEnded(task, how), lane: currentLane)
    guard awaitingCount > 0 else { return }
    for index in tasks.indices {
      guard case .awaiting(let awaited) = tasks[index].state, awaited == task.index else {
        continue
      }
      awaitingCount -= 1
      let lane = tasks[index].lane
      let position = queuePosition(lane)
      tasks[index].state = .resumeQueued(.await, throwing: false)
      lanes[Int(lane)].queue.append(.task(Int32(index)))
      record(
        .awaitEnded(TaskID(index: Int32(index)), awaited: task, queue: position),
        lane: currentLane)
    }
  }
}
