import ModelContract

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
  public var strategy: Strategy { strategyBox.strategy }
  private let strategyBox: StrategyBox<Strategy>
  private var started = false
  var batch: [AgendaEntry] = []
  /// The instant the run stops at (`until:`); `nil` to run until nothing is left.
  public var stopTime: VirtualTime?
  /// Which lanes are concurrent pools (C6), by lane index.
  private let concurrentLanes: [Bool]
  /// The part of `batch` not yet applied, while a batch is being applied.
  var batchRemaining = 0..<0
  /// The scripted events numbered by value, for the snapshots of a run that observes its
  /// states (``ScenarioStart`` gives them); with none, each snapshot keeps every event's value.
  var eventNumbers = EventNumbers<Model.Event>([])
  /// Whether the strategy said, at its last choice, that it needs nothing more from the run
  /// (``SchedulingStrategy/isDone``): the run then ends at the next boundary of a job.
  private(set) var strategyIsDone = false
  /// Whether the run stops before its end: to start again, for a strategy that is done, or
  /// because its trace passed its limit (checked at every instant, so a run whose trace is
  /// too long stops there instead of running on untraced).
  var isCutShort: Bool { restartInstants != nil || strategyIsDone || context.traceOverflowed }

  /// The arrival instants the run must start again with, when the strategy chose an order of
  /// instants (or a calendar day) that the instants it used do not give; `nil` otherwise.
  /// ``ModelDefinition/simulate(setup:profile:timeline:strategy:tracing:)`` starts again for you.
  public var restartInstants: [Int64]? { context.restartInstants }
  /// The instants the run starts with, when a previous run asked to start again: one per
  /// windowed happening in registration order, then one per windowed sleep in the order the
  /// run started them.
  let arrivalInstants: [Int64]?

  /// Creates a run of `model`.
  /// - Parameters:
  ///   - tracing: record the full trace (`true`) or keep only counters.
  ///   - traceSink: where the trace streams, event by event, instead of being kept in the
  ///     result; only read when `tracing` is `true`.
  ///   - arrivalInstants: the instant each windowed happening arrives at, in registration
  ///     order, when a previous run asked to start again (``restartInstants``); `nil` for the
  ///     earliest instant of each window.
  public init(
    model: Model, profile: RuntimeProfile, wallClock: WallClock, strategy: Strategy,
    tracing: Bool = true, traceSink: (any TraceSink)? = nil, arrivalInstants: [Int64]? = nil,
    traceLimit: Int = .max
  ) {
    self.model = model
    self.strategyBox = StrategyBox(strategy)
    self.arrivalInstants = arrivalInstants
    self.context = SimulationContext(
      laneCount: max(1, model.laneNames.count), wallClock: wallClock, profile: profile,
      isTracing: tracing)
    self.context.traceLimit = traceLimit
    self.context.traceSink = traceSink
    self.context.chooser = strategyBox
    self.concurrentLanes = model.concurrentLanes
    self.model.prepare(context: &context)
  }

  /// Registers a scripted happening due at `time`. Scripted happenings must be registered, in
  /// file order, before ``run()`` (C2).
  public mutating func schedule(
    _ event: Model.Event, at time: VirtualTime, tie: TieRank = .normal, maybe: Bool = false,
    lost: Bool = false
  ) {
    precondition(!started, "scripted happenings are registered before the run starts")
    let index = context.register(event)
    if lost { return loseInEveryRun(index, at: time) }
    if maybe { context.mayBeLost.insert(index) }
    context.agenda.push(
      AgendaEntry(
        due: time.nanoseconds,
        order: AgendaEntry.orderKey(sequence: context.takeSequence(), tie: tie),
        action: .event(index)))
  }

  /// Registers a scripted happening that arrives at some instant in `window`. Where it lands
  /// is never fixed up front: the run asks its strategy how the instants that follow from it
  /// order against the others (the default strategy: as early as possible).
  public mutating func schedule(
    _ event: Model.Event, within window: ClosedRange<VirtualTime>, tie: TieRank = .normal,
    maybe: Bool = false, lost: Bool = false
  ) {
    precondition(!started, "scripted happenings are registered before the run starts")
    let index = context.register(event)
    if lost { return loseInEveryRun(index, at: window.lowerBound) }
    if maybe { context.mayBeLost.insert(index) }
    let number = context.arrivals.ranges.count
    let instant = arrivalInstants.map { $0[number] } ?? window.lowerBound.nanoseconds
    context.arrivals.ranges.append(window)
    context.arrivals.events.append(index)
    context.arrivals.witness.append(instant)
    var heap = BinaryHeap<AgendaEntry>()
    heap.push(
      AgendaEntry(
        due: instant, order: AgendaEntry.orderKey(sequence: context.takeSequence(), tie: tie),
        action: .event(index)))
    context.arrivals.agendas.append(heap)
  }

  /// Keeps a `lost: true` happening off the agenda: see ``SimulationContext/lostHappenings``.
  private mutating func loseInEveryRun(_ index: Int32, at time: VirtualTime) {
    let position =
      context.lostHappenings.firstIndex { $0.time > time } ?? context.lostHappenings.count
    context.lostHappenings.insert((time, index), at: position)
  }

  /// Shows in the trace, each at its own instant, the `lost: true` happenings due by `time`
  /// that it has not shown yet.
  mutating func showLostHappenings(through time: VirtualTime) {
    while context.lostHappeningsShown < context.lostHappenings.count {
      let lost = context.lostHappenings[context.lostHappeningsShown]
      guard lost.time <= time else { return }
      context.lostHappeningsShown += 1
      let label = model.label(of: context.events[Int(lost.event)])
      context.record(.notDelivered(event: label, chosen: false), lane: nil, at: lost.time)
    }
  }

  /// Runs until nothing is left to happen (or until the run must start again, see
  /// ``restartInstants``), and returns the result.
  public mutating func run() -> SimulationResult {
    started = true
    context.arrivals.zone = ArrivalZone(
      windows: context.arrivals.ranges.map { $0.lowerBound.nanoseconds...$0.upperBound.nanoseconds }
    )
    if context.arrivals.agendas.isEmpty && !model.sleepsForWindows {
      runWithoutWindows()
    } else {
      while !isCutShort, let classes = nextInstant() {
        runInstant(classes: classes)
      }
    }
    if !isCutShort {
      showSettledOrders(through: context.stoppedAtStopTime ? context.now : .end)
      showLostHappenings(through: context.stoppedAtStopTime ? context.now : .end)
      model.runEnded(context: &context)
      // What the end reads of the calendar day (at-end invariants, the summary, the answer)
      // is a day the windows may make another, like a day a job reads.
      if !context.arrivals.pendingDays.isEmpty { settleDays() }
    }
    // The run has made its last choice: the summary of a run cut short is read without one.
    // A run that starts again is thrown away, summary and all.
    context.chooser = nil
    var result = SimulationResult(
      endTime: context.now, trace: context.trace, violations: context.violations,
      violationTimes: context.violationTimes,
      summary: restartInstants == nil ? model.summary(context: context) : [],
      counters: context.counters,
      traceOverflowed: context.traceOverflowed)
    result.inexactClockUse = context.inexactClockUse
    return result
  }

  /// The loop of a run with no windowed happening: every instant is fixed, so no order is
  /// ever asked and one agenda holds everything.
  private mutating func runWithoutWindows() {
    while !isCutShort, let top = context.agenda.min {
      guard isLive(top) else {
        _ = context.agenda.popMin()  // discarded: see isLive
        continue
      }
      let now = top.due
      if let stopTime, now > stopTime.nanoseconds {
        stop(at: stopTime)
        return
      }
      moveClock(to: VirtualTime(nanoseconds: now))
      showLostHappenings(through: context.now)
      while !strategyIsDone, let top = context.agenda.min, top.due == now {
        batch.removeAll(keepingCapacity: true)
        while let entry = context.agenda.min, entry.due == now {
          _ = context.agenda.popMin()
          if isLive(entry) { batch.append(entry) }
        }
        applyBatch()
        guard !strategyIsDone else { return }
        runLanes()
      }
      model.instantSettled(context: &context)
    }
  }

  // MARK: Time

  /// Moves time to the next instant at which something is due and returns the classes of the
  /// entries due then (the current instant's class first); `nil` when nothing is left, or when
  /// the run must start again.
  private mutating func nextInstant() -> [Int]? {
    while let top = context.agenda.min, !isLive(top) {
      _ = context.agenda.popMin()  // discarded: see isLive
    }
    for index in context.arrivals.agendas.indices {
      while let top = context.arrivals.agendas[index].min, !isLive(top) {
        _ = context.arrivals.agendas[index].popMin()
      }
    }
    var earliest: [Int] = []
    for candidate in 0...context.arrivals.agendas.count where earliestEntry(of: candidate) != nil {
      guard let first = earliest.first else {
        earliest = [candidate]
        continue
      }
      guard let order = instantOrder(of: candidate, relativeTo: first) else { return nil }
      switch order {
      case .before: earliest = [candidate]
      case .same: earliest.append(candidate)
      case .after: break
      }
    }
    guard let first = earliest.first, let entry = earliestEntry(of: first) else { return nil }
    if let stopTime {
      guard let pastStop = comesAfter(stopTime, entry, of: first) else { return nil }
      if pastStop {
        stop(at: stopTime)
        return nil
      }
    }
    moveClock(to: VirtualTime(nanoseconds: entry.due))
    context.arrivals.nowClass = first
    showLostHappenings(through: context.now)
    return earliest
  }

  /// Ends the run at `until:` with happenings still due: time moves to the stop instant, and
  /// the trace says so.
  private mutating func stop(at time: VirtualTime) {
    if time > context.now { moveClock(to: time) }
    context.stoppedAtStopTime = true
    showLostHappenings(through: time)
    context.record(.runStopped, lane: nil)
  }

  func earliestEntry(of instantClass: Int) -> AgendaEntry? {
    instantClass == 0 ? context.agenda.min : context.arrivals.agendas[instantClass - 1].min
  }

  mutating func choose(_ point: ChoicePoint) -> Int {
    context.counters.choicePoints += 1
    let choice: Int
    if strategyBox.strategy.observesState {
      // Not an optional snapshot: unwrapping one copied it.
      let snapshot = snapshot()
      let state = ObservedState(ErasedSnapshot.of(snapshot))
      if case .sameInstant = point {
        let alternatives = sameInstantAlternatives(state: snapshot)
        choice = strategyBox.strategy.choose(point, state: state, alternatives: alternatives)
      } else {
        choice = strategyBox.strategy.choose(point, state: state)
      }
    } else {
      choice = strategyBox.strategy.choose(point, state: nil)
    }
    precondition(choice >= 0 && choice < point.alternativeCount, "strategy chose out of range")
    strategyIsDone = strategyBox.strategy.isDone
    // An order of instants is told when its earlier instant comes (`recordInstantsOrdered`).
    if choice != 0, !point.ordersInstants { context.recordChoice(choice) }
    return choice
  }

  /// Asks the run to start again with `instants`, a point of the zone that gives the answers
  /// chosen so far.
  mutating func startAgain(with instants: [Int64]) {
    context.restartInstants = instants
  }

  // MARK: One instant

  /// Applies everything due now, runs the lanes, and repeats while jobs register happenings
  /// due at the same instant (C2, C3). `classes` are the entry classes due now.
  private mutating func runInstant(classes due: [Int]) {
    var classes = due
    let now = context.now.nanoseconds
    // A class opened during this instant (a windowed sleep from zero) may be due now too.
    while joinClassesDueNow(&classes),
      classes.contains(where: { earliestEntry(of: $0)?.due == now })
    {
      batch.removeAll(keepingCapacity: true)
      for instantClass in classes {
        while let entry = earliestEntry(of: instantClass), entry.due == now {
          if instantClass == 0 {
            _ = context.agenda.popMin()
          } else {
            _ = context.arrivals.agendas[instantClass - 1].popMin()
          }
          if isLive(entry) { batch.append(entry) }
        }
      }
      if classes.count > 1 { AgendaEntry.sortInRegistrationOrder(&batch) }
      applyBatch()
      guard !isCutShort else { return }
      runLanes()
      guard !isCutShort else { return }
    }
    guard !isCutShort else { return }
    model.instantSettled(context: &context)
    if !context.arrivals.pendingDays.isEmpty { settleDays() }
  }

  /// Whether applying `entry` still does something: a timer whose task no longer sleeps on it
  /// (a cancel, a killed task), or the end of a busy period its lane no longer has (its
  /// process ended, L1), is discarded unapplied.
  func isLive(_ entry: AgendaEntry) -> Bool {
    switch entry.action {
    case .timer(let task, let tag):
      guard case .sleeping(let timer) = context.tasks[Int(task)].state else { return false }
      return AgendaEntry.tag(ofTimer: timer) == tag
    case .laneFree(let lane, let tag):
      // Not the due instant alone: after a process dies, a new busy period may end when the
      // cut one would have, and at an arrival instant only one choice of instants gives that.
      let state = context.lanes[Int(lane)]
      return state.busyUntil != nil && state.busyTag == tag
    case .event:
      return true
    }
  }

  /// Applies the batch: ends of busy periods first (their order changes nothing), then the
  /// rest in the order the strategy picks, one at a time.
  private mutating func applyBatch() {
    var ordered = 0
    for index in batch.indices {
      if case .laneFree = batch[index].action {
        apply(batch[index].action)
      } else {
        // Moved down only past a lane's freeing: most batches have none, and a write would
        // check the array's uniqueness for each entry.
        if ordered != index { batch[ordered] = batch[index] }
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
          if context.isTracing {
            let overtook = batch[position..<(position + pick)].map(describe)
            let label = describe(chosen)
            context.record(.orderChosen(event: label, overtook: overtook), lane: nil)
          }
          for shift in stride(from: position + pick, to: position, by: -1) {
            batch[shift] = batch[shift - 1]
          }
          batch[position] = chosen
        }
      }
      // `tie: last` is told as such only where it holds: nothing but other `tie: last`
      // entries is left to apply (a schedule may have moved it ahead of others).
      let tieLast =
        batch[position].isTieLast && batch[(position + 1)..<ordered].allSatisfy { $0.isTieLast }
      apply(batch[position].action, tieLast: tieLast)
      guard !isCutShort else { return }
      position += 1
    }
    batchRemaining = 0..<0
  }

  private mutating func apply(_ action: AgendaEntry.Action, tieLast: Bool = false) {
    context.counters.happeningsApplied += 1
    switch action {
    case .laneFree(let lane, _):
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
      if !context.mayBeLost.isEmpty, context.mayBeLost.contains(index),
        choose(.delivery(event: model.label(of: event))) == 1
      {
        context.record(.notDelivered(event: model.label(of: event), chosen: true), lane: nil)
        return
      }
      if !context.arrivals.agendas.isEmpty, let window = context.arrivals.window(ofEvent: index) {
        let range = context.arrivals.ranges[window]
        let now = context.now
        context.record(
          .arrivalChosen(event: model.label(of: event), window: range, at: now), lane: nil)
      }
      switch model.delivery(of: event) {
      case .job(let lane):
        if context.isTracing {
          let position = context.queuePosition(lane.index)
          context.record(
            .arrived(
              event: model.label(of: event), delivery: .queued(lane, position), tieLast: tieLast),
            lane: nil)
        }
        context.lanes[Int(lane.index)].queue.append(.event(index))
      case .atOnce:
        context.record(
          .arrived(event: model.label(of: event), delivery: .actedAtOnce, tieLast: tieLast),
          lane: nil)
        context.currentLane = nil
        model.handle(event, context: &context)
        model.jobEnded(context: &context)
        if !context.arrivals.pendingDays.isEmpty { settleDays() }
      }
    }
  }

  // MARK: Lanes and jobs

  /// Runs the lanes' queued jobs until every lane is idle, blocked or frozen (C3). When several
  /// lanes have a ready job, which runs next is a choice point (C6); its alternatives are the
  /// ready lanes in declaration order starting from the lane that ran last, so by default a lane
  /// runs until it is idle and then the next one takes over, in declaration order. A concurrent
  /// lane's ready jobs are a choice point among themselves, by default FIFO. A model with one
  /// serial lane never meets either.
  private mutating func runLanes() {
    var ready: [Int] = []
    var last = 0
    let count = context.lanes.count
    while !strategyIsDone {
      // The ready lanes in turn from the last one run; listed only when there is a choice, so
      // that the usual case (one ready lane) costs no array work per job.
      var readyCount = 0
      var first = 0
      var lane = last
      if count == 1 {
        // One lane (the storm, any model of one lane): nothing to scan.
        readyCount = context.lanes[0].isReady ? 1 : 0
      } else {
        for _ in 0..<count {
          if context.lanes[lane].isReady {
            if readyCount == 0 { first = lane }
            readyCount += 1
          }
          lane = lane + 1 == count ? 0 : lane + 1
        }
      }
      guard readyCount > 0 else { return }
      if readyCount == 1 {
        lane = first
      } else {
        ready.removeAll(keepingCapacity: true)
        for offset in 0..<count where context.lanes[(last + offset) % count].isReady {
          ready.append((last + offset) % count)
        }
        lane =
          ready[
            choose(
              .laneOrder(
                time: context.now, first: LaneID(index: Int32(first)), alternatives: readyCount))
          ]
      }
      let job: Job?
      if lane < concurrentLanes.count, concurrentLanes[lane], context.lanes[lane].queue.count > 1 {
        let queued = context.lanes[lane].queue.count
        let pick = choose(
          .concurrentJob(lane: LaneID(index: Int32(lane)), alternatives: queued))
        job = context.lanes[lane].queue.remove(at: pick)
      } else {
        job = context.lanes[lane].queue.popFirst()
      }
      guard let job else { return }
      last = lane
      context.currentLane = LaneID(index: Int32(lane))
      switch job {
      case .event(let index): runEventJob(index, lane: Int32(lane))
      case .task(let task): runTaskJob(task)
      }
      model.jobEnded(context: &context)
      context.currentLane = nil
      if !context.arrivals.pendingDays.isEmpty { settleDays() }
      // A day or a clock comparison may have asked for a new start.
      guard restartInstants == nil else { return }
    }
  }

  private mutating func runEventJob(_ index: Int32, lane: Int32) {
    context.counters.jobsRun += 1
    let event = context.events[Int(index)]
    // Labelled only for the trace: a label is text work that untraced runs never read.
    let job: TraceEvent.Job? = context.isTracing ? .event(model.label(of: event)) : nil
    if let job { context.record(.jobStarted(job), lane: LaneID(index: lane)) }
    model.handle(event, context: &context)
    if context.lanes[Int(lane)].busyUntil != nil {
      context.lanes[Int(lane)].heldJob = job
    } else if let job {
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
  /// Whether the trace stopped at its limit, so that it is not the whole run.
  public var traceOverflowed = false
  /// How the model first used a time read inside a window in a way the run could not keep
  /// exact, if it did (``SimulationContext/noteInexactClockUse(_:)``): the run is real, but
  /// other instants of the window may lead elsewhere.
  public var inexactClockUse: String?

  /// A result from its parts: what a run of something other than a kernel model (real code
  /// driven by racelab) hands to the renderers.
  public init(
    endTime: VirtualTime, trace: [TraceEvent], violations: [String],
    violationTimes: [VirtualTime], summary: [TraceField],
    counters: SimulationCounters = SimulationCounters(), traceOverflowed: Bool = false
  ) {
    self.endTime = endTime
    self.trace = trace
    self.violations = violations
    self.violationTimes = violationTimes
    self.summary = summary
    self.counters = counters
    self.traceOverflowed = traceOverflowed
  }
}
