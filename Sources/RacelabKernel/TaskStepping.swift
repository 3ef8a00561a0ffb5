import ModelContract

extension Simulation {
  /// Runs one job of a task: its start or a resumption, then its steps until it suspends or
  /// ends. Every runtime-dependent decision reads the context's ``RuntimeProfile``.
  @inline(__always)
  mutating func runTaskJob(_ index: Int32) {
    let id = TaskID(index: index)
    let lane = context.currentLane
    let resumingFrom: TraceEvent.Suspension?
    let throwing: Bool
    switch context.tasks[Int(index)].state {
    case .startQueued:
      resumingFrom = nil
      throwing = false
    case .resumeQueued(let suspension, let throwingNow):
      resumingFrom = suspension
      throwing = throwingNow
    case .running, .sleeping, .awaiting, .ended:
      return  // a stale job: the task was killed with its process
    }
    context.counters.jobsRun += 1
    let job = TraceEvent.Job.task(id, resumingFrom)
    context.record(.jobStarted(job), lane: lane)
    context.tasks[Int(index)].state = .running
    if let driver = context.programs[Int(context.tasks[Int(index)].program)].driver {
      drive(id, driver, resumption: resumption(of: id, from: resumingFrom, throwing: throwing))
    } else if resume(id, from: resumingFrom, throwing: throwing) {
      runSteps(id)
    }
    if let lane, context.lanes[Int(lane.index)].busyUntil != nil {
      if context.isTracing { context.lanes[Int(lane.index)].heldJob = job }
    } else {
      context.record(.jobEnded(job), lane: lane)
    }
  }

  /// Delivers a resumption's result. Returns whether the task goes on to its next step.
  private mutating func resume(
    _ id: TaskID, from suspension: TraceEvent.Suspension?, throwing: Bool
  ) -> Bool {
    let index = Int(id.index)
    guard let suspension else {
      context.record(.taskStarted(id), lane: context.currentLane)
      return true
    }
    let cancelled = context.tasks[index].isCancelled
    switch suspension {
    case .sleep:
      if throwing {
        context.record(.cancelWhileSleeping, lane: context.currentLane) {
          .resumed(id, from: .sleep, outcome: .threw, isCancelled: cancelled, rule: $0)
        }
        return handleSleepError(id)
      }
      if cancelled && context.profile.resumptionRechecksCancellation {
        context.record(.cancelAfterTimerExpired, lane: context.currentLane) {
          .resumed(id, from: .sleep, outcome: .threw, isCancelled: true, rule: $0)
        }
        return handleSleepError(id)
      }
      context.counters.sleepsCompleted += 1
      let situation: RuntimeProfile.Situation =
        cancelled ? .cancelAfterTimerExpired : .timerExpired
      context.record(situation, lane: context.currentLane) {
        .resumed(id, from: .sleep, outcome: .returned, isCancelled: cancelled, rule: $0)
      }
    case .yield:
      if cancelled && context.profile.yieldChecksCancellation {
        throwFromYield(id)
        return false
      }
      context.record(.yield, lane: context.currentLane) {
        .resumed(id, from: .yield, outcome: .returned, isCancelled: cancelled, rule: $0)
      }
    case .hop, .await:
      return false  // only driven tasks hop or await
    }
    context.tasks[index].pc += 1
    return true
  }

  /// Runs the task's steps from its program counter until it suspends or ends.
  private mutating func runSteps(_ id: TaskID) {
    let index = Int(id.index)
    let program = Int(context.tasks[index].program)
    while true {
      guard let step = context.step(Int(context.tasks[index].pc), of: program) else {
        end(id, .returned)
        return
      }
      let cancelled = context.tasks[index].isCancelled
      switch step {
      case .sleep(let duration, _):
        if cancelled && context.profile.cancelledSleepThrowsAtOnce {
          context.record(.sleepWhileCancelled, lane: context.currentLane) {
            .sleepThrewAtOnce(id, rule: $0)
          }
          guard handleSleepError(id) else { return }
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
        context.record(.sleepSuspends, lane: context.currentLane) {
          .sleepStarted(id, timer: TimerID(number: timer), duration: duration, due: due, rule: $0)
        }
        return
      case .guardNotCancelled:
        context.record(.guardChecked(id, passed: !cancelled), lane: context.currentLane)
        if cancelled {
          end(id, .returned)
          return
        }
      case .checkCancellation:
        context.record(.checkCancellation, lane: context.currentLane) {
          .cancellationChecked(id, threw: cancelled, rule: $0)
        }
        if cancelled {
          end(id, .threw)
          return
        }
      case .yield:
        if cancelled && context.profile.yieldChecksCancellation {
          throwFromYield(id)
          return
        }
        let lane = context.tasks[index].lane
        let position = context.queuePosition(lane)
        context.record(.yield, lane: context.currentLane) {
          .yielded(id, queue: position, rule: $0)
        }
        context.tasks[index].state = .resumeQueued(.yield, throwing: false)
        context.lanes[Int(lane)].queue.append(.task(id.index))
        return
      case .call(let operation):
        if context.isTracing {
          context.record(
            .called(id, operation: model.name(of: operation)), lane: context.currentLane)
        }
        model.perform(operation, task: id, context: &context)
        if context.tasks[index].hasEnded { return }  // the operation killed its own process
      }
      context.tasks[index].pc += 1
    }
  }

  /// Applies the `on-cancel` handling of the sleep at the task's program counter. Returns
  /// whether the task goes on to its next step.
  private mutating func handleSleepError(_ id: TaskID) -> Bool {
    let index = Int(id.index)
    let step = context.programs[Int(context.tasks[index].program)]
      .steps[Int(context.tasks[index].pc)]
    guard case .sleep(_, let onCancel) = step else { return false }
    let rule = onCancel == .ignore ? context.profile.rule(for: .errorIgnored) : nil
    context.record(.errorHandled(id, onCancel, rule: rule), lane: context.currentLane)
    switch onCancel {
    case .return:
      end(id, .returned)
      return false
    case .throw:
      end(id, .threw)
      return false
    case .ignore:
      context.tasks[Int(id.index)].pc += 1
      return true
    }
  }

  /// K4: a yield in a cancelled task throws, and the error ends the task.
  private mutating func throwFromYield(_ id: TaskID) {
    let rule = context.profile.rule(for: .yield)
    context.record(
      .resumed(id, from: .yield, outcome: .threw, isCancelled: true, rule: rule),
      lane: context.currentLane)
    end(id, .threw)
  }

  private mutating func end(_ id: TaskID, _ how: TraceEvent.TaskEnd) {
    context.finish(id, how)
  }
}
