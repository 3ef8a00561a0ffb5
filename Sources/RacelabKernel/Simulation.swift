/// One run of a model on the virtual clock.
///
/// Build it with the model, a runtime profile, the wall clock and a strategy; register the
/// scripted happenings in file order with ``schedule(_:at:tie:)`` or ``schedule(_:within:tie:)``;
/// then ``run()``. Every run with the same inputs and the same strategy decisions produces the
/// same trace.
public struct Simulation<Model: SimulationModel, Strategy: SchedulingStrategy> {
  /// The model's state.
  public internal(set) var model: Model
  /// The kernel's state.
  public internal(set) var context: SimulationContext<Model>
  /// The strategy that decides every choice point.
  public private(set) var strategy: Strategy
  private var started = false
  var batch: [AgendaEntry] = []
  /// The part of `batch` not yet applied, while a batch is being applied.
  var batchRemaining = 0..<0

  /// Creates a run of `model`.
  /// - Parameters:
  ///   - tracing: record the full trace (`true`) or keep only counters.
  public init(
    model: Model, profile: RuntimeProfile, wallClock: WallClock, strategy: Strategy,
    tracing: Bool = true
  ) {
    self.model = model
    self.strategy = strategy
    self.context = SimulationContext(
      laneCount: max(1, model.laneNames.count), wallClock: wallClock, profile: profile,
      isTracing: tracing)
    self.model.prepare(context: &context)
  }

  /// Registers a scripted happening due at `time`. Scripted happenings must be registered, in
  /// file order, before ``run()`` (C2).
  public mutating func schedule(_ event: Model.Event, at time: VirtualTime, tie: TieRank = .normal)
  {
    precondition(!started, "scripted happenings are registered before the run starts")
    let index = context.register(event)
    context.agenda.push(
      AgendaEntry(
        due: time.nanoseconds,
        order: AgendaEntry.orderKey(sequence: context.takeSequence(), tie: tie),
        action: .event(index)))
  }

  /// Registers a scripted happening that arrives at some instant in `window`; the strategy
  /// chooses the instant (the default strategy: the window's start).
  public mutating func schedule(
    _ event: Model.Event, within window: ClosedRange<VirtualTime>, tie: TieRank = .normal
  ) {
    precondition(!started, "scripted happenings are registered before the run starts")
    let index = context.register(event)
    context.windows.append(
      WindowedArrival(
        event: index, window: window,
        order: AgendaEntry.orderKey(sequence: context.takeSequence(), tie: tie)))
  }

  /// Runs until nothing is left to happen, and returns the result.
  public mutating func run() -> SimulationResult {
    started = true
    var first = true
    while var next = nextInstant(first: first) {
      if let top = context.agenda.min, !isLive(top) {
        _ = context.agenda.popMin()  // a timer discarded by a cancel or a relaunch
        continue
      }
      if !context.windows.isEmpty { next = placeWindowedArrivals(before: next, first: first) }
      context.now = VirtualTime(nanoseconds: next)
      first = false
      runInstant()
    }
    return SimulationResult(
      endTime: context.now, trace: context.trace, violations: context.violations,
      violationTimes: context.violationTimes,
      summary: model.summary(context: context), counters: context.counters)
  }

  // MARK: Time

  /// The next instant at which something is due: the agenda's earliest entry, or a bound of a
  /// pending arrival window (its start while not yet reached, its end always).
  private func nextInstant(first: Bool) -> Int64? {
    var next = context.agenda.min?.due
    for pending in context.windows {
      let start = pending.window.lowerBound.nanoseconds
      let bound =
        (first || start > context.now.nanoseconds) ? start : pending.window.upperBound.nanoseconds
      next = min(next ?? bound, bound)
    }
    return next
  }

  /// Asks the strategy, for each pending window open by `next`, whether its happening arrives
  /// at `next`, in the quiet gap before it, or later. Returns the instant time moves to.
  private mutating func placeWindowedArrivals(before next: Int64, first: Bool) -> Int64 {
    var next = next
    var index = 0
    while index < context.windows.count {
      let pending = context.windows[index]
      let window = pending.window
      guard window.lowerBound.nanoseconds <= next else {
        index += 1
        continue
      }
      let gapStart =
        first
        ? window.lowerBound.nanoseconds
        : max(window.lowerBound.nanoseconds, context.now.nanoseconds + 1)
      var options: [ArrivalOption] = [.at(VirtualTime(nanoseconds: next))]
      if gapStart < next {
        options.append(.inGap(VirtualTime(nanoseconds: gapStart + (next - 1 - gapStart) / 2)))
      }
      if next < window.upperBound.nanoseconds { options.append(.later) }
      let choice =
        options.count == 1
        ? 0
        : choose(
          .arrival(
            event: model.label(of: context.events[Int(pending.event)]), window: window,
            options: options))
      switch options[choice] {
      case .later:
        index += 1
        continue
      case .inGap(let instant), .at(let instant):
        if case .inGap = options[choice] {
          next = instant.nanoseconds
          index = 0  // the windows asked before may now arrive at this earlier instant
        }
        context.windows.removeAll { $0.event == pending.event }
        context.agenda.push(
          AgendaEntry(due: instant.nanoseconds, order: pending.order, action: .event(pending.event))
        )
        let label = model.label(of: context.events[Int(pending.event)])
        context.record(
          .arrivalChosen(event: label, window: window, at: instant), lane: nil, at: instant)
      }
    }
    return next
  }

