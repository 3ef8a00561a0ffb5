extension StateSnapshot {
  /// The state after applying the pending batch entry at `position`, which only adds a job to
  /// `lane` (``Simulation/laneOnlyEnqueued(by:)``), with nothing else applied: what
  /// ``Simulation/snapshot()`` gives at the batch's next choice point.
  ///
  /// The entry leaves the batch and the later entries' ranks close up behind it. An event's
  /// job joins the lane's queue. A timer's task stops sleeping, its resumption joins the queue,
  /// and the later timers' ranks close up, in the entries and in the tasks that sleep on them.
  func applying(pending position: Int, onto lane: LaneID) -> StateSnapshot {
    var next = self
    let removed = next.pendingBatch.remove(at: position)
    func closeUp(_ entry: inout Entry) {
      if entry.rank > removed.rank { entry.rank -= 1 }
    }
    for index in next.agenda.indices { closeUp(&next.agenda[index]) }
    for index in next.pendingBatch.indices { closeUp(&next.pendingBatch[index]) }
    switch removed.action {
    case .event(let event, _):
      next.lanes[Int(lane.index)].jobs.append(.event(event))
    case .timer(let task, let timerRank):
      func closeUp(_ action: inout Action) {
        if case .timer(let other, let rank) = action, rank > timerRank {
          action = .timer(task: other, timerRank: rank - 1)
        }
      }
      for index in next.agenda.indices { closeUp(&next.agenda[index].action) }
      for index in next.pendingBatch.indices { closeUp(&next.pendingBatch[index].action) }
      for index in next.tasks.indices {
        if case .sleeping(let rank) = next.tasks[index].state, rank > Int64(timerRank) {
          next.tasks[index].state = .sleeping(timer: rank - 1)
        }
      }
      next.tasks[Int(task)].state = .resumeQueued(.sleep, throwing: false)
      next.lanes[Int(lane.index)].jobs.append(.task(task))
    case .laneFree:
      preconditionFailure("a lane's end of a busy period is never a choice")
    }
    next.numberUnnumberedEventsInOrder()
    return next
  }
}
