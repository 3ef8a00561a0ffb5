import ModelContract

/// A run's full state at a choice point, compared by value: the model, the clocks, the agenda,
/// pending windows, lanes and tasks. Two runs in equal states reach the same outcomes from there
/// on, which is what lets exploration prune.
///
/// Registration numbers and timer numbers are replaced by their rank, so states that differ only
/// in how many numbers were handed out compare equal. Events are held by number
/// (``EventNumbers``): a scripted event, or one equal to it, by its number, which is never
/// negative; any other by `-1 - i`, `i` its place in ``unnumberedEvents``.
///
/// The state graph and pruning keep it as an ``ErasedSnapshot``, its kernel part written as
/// bytes (``withKernelBytes(_:)``), and compare and hash those. ``isEqual(to:)`` compares it
/// field by field: the definition the bytes are held against in tests. It is compared by a
/// method of its own, not through `Equatable`: called from the explorer specialised for a model
/// in another module, conformances of these nested generic types were reached through their
/// witness tables, as generic code that looked up type metadata for every entry, lane and task.
struct StateSnapshot<Model: SimulationModel> {
  struct Entry {
    /// The entry's class (see ``WindowedArrivals``) and its due instant relative to the
    /// class's arrival: the same wherever the arrival lands.
    var instantClass: Int
    var due: Int64
    var rank: Int
    var tieLast: Bool
    var action: Action
  }

  enum Action {
    /// A scripted or scheduled event, by number; one that `maybe: true` lets be lost has a
    /// choice ahead that a delivered twin has not, so the two are different states.
    case event(Int32, mayBeLost: Bool)
    case timer(task: Int32, timerRank: Int)
    case laneFree(Int32)
  }

  struct Lane {
    var jobs: [Job]
    var busyUntil: VirtualTime?
    var isFrozen: Bool
  }

  enum Job {
    /// An event, by number.
    case event(Int32)
    case task(Int32)
  }

  struct Task {
    var program: Int32
    var lane: Int32
    var pc: Int32
    var isCancelled: Bool
    var state: TaskRecord.State
  }

  var model: SnapshotModel<Model>
  var pendingBatch: [Entry]
  var nowClass: Int
  var now: Int64
  var wallClock: WallClock
  var agenda: [Entry]
  var zone: ArrivalZone
  var lanes: [Lane]
  var tasks: [Task]
  var violations: [String]
  /// The events that equal no scripted event, each once, in the order the pending batch, the
  /// agenda and then the lanes first name them (``numberUnnumberedEventsInOrder()``), so that
  /// equal states hold them in one order.
  var unnumberedEvents: [Model.Event] = []
}

extension StateSnapshot {
  /// Whether the two states are equal, every part of them, field by field (what
  /// ``ErasedSnapshot``'s comparison of bytes must agree with).
  func isEqual(to other: Self) -> Bool {
    nowClass == other.nowClass && now == other.now && wallClock == other.wallClock
      && zone == other.zone && violations == other.violations
      && Self.equal(pendingBatch, other.pendingBatch) { $0.isEqual(to: $1) }
      && Self.equal(agenda, other.agenda) { $0.isEqual(to: $1) }
      && Self.equal(lanes, other.lanes) { $0.isEqual(to: $1) }
      && Self.equal(tasks, other.tasks) { $0.isEqual(to: $1) } && model.isEqual(to: other.model)
      && unnumberedEvents == other.unnumberedEvents
  }

  static func equal<Element>(
    _ left: [Element], _ right: [Element], by isEqual: (Element, Element) -> Bool
  ) -> Bool {
    // Indices rather than `zip`: where a caller could not be specialised for the model, each
    // step of a generic iterator costs thousands of instructions, and states are compared often.
    guard left.count == right.count else { return false }
    for index in left.indices where !isEqual(left[index], right[index]) { return false }
    return true
  }
}

extension StateSnapshot.Entry {
  func isEqual(to other: Self) -> Bool {
    instantClass == other.instantClass && due == other.due && rank == other.rank
      && tieLast == other.tieLast && action.isEqual(to: other.action)
  }
}

