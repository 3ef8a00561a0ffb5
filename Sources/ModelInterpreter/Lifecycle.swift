import ModelContract
import ModelLanguage
import RacelabKernel

extension InterpretedModel {
  /// Starts a task running `operation` on `lane` (default: the operation's own lane). Its
  /// first step is a later job (C5); when it starts elsewhere than the operation's lane, its
  /// first move is a hop there. A run that has started as many tasks as its limit allows
  /// stops with a run-time error instead, and this returns `nil`.
  @discardableResult
  mutating func start(
    _ operation: Int, arguments: [Value], process: Int, lane: Int?,
    context: inout SimulationContext<InterpretedModel>
  ) -> TaskID? {
    let limit = code.runLimits.tasks
    guard context.tasksStarted < limit else {
      _ = fail(
        "more than \(limit) tasks in one run: the model keeps starting tasks (raise the "
          + "limit with --limits tasks=N)", context: &context)
      return nil
    }
    let body = code.bodies[operation]
    let locals = Locals(arguments, paddedTo: body.localCount)
    let target = lane ?? program.operations[operation].lane
    let id = context.spawnTask(program: operation, lane: LaneID(index: Int32(target)))
    while frames.count <= Int(id.index) { frames.append(nil) }
    frames[Int(id.index)] = TaskFrame(
      top: Activation(operation: operation, locals: locals), process: process)
    return id
  }

  /// `cancel()` on a task, and on its children (structured concurrency), depth first in the
  /// order they were spawned.
  mutating func cancel(_ task: TaskID, context: inout SimulationContext<InterpretedModel>) {
    var pending = [task.index]
    while let index = pending.popLast() {
      let id = TaskID(index: index)
      guard !context.isCancelled(id) || index == task.index else { continue }
      context.cancel(id)
      pending += (frames[Int(index)]?.children ?? []).reversed()
    }
  }

  /// Runs event `index`'s handler to its end, as one job (it never suspends).
  mutating func runHandler(
    _ index: Int, arguments: [Value], context: inout SimulationContext<InterpretedModel>
  ) {
    guard let body = code.compiled.handlers[index] else { return }
    let locals = Locals(arguments, paddedTo: body.localCount)
    var frame = TaskFrame(
      top: Activation(operation: -1 - index, locals: locals),
      process: program.events[index].process)
    switch run(&frame, task: nil, context: &context) {
    case .suspend:
      _ = fail("the handler of \(program.events[index].name) suspends", context: &context)
    case .finished, .failed, .stopped: break
    }
  }

  /// The kernel's own events on one process.
  mutating func applyBuiltIn(
    _ event: BuiltInEvent, process: Int, _ arguments: [Value],
    context: inout SimulationContext<InterpretedModel>
  ) {
    let lanes = code.compiled.lanesOfProcess[process].map { LaneID(index: Int32($0)) }
    switch event {
    case .busy:
      let length = arguments.first.map { Self.number($0, for: "a busy period", context: &context) }
      context.holdCurrentLane(forNanoseconds: length ?? 0)
    case .suspend:
      context.setLanesFrozen(true, lanes: lanes)
    case .resume:
      context.setLanesFrozen(false, lanes: lanes)
    case .wallClockShift:
      let amount =
        arguments.first.map { Self.number($0, for: "a clock shift", context: &context) } ?? 0
      guard let clock = code.compiled.clockOfProcess[process] else {
        context.shiftWallClock(byNanoseconds: amount)
        let day = context.today()
        context.note(
          ModelNote(
            kind: "clock-shifted", subject: "wall clock",
            detail: ["moved \(DurationText.formatSigned(amount)) · today is day \(day)"]))
        return
      }
      // A clock shifted past the 64-bit range stays at its end.
      let (shifted, overflow) = clockShifts[clock].addingReportingOverflow(amount)
      clockShifts[clock] = overflow ? (amount < 0 ? .min : .max) : shifted
      let name = Code.clockNames(program)[clock]
      context.note(
        ModelNote(
          kind: "clock-shifted", subject: name,
          detail: [
            "the \(name) clock of \(program.processes[process].name) jumps by "
              + DurationText.format(amount) + "; other clocks keep their time"
          ]))
    case .crash:
      crash(process, context: &context)
    case .relaunch:
      let restart = program.processes[process].restart
      if let sentence = restart.sentence {
        // The model's own words open the restart, before the tasks it kills end.
        let told = self.sentence(sentence, Scope(locals: []), context: &context)
        context.note(ModelNote(kind: "relaunched", subject: "relaunch", detail: [told]))
      }
      crash(process, context: &context)
      processDown[process] = false
      let frozen = lanes.filter { context.isFrozen($0) }
      if !frozen.isEmpty { context.setLanesFrozen(false, lanes: frozen) }
      if restart.sentence == nil {
        context.note(
          ModelNote(
            kind: "relaunched", subject: program.processes[process].name,
            detail: ["\(program.processes[process].name) starts again: memory back to t = 0"]))
      }
      for assignment in restart.assignments {
        do {
          state[assignment.slot] = try evaluate(
            assignment.value, Scope(locals: [], process: process), context: &context)
        } catch {
          _ = fail(
            "restart of \(program.processes[process].name): \(error.message)", context: &context)
          return
        }
      }
      if let launch = program.processes[process].onLaunch {
        start(launch, arguments: [], process: process, lane: nil, context: &context)
      }
    }
  }

  /// The process dies: its tasks, queued jobs and timers go (the open transactions of its
  /// tasks roll back, the task with the newest write first, then the latest task; a variable
  /// several of them wrote goes back to its value before the earliest of those writes), its
  /// memory state is back to its value at `t = 0`, and it stays down until a relaunch. The
  /// running task's own transactions are rolled back by the step that ends it, whose frame is
  /// not in ``frames``.
  mutating func crash(_ process: Int, context: inout SimulationContext<InterpretedModel>) {
    // Newest write first, so that the trace reads as the writes undone in turn.
    let dying = frames.indices.compactMap { index -> (newest: Int, index: Int)? in
      guard let frame = frames[index], frame.process == process,
        !context.hasEnded(TaskID(index: Int32(index)))
      else { return nil }
      return (newestWrite(in: frame), index)
    }.sorted { ($0.newest, $0.index) > ($1.newest, $1.index) }
    for (_, index) in dying {
      guard let frame = frames[index] else { continue }
      rollBackOnDeath(frame, task: TaskID(index: Int32(index)), context: &context)
    }
    for index in frames.indices
    where frames[index]?.process == process
      || (running?.task == Int32(index) && running?.process == process)
    {
      context.kill(TaskID(index: Int32(index)))
    }
    for lane in code.compiled.lanesOfProcess[process] {
      context.dropQueuedJobs(on: LaneID(index: Int32(lane)))
    }
    for (slot, variable) in program.state.enumerated()
    where variable.process == process && variable.storage == .memory {
      state[slot] = initialState[slot]
    }
    processDown[process] = true
    incarnations[process] += 1
    restoredAtDeath.removeAll()
  }
}
