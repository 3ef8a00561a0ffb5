import ModelContract

extension Simulation {
  /// What a driven task's job resumes with: the outcome of the suspension it was queued from,
  /// by the runtime's rules, recorded as a resumption.
  mutating func resumption(
    of id: TaskID, from suspension: TraceEvent.Suspension?, throwing: Bool
  ) -> TaskResumption {
    guard let suspension else {
      context.record(.taskStarted(id), lane: context.currentLane)
      return .start
    }
    let cancelled = context.tasks[Int(id.index)].isCancelled
    let situation: RuntimeProfile.Situation
    let threw: Bool
    switch suspension {
    case .sleep:
      threw = throwing || (cancelled && context.profile.resumptionRechecksCancellation)
      situation =
        throwing
        ? .cancelWhileSleeping : cancelled ? .cancelAfterTimerExpired : .timerExpired
      if !threw { context.counters.sleepsCompleted += 1 }
    case .yield:
      threw = cancelled && context.profile.yieldChecksCancellation
      situation = .yield
    case .hop:
      threw = throwing || (cancelled && context.profile.hopChecksCancellation)
      situation = .hop
    case .await:
      threw = throwing || (cancelled && context.profile.awaitIsCancellable)
      situation = .awaitTask
    }
    let rule = context.profile.rule(for: situation)
    context.record(
      .resumed(
        id, from: suspension, outcome: threw ? .threw : .returned, isCancelled: cancelled,
        rule: rule), lane: context.currentLane)
    return threw ? .threw : .returned
  }

  /// Runs a driven task from `resumption` until it suspends or ends: asks the model what the
  /// task does, applies the runtime's rules to it, and answers when the answer is known now
  /// (a sleep that throws at once, a hop that checks, an await of a task that has ended).
  mutating func drive(
    _ id: TaskID, _ driver: Model.Operation, resumption start: TaskResumption
  ) {
    let index = Int(id.index)
    var resumption = start
    while true {
      let directive = model.drive(driver, task: id, resumption: resumption, context: &context)
      if context.tasks[index].hasEnded { return }  // the task's own process died
      let cancelled = context.tasks[index].isCancelled
      // Read where needed: copying the profile would retain its name and rules at every step.
      switch directive {
      case .sleep(let duration, let label):
        if cancelled && context.profile.cancelledSleepThrowsAtOnce {
          let rule = context.profile.rule(for: .sleepWhileCancelled)
          context.record(
            .sleepThrewAtOnce(id, rule: rule),
            lane: context.currentLane)
          resumption = .threw
          continue
        }
        let timer = context.nextTimer
        context.nextTimer += 1
        let due = context.now.advanced(by: max(0, duration))
        context.tasks[index].state = .sleeping(timer: timer)
        context.push(
          AgendaEntry(
            due: due.nanoseconds,
            order: AgendaEntry.orderKey(sequence: context.takeSequence(), tie: .normal),
            action: .timer(task: id.index, timerTag: AgendaEntry.tag(ofTimer: timer))))
        let rule = context.profile.rule(for: .sleepSuspends)
        context.record(
          .sleepStarted(
            id, timer: TimerID(number: timer), duration: duration, due: due,
            rule: rule, label: label), lane: context.currentLane)
        return
      case .sleepWithin(let lower, let upper, let label):
        if cancelled && context.profile.cancelledSleepThrowsAtOnce {
          let rule = context.profile.rule(for: .sleepWhileCancelled)
          context.record(.sleepThrewAtOnce(id, rule: rule), lane: context.currentLane)
          resumption = .threw
          continue
        }
        startWindowedSleep(id, window: min(lower, upper)...max(lower, upper), label: label)
        return
      case .yield:
        if cancelled && context.profile.yieldChecksCancellation {
          let rule = context.profile.rule(for: .yield)
          context.record(
            .resumed(
              id, from: .yield, outcome: .threw, isCancelled: true,
              rule: rule), lane: context.currentLane)
          resumption = .threw
          continue
        }
        let lane = context.tasks[index].lane
        let position = context.queuePosition(lane)
        let rule = context.profile.rule(for: .yield)
        context.record(
          .yielded(id, queue: position, rule: rule),
          lane: context.currentLane)
        context.tasks[index].state = .resumeQueued(.yield, throwing: false)
        context.lanes[Int(lane)].queue.append(.task(id.index))
        return
      case .hop(let lane, let returning):
        let rule = context.profile.rule(for: .hop)
        if cancelled && context.profile.hopChecksCancellation && !returning {
          context.record(
            .cancellationChecked(id, threw: true, rule: rule), lane: context.currentLane)
          resumption = .threw
          continue
        }
        let position = context.queuePosition(lane.index)
        context.record(
          .hopped(id, to: lane, queue: position, rule: rule), lane: context.currentLane)
        context.tasks[index].lane = lane.index
        context.tasks[index].state = .resumeQueued(.hop, throwing: false)
        context.lanes[Int(lane.index)].queue.append(.task(id.index))
        return
      case .await(let other):
        let rule = context.profile.rule(for: .awaitTask)
        context.record(.awaitStarted(id, awaiting: other, rule: rule), lane: context.currentLane)
        if context.tasks[Int(other.index)].hasEnded {
          resumption = .returned
          continue
        }
        if cancelled && context.profile.awaitIsCancellable {
          context.record(
            .resumed(id, from: .await, outcome: .threw, isCancelled: true, rule: rule),
            lane: context.currentLane)
          resumption = .threw
          continue
        }
        context.tasks[index].state = .awaiting(other.index)
        context.awaitingCount += 1
        return
      case .end(let how):
        context.finish(id, how)
        return
      }
    }
  }
}