extension StateSnapshot.Action {
  // One switch per side rather than one over a tuple of both: the tuple copied both actions at
  // every entry of every pair of states compared.
  func isEqual(to other: Self) -> Bool {
    switch self {
    case .event(let number, let mayBeLost):
      guard case .event(let otherNumber, let otherMayBeLost) = other else { return false }
      return mayBeLost == otherMayBeLost && number == otherNumber
    case .timer(let task, let timerRank):
      guard case .timer(let otherTask, let otherTimerRank) = other else { return false }
      return task == otherTask && timerRank == otherTimerRank
    case .laneFree(let lane):
      guard case .laneFree(let otherLane) = other else { return false }
      return lane == otherLane
    }
  }
}

extension StateSnapshot.Lane {
  func isEqual(to other: Self) -> Bool {
    busyUntil == other.busyUntil && isFrozen == other.isFrozen
      && StateSnapshot.equal(jobs, other.jobs) { $0.isEqual(to: $1) }
  }
}

extension StateSnapshot.Job {
  func isEqual(to other: Self) -> Bool {
    switch self {
    case .event(let number):
      guard case .event(let otherNumber) = other else { return false }
      return number == otherNumber
    case .task(let task):
      guard case .task(let otherTask) = other else { return false }
      return task == otherTask
    }
  }
}

extension StateSnapshot.Task {
  func isEqual(to other: Self) -> Bool {
    program == other.program && lane == other.lane && pc == other.pc
      && isCancelled == other.isCancelled && state == other.state
  }
}

/// An entry of the agenda, of a window's agenda or of the pending batch, as a snapshot ranks
/// it: with its instant class (``WindowedArrivals``; -1 in the pending batch).
struct ClassedEntry {
  var entry: AgendaEntry
  var instantClass: Int
  var isPending = false

  // The two sorts are functions of their own, kept out of line: cross-module optimisation
  // does not serialise a function whose body sorts with the standard library, and so
  // ``Simulation/snapshot()`` ran unspecialised from the commands. Calling these, it is
  // serialised and specialised.

  /// `entries` in registration order.
  @inline(never)
  static func inRegistrationOrder(_ entries: [ClassedEntry]) -> [ClassedEntry] {
    entries.sorted { $0.entry.order < $1.entry.order }
  }

  /// `timers` in ascending order.
  @inline(never)
  static func ascending(_ timers: [Int64]) -> [Int64] {
    timers.sorted()
  }
}

