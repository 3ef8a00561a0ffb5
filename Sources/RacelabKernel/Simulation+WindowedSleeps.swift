import ModelContract

extension Simulation {
  /// Starts a sleep of task `id` whose timer fires somewhere in `window` nanoseconds from now.
  ///
  /// The timer's instant is a new unknown of the zone, bound only to the unknown the current
  /// instant follows from (`now − base` after it, plus the window), and its entry opens a class
  /// of its own: everything scheduled from the timer's instant moves with it, as everything
  /// scheduled from a windowed arrival does. The run uses the earliest instant the zone allows,
  /// or the one a restart gives, and orders it against the other instants through the same
  /// choice points as arrivals, so exploring it is as exact. `label` is what the sleep stands
  /// for, if the model names it.
  mutating func startWindowedSleep(_ id: TaskID, window: ClosedRange<Int64>, label: String?) {
    let index = Int(id.index)
    let timer = context.nextTimer
    context.nextTimer += 1
    let earliest = context.now.advanced(by: max(0, window.lowerBound))
    let latest = context.now.advanced(by: max(0, window.upperBound))
    let anchor = context.arrivals.nowClass
    let base = Int128(context.arrivals.base(of: anchor))
    let variable = context.arrivals.zone.addVariable(
      after: anchor, lower: Int128(earliest.nanoseconds) - base,
      upper: Int128(latest.nanoseconds) - base)
    // A restart gives the instant that meets every answer chosen so far; one outside the window
    // belongs to another sleep of another run, and the earliest instant is used instead.
    var due = earliest.nanoseconds
    if let instants = arrivalInstants, variable - 1 < instants.count,
      (earliest.nanoseconds...latest.nanoseconds).contains(instants[variable - 1])
    {
      due = instants[variable - 1]
    }
    context.arrivals.witness.append(due)
    var heap = BinaryHeap<AgendaEntry>()
    heap.push(
      AgendaEntry(
        due: due, order: AgendaEntry.orderKey(sequence: context.takeSequence(), tie: .normal),
        action: .timer(task: id.index, timerTag: AgendaEntry.tag(ofTimer: timer))))
    context.arrivals.agendas.append(heap)
    context.tasks[index].state = .sleeping(timer: timer)
    let dueTime = VirtualTime(nanoseconds: due)
    let lane = context.currentLane
    let rule = context.profile.rule(for: .sleepSuspends)
    let length = due - context.now.nanoseconds
    context.record(
      .sleepStarted(
        id, timer: TimerID(number: timer), duration: length, due: dueTime, rule: rule,
        label: label),
      lane: lane)
    context.record(
      .sleepWindowed(
        id, timer: TimerID(number: timer), window: window, dueWindow: earliest...latest,
        due: dueTime), lane: lane)
  }
}
