extension Simulation {
  /// The lane that applying `entry` only adds a job to, or `nil` when applying it can do more.
  ///
  /// An event delivered as a job adds it to its lane's queue; a live timer queues its task's
  /// resumption on the task's lane. Neither reads or writes anything else a later step sees
  /// (the trace aside), so two such entries for different lanes commute. An event that acts at
  /// once runs model code, a `maybe` event is a choice of its own, and a timer whose task no
  /// longer sleeps on it does nothing: none of them is said to commute.
  func laneOnlyEnqueued(by entry: AgendaEntry) -> LaneID? {
    switch entry.action {
    case .event(let index):
      guard !context.mayBeLost.contains(index),
        case .job(let lane) = model.delivery(of: context.events[Int(index)])
      else { return nil }
      return lane
    case .timer(let task, _):
      guard isLive(entry) else { return nil }
      return LaneID(index: context.tasks[Int(task)].lane)
    case .laneFree:
      return nil
    }
  }

  /// What the strategy is told at a same-instant point whose state it observes: what each
  /// remaining entry of the batch does, and the point and state each one that only adds a job
  /// leads to, computed from `state` without applying it.
  func sameInstantAlternatives(state: StateSnapshot<Model>) -> SameInstantAlternatives {
    // A loop, not `map(laneOnlyEnqueued(by:))`: the method as a closure captured a copy of the
    // whole simulation at every same-instant point.
    var enqueuing: [LaneID?] = []
    enqueuing.reserveCapacity(batchRemaining.count)
    for entry in batch[batchRemaining] { enqueuing.append(laneOnlyEnqueued(by: entry)) }
    let time = context.now
    let count = enqueuing.count
    // The snapshot keeps live entries only; with one gone stale, positions would not match.
    guard count >= 3, state.pendingBatch.count == count else {
      return SameInstantAlternatives(enqueuing: enqueuing, successor: { _ in nil })
    }
    return SameInstantAlternatives(enqueuing: enqueuing) { alternative in
      guard let lane = enqueuing[alternative] else { return nil }
      return StateAtChoice(
        point: .sameInstant(time: time, alternatives: count - 1),
        state: ObservedState(
          ErasedSnapshot.successor(of: state, applyingPending: alternative, onto: lane)))
    }
  }
}

/// The alternatives of a same-instant choice point, as the kernel tells a strategy that observes
/// state (``SchedulingStrategy/choose(_:state:alternatives:)``).
public struct SameInstantAlternatives {
  /// For each alternative, the lane that applying it only adds a job to, or `nil` when applying
  /// it can do more (act at once, be lost, find its timer gone). Two alternatives that only add
  /// jobs to different lanes commute: applied in either order, they leave the same state.
  public let enqueuing: [LaneID?]
  /// The next choice point and the run's state there if the alternative is taken, when that
  /// alternative only adds a job and the batch still has a choice after it; `nil` otherwise.
  let successor: (Int) -> StateAtChoice?
}