extension Simulation {
  /// The run's state now, for exploration's pruning.
  func snapshot() -> StateSnapshot<Model> {
    let pending = batch[batchRemaining]
    let arrivals = context.arrivals
    // Every array sized once: growing them as they fill cost more than filling them.
    var classed: [ClassedEntry] = []
    classed.reserveCapacity(
      arrivals.agendas.reduce(context.agenda.elements.count &+ pending.count) {
        $0 &+ $1.elements.count
      })
    for entry in context.agenda.elements {
      classed.append(ClassedEntry(entry: entry, instantClass: 0))
    }
    for (index, heap) in arrivals.agendas.enumerated() {
      for entry in heap.elements {
        classed.append(ClassedEntry(entry: entry, instantClass: index + 1))
      }
    }
    // A pending batch entry's class no longer matters: it is applied at this instant.
    for entry in pending {
      classed.append(ClassedEntry(entry: entry, instantClass: -1, isPending: true))
    }
    // Ranked by registration alone: that order decides ties wherever the instants fall. An
    // entry of the pending batch stays even when it no longer does anything (the timer of a
    // task killed earlier in the batch): it is still an alternative of the batch's order, so
    // a state with it has more schedules ahead than one without.
    classed.removeAll { !$0.isPending && !isLive($0.entry) }
    let entries = ClassedEntry.inRegistrationOrder(classed)
    // Live timer entries only (stale ones were filtered out): each task sleeps on its timer.
    let timers = ClassedEntry.ascending(
      entries.compactMap { item -> Int64? in
        guard case .timer(let task, _) = item.entry.action,
          case .sleeping(let timer) = context.tasks[Int(task)].state
        else { return nil }
        return timer
      })
    var agenda: [StateSnapshot<Model>.Entry] = []
    agenda.reserveCapacity(entries.count &- pending.count)
    var pendingBatch: [StateSnapshot<Model>.Entry] = []
    pendingBatch.reserveCapacity(pending.count)
    var unnumbered: [Model.Event] = []
    for (rank, item) in entries.enumerated() {
      let (entry, instantClass) = (item.entry, item.instantClass)
      let action: StateSnapshot<Model>.Action
      switch entry.action {
      case .event(let index):
        action = .event(
          eventNumber(index, unnumbered: &unnumbered),
          mayBeLost: context.mayBeLost.contains(index))
      case .timer(let task, _):
        // A live timer by its rank among the live ones; one that no longer fires as -1.
        var rank = -1
        if isLive(entry), case .sleeping(let timer) = context.tasks[Int(task)].state {
          rank = timers.firstIndex(of: timer) ?? 0
        }
        action = .timer(task: task, timerRank: rank)
      case .laneFree(let lane, _): action = .laneFree(lane)
      }
      let base = instantClass > 0 ? arrivals.base(of: instantClass) : 0
      let canonical = StateSnapshot<Model>.Entry(
        instantClass: instantClass, due: entry.due &- base, rank: rank,
        tieLast: entry.isTieLast, action: action)
      if item.isPending { pendingBatch.append(canonical) } else { agenda.append(canonical) }
    }
    let lanes = context.lanes.map { lane in
      StateSnapshot<Model>.Lane(
        jobs: lane.queue.elements.map { job in
          switch job {
          case .event(let index): .event(eventNumber(index, unnumbered: &unnumbered))
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
    var snapshot = StateSnapshot(
      model: SnapshotModel(model), pendingBatch: pendingBatch, nowClass: arrivals.nowClass,
      now: context.now.nanoseconds &- arrivals.base(of: arrivals.nowClass),
      wallClock: context.wallClock, agenda: agenda, zone: arrivals.zone, lanes: lanes, tasks: tasks,
      violations: context.violations, unnumberedEvents: unnumbered)
    snapshot.numberUnnumberedEventsInOrder()
    return snapshot
  }

  /// The number a snapshot holds for the event registered under `index`: its scripted number
  /// (``EventNumbers``), or else `-1 - i` with the event at `unnumbered[i]`, added there if
  /// it is not yet.
  private func eventNumber(_ index: Int32, unnumbered: inout [Model.Event]) -> Int32 {
    if let number = eventNumbers.number(registeredAs: index) { return number }
    let event = context.events[Int(index)]
    if let number = eventNumbers.number(of: event) { return number }
    guard let place = unnumbered.firstIndex(of: event) else {
      unnumbered.append(event)
      return -Int32(unnumbered.count)
    }
    return -1 - Int32(place)
  }
}

extension StateSnapshot {
  /// Numbers ``unnumberedEvents`` in the order the pending batch, the agenda and then the
  /// lanes' queues first name them, keeping only those named: two states that name equal
  /// events at equal places then hold equal numbers and equal lists, however each was made.
  mutating func numberUnnumberedEventsInOrder() {
    guard !unnumberedEvents.isEmpty else { return }
    let old = unnumberedEvents
    // The new number of the event at each old place; 0 until it is met.
    var renumbered = [Int32](repeating: 0, count: old.count)
    var inOrder: [Model.Event] = []
    func renumber(_ number: Int32) -> Int32 {
      guard number < 0 else { return number }
      let place = Int(-1 &- number)
      if renumbered[place] == 0 {
        inOrder.append(old[place])
        renumbered[place] = -Int32(inOrder.count)
      }
      return renumbered[place]
    }
    func renumber(_ entries: inout [Entry]) {
      for index in entries.indices {
        if case .event(let number, let mayBeLost) = entries[index].action, number < 0 {
          entries[index].action = .event(renumber(number), mayBeLost: mayBeLost)
        }
      }
    }
    renumber(&pendingBatch)
    renumber(&agenda)
    for lane in lanes.indices {
      for index in lanes[lane].jobs.indices {
        if case .event(let number) = lanes[lane].jobs[index], number < 0 {
          lanes[lane].jobs[index] = .event(renumber(number))
        }
      }
    }
    unnumberedEvents = inOrder
  }
}
