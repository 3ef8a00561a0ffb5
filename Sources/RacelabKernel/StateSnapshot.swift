import ModelContract

/// A run's full state at a choice point, compared by value: the model, the clocks, the agenda,
/// pending windows, lanes and tasks. Two runs in equal states reach the same outcomes from there
/// on, which is what lets exploration prune.
///
/// Registration numbers and timer numbers are replaced by their rank, so states that differ only
/// in how many numbers were handed out compare equal.
struct StateSnapshot<Model: SimulationModel>: Hashable {
  struct Entry: Hashable {
    /// The entry's class (see ``WindowedArrivals``) and its due instant relative to the
    /// class's arrival: the same wherever the arrival lands.
    var instantClass: Int
    var due: Int64
    var rank: Int
    var tieLast: Bool
    var action: Action
  }

  enum Action: Hashable {
    /// A scripted or scheduled event; one that `maybe: true` lets be lost has a choice ahead
    /// that a delivered twin has not, so the two are different states.
    case event(Model.Event, mayBeLost: Bool)
    case timer(task: Int32, timerRank: Int)
    case laneFree(Int32)
  }

  struct Lane: Hashable {
    var jobs: [Job]
    var busyUntil: VirtualTime?
    var isFrozen: Bool
  }

  enum Job: Hashable {
    case event(Model.Event)
    case task(Int32)
  }

  struct Task: Hashable {
    var program: Int32
    var lane: Int32
    var pc: Int32
    var isCancelled: Bool
    var state: TaskRecord.State
  }

  var model: Model
  var pendingBatch: [Entry]
  var nowClass: Int
  var now: Int64
  var wallClock: WallClock
  var agenda: [Entry]
  var zone: ArrivalZone
  var lanes: [Lane]
  var tasks: [Task]
  var violations: [String]
}

extension Simulation {
  /// The run's state now, for exploration's pruning.
  func snapshot() -> StateSnapshot<Model> {
    let pending = batch[batchRemaining]
    let arrivals = context.arrivals
    var classed = context.agenda.elements.map { (entry: $0, instantClass: 0, isPending: false) }
    for (index, heap) in arrivals.agendas.enumerated() {
      classed += heap.elements.map { (entry: $0, instantClass: index + 1, isPending: false) }
    }
    // A pending batch entry's class no longer matters: it is applied at this instant.
    classed += pending.map { (entry: $0, instantClass: -1, isPending: true) }
    // Ranked by registration alone: that order decides ties wherever the instants fall. An
    // entry of the pending batch stays even when it no longer does anything (the timer of a
    // task killed earlier in the batch): it is still an alternative of the batch's order, so
    // a state with it has more schedules ahead than one without.
    let sortedEntries = classed.filter { $0.isPending || isLive($0.entry) }.sorted {
      $0.entry.order < $1.entry.order
    }
    let entries = sortedEntries.map { ($0.entry, $0.isPending, $0.instantClass) }
    // Live timer entries only (stale ones were filtered out): each task sleeps on its timer.
    let timers = entries.compactMap { item -> Int64? in
      guard case .timer(let task, _) = item.0.action,
        case .sleeping(let timer) = context.tasks[Int(task)].state
      else { return nil }
      return timer
    }.sorted()
    var agenda: [StateSnapshot<Model>.Entry] = []
    var pendingBatch: [StateSnapshot<Model>.Entry] = []
    for (rank, (entry, isPending, instantClass)) in entries.enumerated() {
      let action: StateSnapshot<Model>.Action
      switch entry.action {
      case .event(let index):
        action = .event(
          context.events[Int(index)], mayBeLost: context.mayBeLost.contains(index))
      case .timer(let task, _):
        // A live timer by its rank among the live ones; one that no longer fires as -1.
        var rank = -1
        if isLive(entry), case .sleeping(let timer) = context.tasks[Int(task)].state {
          rank = timers.firstIndex(of: timer) ?? 0
        }
        action = .timer(task: task, timerRank: rank)
      case .laneFree(let lane): action = .laneFree(lane)
      }
      let base = instantClass > 0 ? arrivals.base(of: instantClass) : 0
      let canonical = StateSnapshot<Model>.Entry(
        instantClass: instantClass, due: entry.due &- base, rank: rank,
        tieLast: entry.isTieLast, action: action)
      if isPending { pendingBatch.append(canonical) } else { agenda.append(canonical) }
    }
    let lanes = context.lanes.map { lane in
      StateSnapshot<Model>.Lane(
        jobs: lane.queue.elements.map { job in
          switch job {
          case .event(let index): .event(context.events[Int(index)])
          case .task(let task): .task(task)
          }
        },
        busyUntil: lane.busyUntil, isFrozen: lane.isFrozen)
    }
    let tasks = context.tasks.map { task in
      var state = task.state
      if case .sleeping(let timer) = state {
        state = .sleeping(timer: Int64(timers.firstIndex(of: timer) ?? -1))
      }
      return StateSnapshot<Model>.Task(
        program: task.program, lane: task.lane, pc: task.pc, isCancelled: task.isCancelled,
        state: state)
    }
    return StateSnapshot(
      model: model, pendingBatch: pendingBatch, nowClass: arrivals.nowClass,
      now: context.now.nanoseconds &- arrivals.base(of: arrivals.nowClass),
      wallClock: context.wallClock, agenda: agenda, zone: arrivals.zone, lanes: lanes, tasks: tasks,
      violations: context.violations)
  }
}