  private mutating func choose(_ point: ChoicePoint) -> Int {
    context.counters.choicePoints += 1
    let state = strategy.observesState ? AnyHashable(snapshot()) : nil
    let choice = strategy.choose(point, state: state)
    precondition(choice >= 0 && choice < point.alternativeCount, "strategy chose out of range")
    return choice
  }

  // MARK: One instant

  /// Applies everything due now, runs the lanes, and repeats while jobs register happenings
  /// due at the same instant (C2, C3).
  private mutating func runInstant() {
    let now = context.now.nanoseconds
    while let top = context.agenda.min, top.due == now {
      batch.removeAll(keepingCapacity: true)
      while let entry = context.agenda.min, entry.due == now {
        _ = context.agenda.popMin()
        if isLive(entry) { batch.append(entry) }
      }
      applyBatch()
      runLanes()
    }
  }

  func isLive(_ entry: AgendaEntry) -> Bool {
    guard case .timer(let task, let tag) = entry.action else { return true }
    guard case .sleeping(let timer) = context.tasks[Int(task)].state else { return false }
    return AgendaEntry.tag(ofTimer: timer) == tag
  }

  /// Applies the batch: ends of busy periods first (their order changes nothing), then the
  /// rest in the order the strategy picks, one at a time.
  private mutating func applyBatch() {
    var ordered = 0
    for index in batch.indices {
      if case .laneFree(let lane) = batch[index].action {
        apply(.laneFree(lane))
      } else {
        batch[ordered] = batch[index]
        ordered += 1
      }
    }
    var position = 0
    while position < ordered {
      let remaining = ordered - position
      batchRemaining = position..<ordered
      if remaining > 1 {
        let pick = choose(.sameInstant(time: context.now, alternatives: remaining))
        if pick != 0 {
          let chosen = batch[position + pick]
          for shift in stride(from: position + pick, to: position, by: -1) {
            batch[shift] = batch[shift - 1]
          }
          batch[position] = chosen
        }
      }
      apply(batch[position].action)
      position += 1
    }
    batchRemaining = 0..<0
  }

  private mutating func apply(_ action: AgendaEntry.Action) {
    context.counters.happeningsApplied += 1
    switch action {
    case .laneFree(let lane):
      let held = context.lanes[Int(lane)].heldJob
      context.lanes[Int(lane)].busyUntil = nil
      context.lanes[Int(lane)].heldJob = nil
      if let held { context.record(.jobEnded(held), lane: LaneID(index: lane)) }
    case .timer(let task, _):
      // A live timer entry: its task sleeps on it (isLive), which gives the full number.
      guard case .sleeping(let timer) = context.tasks[Int(task)].state else { return }
      let lane = context.tasks[Int(task)].lane
      if context.isTracing {
        let fired = TraceEvent.Kind.timerFired(
          TaskID(index: task), timer: TimerID(number: timer), queue: context.queuePosition(lane),
          rule: context.profile.rule(for: .timerExpired))
        context.record(fired, lane: nil)
      }
      context.tasks[Int(task)].state = .resumeQueued(.sleep, throwing: false)
      context.lanes[Int(lane)].queue.append(.task(task))
    case .event(let index):
      let event = context.events[Int(index)]
      switch model.delivery(of: event) {
      case .job(let lane):
        if context.isTracing {
          let position = context.queuePosition(lane.index)
          context.record(
            .arrived(event: model.label(of: event), delivery: .queued(lane, position)), lane: nil)
        }
        context.lanes[Int(lane.index)].queue.append(.event(index))
      case .atOnce:
        context.record(.arrived(event: model.label(of: event), delivery: .actedAtOnce), lane: nil)
        context.currentLane = nil
        model.handle(event, context: &context)
      }
    }
  }

  // MARK: Lanes and jobs

  /// Runs every free, unfrozen lane's queued jobs in FIFO order until all lanes are idle (C3).
  /// Lanes take turns in index order.
  private mutating func runLanes() {
    var ranSomething = true
    while ranSomething {
      ranSomething = false
      for lane in context.lanes.indices {
        while context.lanes[lane].canRun, let job = context.lanes[lane].queue.popFirst() {
          ranSomething = true
          context.currentLane = LaneID(index: Int32(lane))
          switch job {
          case .event(let index): runEventJob(index, lane: Int32(lane))
          case .task(let task): runTaskJob(task)
          }
          context.currentLane = nil
        }
      }
    }
  }

  private mutating func runEventJob(_ index: Int32, lane: Int32) {
    context.counters.jobsRun += 1
    let event = context.events[Int(index)]
    let job = TraceEvent.Job.event(model.label(of: event))
    context.record(.jobStarted(job), lane: LaneID(index: lane))
    model.handle(event, context: &context)
    if context.lanes[Int(lane)].busyUntil != nil {
      if context.isTracing { context.lanes[Int(lane)].heldJob = job }
    } else {
      context.record(.jobEnded(job), lane: LaneID(index: lane))
    }
  }

}

/// What a run produced.
public struct SimulationResult: Sendable {
  /// The instant the last happening was applied at.
  public var endTime: VirtualTime
  /// Every trace event in order (empty when the trace was not recorded).
  public var trace: [TraceEvent]
  /// Invariants broken, in order of first occurrence.
  public var violations: [String]
  /// When each of ``violations`` first broke.
  public var violationTimes: [VirtualTime]
  /// The model's closing figures.
  public var summary: [TraceField]
  /// Counts kept in every run.
  public var counters: SimulationCounters
}
