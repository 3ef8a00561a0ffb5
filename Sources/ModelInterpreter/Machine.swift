import ModelContract
import ModelLanguage
import RacelabKernel

/// Why running a frame stopped.
enum Stop {
  /// The task suspends (or ends in a way the kernel handles).
  case suspend(TaskDirective)
  /// The body returned.
  case finished(Value)
  /// An error left the body.
  case failed(Thrown)
  /// The run stopped (a run-time error) or the task's own process died.
  case stopped
}

extension InterpretedModel {
  /// Continues `frame` after its suspension ended with `resumption`.
  mutating func resume(
    _ frame: inout TaskFrame, task: TaskID?, _ resumption: TaskResumption,
    context: inout SimulationContext<InterpretedModel>
  ) -> Stop {
    switch (frame.suspension, resumption) {
    case (.start, _):
      let operation = frame.outermostOperation
      let lane = program.operations[operation].lane
      if let task, Int(context.lane(of: task).index) != lane {
        frame.suspension = .hopIn
        return .suspend(.hop(to: LaneID(index: Int32(lane)), returning: false))
      }
    case (_, .start), (.sleep, .returned), (.yield, .returned), (.hopIn, .returned):
      break
    case (.sleepCatching(_, let after), .returned):
      frame.top.pc = after
    case (.sleepCatching(let onCancel, let after), .threw):
      frame.top.pc = onCancel
      if let task, let handling = caughtSleep(onCancel: onCancel, after: after, in: frame) {
        context.recordErrorHandled(in: task, handling)
      }
    case (.sleep, .threw), (.yield, .threw), (.hopOut, .threw):
      if case .hopOut = frame.suspension { frame.pop() }
      return unwind(.cancelled, &frame, task: task, context: &context)
    case (.hopIn, .threw):
      if !frame.pop() { return .failed(.cancelled) }
      return unwind(.cancelled, &frame, task: task, context: &context)
    case (.hopOut(let error), .returned):
      frame.pop()
      if let error { return unwind(error, &frame, task: task, context: &context) }
    case (.await(let awaited, let into), .returned):
      switch frames[Int(awaited)]?.outcome {
      case .value(let value):
        if let into { frame.top.locals[into] = value }
      case .error(let error):
        return unwind(error, &frame, task: task, context: &context)
      case nil:
        return fail("the awaited task ended without a value", context: &context)
      }
    case (.await, .threw):
      return unwind(.cancelled, &frame, task: task, context: &context)
    }
    return run(&frame, task: task, context: &context)
  }

  /// Runs instructions until the frame suspends, returns or fails.
  mutating func run(
    _ frame: inout TaskFrame, task: TaskID?, context: inout SimulationContext<InterpretedModel>
  ) -> Stop {
    let shared = code
    while !frame.isDone {
      // The budget's fast path, inline: this loop runs once per instruction.
      instructionsRun += 1
      if instructionsRun > shared.runLimits.steps {
        return fail(Self.budgetSpent(shared.runLimits.steps), context: &context)
      }
      let operation = frame.top.operation
      let pc = frame.top.pc
      // Read in place: copying a whole body out would retain its arrays at every step.
      let count =
        operation >= 0
        ? shared.bodies[operation].instructions.count
        : shared.compiled.handlers[-1 - operation]?.instructions.count ?? 0
      guard pc < count else {
        if let stop = leave(&frame, with: .none, task: task, context: &context) {
          return stop
        }
        continue
      }
      let instruction =
        operation >= 0
        ? shared.bodies[operation].instructions[pc]
        : shared.compiled.handlers[-1 - operation]?.instructions[pc] ?? .popHandler
      frame.top.pc += 1
      do {
        if let stop = try step(instruction, &frame, task: task, context: &context) {
          return stop
        }
      } catch {
        let line = compiledBody(operation).lines[pc]
        return fail(
          "line \(line) of \(bodyName(operation)): " + error.message, context: &context)
      }
      if failed { return .stopped }
      if let task, context.hasEnded(task) { return .stopped }
    }
    return .finished(.none)
  }

  /// Runs one instruction; returns a stop when the frame stops.
  private mutating func step(
    _ instruction: Instruction, _ frame: inout TaskFrame, task: TaskID?,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Stop? {
    switch instruction {
    case .assignLocal(let slot, let value):
      frame.top.locals[slot] = try evaluated(value, in: &frame, task: task, context: &context)
    case .assignState(let slot, let value):
      let result = try evaluated(value, in: &frame, task: task, context: &context)
      noteWrite(of: slot, in: &frame)
      state[slot] = result
    case .returnValue(let value):
      let result = try value.map { value throws(RunTimeError) in
        try evaluated(value, in: &frame, task: task, context: &context)
      }
      return leave(&frame, with: result ?? .none, task: task, context: &context)
    case .jump(let target):
      frame.top.pc = target
    case .jumpUnless(let condition, let target):
      if !(try evaluated(condition, in: &frame, task: task, context: &context).isTrue) {
        frame.top.pc = target
      }
    case .call(let operation, let arguments, let into):
      return try call(
        operation, arguments, into: into, &frame, scope: scope(of: frame, task: task),
        task: task, context: &context)
    case .sleep(let length, let label):
      guard task != nil else { throw RunTimeError(message: "an event handler cannot sleep") }
      let nanoseconds = Self.number(
        try evaluated(length, in: &frame, task: task, context: &context),
        for: "a sleep's length", context: &context)
      try Self.checkEndOfClock("sleep", nanoseconds, context: &context)
      frame.suspension = .sleep
      return .suspend(.sleep(nanoseconds: nanoseconds, label: label))
    case .sleepCatching(let length, let onCancel, let after, let label):
      guard task != nil else { throw RunTimeError(message: "an event handler cannot sleep") }
      let nanoseconds = Self.number(
        try evaluated(length, in: &frame, task: task, context: &context),
        for: "a sleep's length", context: &context)
      try Self.checkEndOfClock("sleep", nanoseconds, context: &context)
      frame.suspension = .sleepCatching(onCancel: onCancel, after: after)
      return .suspend(.sleep(nanoseconds: nanoseconds, label: label))
    case .countUp(let counter, let limit, let body):
      let next = frame.top.locals[counter].integer + 1
      frame.top.locals[counter] = .int(next)
      if next < frame.top.locals[limit].integer { frame.top.pc = body }
    case .sleepWithin(let lowerBound, let upperBound, let label):
      guard task != nil else { throw RunTimeError(message: "an event handler cannot sleep") }
      let lower = Self.number(
        try evaluated(lowerBound, in: &frame, task: task, context: &context),
        for: "a sleep's window", context: &context)
      let upper = Self.number(
        try evaluated(upperBound, in: &frame, task: task, context: &context),
        for: "a sleep's window", context: &context)
      guard lower <= upper else {
        let window = DurationText.formatSigned(lower) + ".." + DurationText.formatSigned(upper)
        throw RunTimeError(message: "sleep: the window \(window) ends before it starts")
      }
      if lower > VirtualTime.end.nanoseconds &- context.now.nanoseconds {
        // The whole window ends past the clock's last instant: the error names its end.
        try Self.checkEndOfClock("sleep", upper, context: &context)
      }
      let upperInRange = Self.longestStep(upper, context: &context, "a sleep's window")
      try Self.checkEndOfClock("sleep", upperInRange, context: &context)
      frame.suspension = .sleep
      return .suspend(.sleepWithin(lower: lower, upper: upperInRange, label: label))
    case .guardNotCancelled:
      guard let task else { return nil }
      let cancelled = context.isCancelled(task)
      context.recordGuard(in: task, passed: !cancelled)
      if cancelled { return leave(&frame, with: .none, task: task, context: &context) }
    case .checkCancellation:
      guard let task else { return nil }
      let cancelled = context.isCancelled(task)
      context.recordCancellationCheck(in: task, threw: cancelled)
      if cancelled { return unwind(.cancelled, &frame, task: task, context: &context) }
    case .yield:
      guard task != nil else { throw RunTimeError(message: "an event handler cannot yield") }
      frame.suspension = .yield
      return .suspend(.yield)
    case .spawn(let spawn):
      var arguments: [Value] = []
      for argument in spawn.arguments {
        arguments.append(try evaluated(argument, in: &frame, task: task, context: &context))
      }
      let home = program.lanes[program.operations[spawn.operation].lane].process
      let lane =
        spawn.lane ?? (spawn.isDetached ? code.pool(of: home) : nil)
        ?? context.currentLane.map { Int($0.index) }
      guard
        let id = start(
          spawn.operation, arguments: arguments, process: frame.process, lane: lane,
          context: &context)
      else { return .stopped }
      // The running task's own frame is `frame`, not yet written back.
      if spawn.isChild, let task {
        frame.children.append(id.index)
        // A child of a cancelled task starts cancelled, as `async let` does.
        if context.isCancelled(task) { context.cancel(id) }
      }
      if let into = spawn.into { frame.top.locals[into] = .task(id.index) }
    case .cancel(let handle):
      if case .task(let index) = try evaluated(handle, in: &frame, task: task, context: &context) {
        if index == task?.index {
          // The running task cancels itself: its frame, with its children, is `frame`.
          context.cancel(TaskID(index: index))
          for child in frame.children { cancel(TaskID(index: child), context: &context) }
        } else {
          cancel(TaskID(index: index), context: &context)
        }
      }
    case .await(let handle, let into):
      guard task != nil else { throw RunTimeError(message: "an event handler cannot await") }
      guard case .task(let index) = try evaluated(handle, in: &frame, task: task, context: &context)
      else {
        throw RunTimeError(message: "await of a task handle that is none")
      }
      frame.suspension = .await(task: index, into: into)
      return .suspend(.await(TaskID(index: index)))
    case .pushHandler(let clauses):
      frame.top.handlers.append(Handler(clauses: clauses, written: nil))
    case .pushTransaction:
      openTransaction(&frame, task: task, context: &context)
    case .popHandler:
      closeHandler(&frame, task: task, context: &context)
    case .throwError(let error):
      return unwind(.declared(error), &frame, task: task, context: &context)
    case .choose(let label, let names, let targets):
      let pick = context.choose(label, among: targets.count)
      let operation = frame.top.operation
      context.note(
        ModelNote(
          kind: "chosen", task: task, subject: "choose",
          detail: [
            "the world chose \(names[pick])"
              + (operation >= 0 ? " for \(program.operations[operation].name)" : "")
              + (pick == 0 ? "" : " (the default: \(names[0]))")
          ],
          fields: [TraceField("alternative", .int(Int64(pick)))]))
      frame.top.pc = targets[pick]
    case .mayCrash(let label):
      guard crashes < code.maxCrashes, !processDown[frame.process] else { return nil }
      let forced = code.crashAt.contains(label)
      guard forced || context.choose("crash at \(label)", among: 2) == 1 else { return nil }
      crashes += 1
      context.note(
        ModelNote(
          kind: "crashed", task: task, subject: label,
          detail: ["\(program.processes[frame.process].name) dies here (\(label))"]))
      rollBackOnDeath(frame, task: task, context: &context)
      crash(frame.process, context: &context)
      return .stopped
    case .lifecycle(let event, let process):
      // A task that ends its own process dies with it, and its transactions with it.
      if task != nil, event == .crash || event == .relaunch, process == frame.process {
        rollBackOnDeath(frame, task: task, context: &context)
      }
      applyBuiltIn(event, process: process, [], context: &context)
      if let task, context.hasEnded(task) { return .stopped }
    case .after(let delay, let operation, let arguments, let quiet):
      let (nanoseconds, values) = try timer(delay, arguments, &frame, task: task, context: &context)
      // The timer belongs to the process whose code sets it: an operation on `store.main`
      // sets a store timer, which the app dying does not drop.
      let owner = runningProcess(frame.top.operation, of: frame)
      context.schedule(
        .timer(
          operation: operation, arguments: values, process: owner,
          incarnation: incarnations[owner]), afterNanoseconds: nanoseconds,
        told: quiet ? nil : program.operations[operation].shownName)
    case .afterEvent(let delay, let event, let arguments, let quiet):
      let (nanoseconds, values) = try timer(delay, arguments, &frame, task: task, context: &context)
      context.schedule(
        .scripted(event, values), afterNanoseconds: nanoseconds,
        told: quiet ? nil : program.events[event].name)
    case .element(let into, let list, let index):
      if case .list(let items) = frame.top.locals[list],
        case .int(let position) = frame.top.locals[index],
        items.indices.contains(Int(position))
      {
        frame.top.locals[into] = items[Int(position)]
      }
    case .record(let record, let values, let quiet):
      var row: [Value] = []
      for value in values {
        row.append(try evaluated(value, in: &frame, task: task, context: &context))
      }
      records[record].append(row)
      recordsGrown[record] = true
      if context.isTracing && !quiet { context.note(recordNote(record, row, task: task)) }
      openObligations(for: record, row: row, context: &context)
    case .say(let parts, let heading, let about):
      // Every run reads the parts (one that fails is the step's run-time error, traced or
      // not); only a traced run writes them out.
      let text = try words(parts, &frame, task: task, written: context.isTracing, context: &context)
      var subject = task
      if let about,
        case .task(let index) = try evaluated(about, in: &frame, task: task, context: &context)
      {
        subject = TaskID(index: index)
      }
      context.note(Self.sayNote(text, heading: heading, task: subject, running: task))
    case .check(let index, let parts):
      let invariant = program.invariants[index]
      guard case .always(let condition) = invariant.check, !broken[index] else { return nil }
      guard
        !(try evaluate(condition, Scope(locals: [], task: nil), context: &context).isTrue)
      else { return nil }
      // Read in every run, traced or not, as a check at a job's end reads its words.
      let detail: String
      if let parts {
        detail = try words(parts, &frame, task: task, context: &context)
      } else {
        detail = breakText(of: invariant, context: &context)
      }
      context.reportViolation(invariant.name, detail: detail)
      broken[index] = true
    case .insert, .update, .delete, .setColumn:
      try changeTable(instruction, &frame, task: task, context: &context)
    }
    return nil
  }

  /// The value of `expression` in `frame`'s running activation. What ``plainValue(_:in:state:)``
  /// reads in place (a literal, a local, a state variable, sums and comparisons of plain
  /// numbers: most of what instructions compute) needs no ``Scope``, which copies the locals.
  /// `frame` is only read; it is `inout` because a borrowed frame beside the model's own
  /// `inout` access was copied whole (about 200 bytes and a retain per field) at every call.
  private mutating func evaluated(
    _ expression: Expression, in frame: inout TaskFrame, task: TaskID?,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Value {
    if let value = try Self.plainValue(expression, in: &frame, state: state) { return value }
    return try evaluate(expression, scope(of: frame, task: task), context: &context)
  }

  /// What an expression in `frame`'s running activation may read. Built for each use and gone
  /// at the end of its statement, so that a local written right after is not shared with it
  /// (and is changed in place).
  private func scope(of frame: TaskFrame, task: TaskID?) -> Scope {
    Scope(
      locals: frame.top.locals, task: task,
      process: runningProcess(frame.top.operation, of: frame))
  }

  /// A call's arguments in words, `server pro, storekit free`; `nil` for none.
  static func argumentsText(
    _ program: ModelProgram, _ operation: Int, _ locals: Locals, count: Int
  ) -> String? {
    let parameters = program.operations[operation].parameters
    guard count > 0, count <= parameters.count else { return nil }
    return (0..<count).map { slot in
      "\(parameters[slot].name) \(program.text(locals[slot], as: parameters[slot].type))"
    }.joined(separator: ", ")
  }

  /// A call: on the same lane it runs at once; on another lane it hops there (a suspension).
  private mutating func call(
    _ operation: Int, _ arguments: [Expression], into: Int?, _ frame: inout TaskFrame,
    scope: Scope, task: TaskID?, context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Stop? {
    guard frame.depth < Self.callDepthLimit else {
      throw RunTimeError(message: "calls nest deeper than \(Self.callDepthLimit)")
    }
    let slots = max(arguments.count, code.bodies[operation].localCount)
    var locals = Locals([], paddedTo: slots)
    for (slot, argument) in arguments.enumerated() {
      locals[slot] = try evaluate(argument, scope, context: &context)
    }
    let target = program.operations[operation].lane
    let here =
      task.map { Int(context.lane(of: $0).index) }
      ?? context.currentLane.map {
        Int($0.index)
      }
    if let task {
      context.recordCall(
        in: task, operation: program.operations[operation].name,
        arguments: Self.argumentsText(program, operation, locals, count: arguments.count))
    }
    guard let here, here != target else {
      frame.push(Activation(operation: operation, locals: locals, into: into))
      return nil
    }
    guard task != nil else {
      throw RunTimeError(
        message: "an event handler cannot call \(program.operations[operation].name) on "
          + "another lane")
    }
    frame.push(Activation(operation: operation, locals: locals, into: into, returnLane: here))
    frame.suspension = .hopIn
    return .suspend(.hop(to: LaneID(index: Int32(target)), returning: false))
  }

  static let callDepthLimit = 256

  /// The compiled body of an activation: an operation's, or (for `-1 - event`) an event
  /// handler's.
  func compiledBody(_ operation: Int) -> CompiledBody {
    operation >= 0 ? code.bodies[operation] : code.compiled.handlers[-1 - operation] ?? Self.empty
  }

  /// An activation's name for messages.
  func bodyName(_ operation: Int) -> String {
    operation >= 0
      ? program.operations[operation].name : "the handler of \(program.events[-1 - operation].name)"
  }

  static let empty = CompiledBody(instructions: [], lines: [], localCount: 0)

  /// Leaves the innermost operation with `value`: back to its caller (hopping back when it was
  /// called across lanes), or the end of the task.
  private mutating func leave(
    _ frame: inout TaskFrame, with value: Value, task: TaskID?,
    context: inout SimulationContext<InterpretedModel>
  ) -> Stop? {
    let finished = frame.top
    if finished.operation >= 0, let type = program.operations[finished.operation].result,
      context.isTracing
    {
      let name = program.operations[finished.operation].name
      context.note(
        ModelNote(
          kind: "returned", task: task, subject: name,
          detail: ["\(name) returns \(code.text(value, as: type))"]))
    }
    guard frame.depth > 1 else {
      frame.pop()
      return .finished(value)
    }
    if let into = finished.into { frame.callers[frame.callers.count - 1].locals[into] = value }
    if let lane = finished.returnLane, task != nil {
      frame.suspension = .hopOut(nil)
      return .suspend(.hop(to: LaneID(index: Int32(lane)), returning: true))
    }
    frame.pop()
    return nil
  }

  /// Propagates `error` from the innermost operation outwards to the first handler that
  /// catches it; a transaction on the way restores the state. Continues running when caught.
  mutating func unwind(
    _ error: Thrown, _ frame: inout TaskFrame, task: TaskID?,
    context: inout SimulationContext<InterpretedModel>
  ) -> Stop {
    while !frame.isDone {
      while let handler = frame.top.handlers.popLast() {
        if handler.written != nil {
          rollBack(handler, in: frame.top.operation, .error(error), context: &context)
          continue
        }
        if let clause = handler.clauses.first(where: { $0.pattern.catches(error) }) {
          frame.top.pc = clause.target
          return run(&frame, task: task, context: &context)
        }
      }
      if let lane = frame.top.returnLane, task != nil, frame.depth > 1 {
        frame.suspension = .hopOut(error)
        return .suspend(.hop(to: LaneID(index: Int32(lane)), returning: true))
      }
      frame.pop()
    }
    return .failed(error)
  }

  /// Ends the run with a run-time error, reported as the broken invariant `run-time-error`.
  mutating func fail(_ message: String, context: inout SimulationContext<InterpretedModel>)
    -> Stop
  {
    failed = true
    context.reportViolation(Self.runTimeError, detail: message)
    context.halt()
    return .stopped
  }

  /// Counts one instruction (or one skipped periodic run) against the run's budget; once the
  /// budget is spent the run stops with a run-time error and this returns `false`.
  mutating func spendInstruction(context: inout SimulationContext<InterpretedModel>) -> Bool {
    do {
      try spend(1)
      return true
    } catch {
      _ = fail(error.message, context: &context)
      return false
    }
  }

  /// Counts `units` of work against the run's budget: one per instruction, and inside an
  /// instruction one per table row or record row scanned and per list item or text byte
  /// built, so that no expression, however large its values grow, can run long or fill memory.
  /// Throws once the budget is spent.
  mutating func spend(_ units: Int) throws(RunTimeError) {
    instructionsRun += units
    guard instructionsRun > code.runLimits.steps else { return }
    throw RunTimeError(message: Self.budgetSpent(code.runLimits.steps))
  }

  /// Throws when a `step` (`sleep` or `after`) of `nanoseconds` from now would end past the
  /// clock's last instant: a timer clamped to that instant would fire at a time the step never
  /// asked for (and a timer that sets itself again would fire there forever). When only a
  /// later landing of the window the current instant follows from would end past it, the run
  /// goes on and notes that it cannot follow those landings exactly.
  static func checkEndOfClock(
    _ step: String, _ nanoseconds: Int64, context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) {
    let now = context.now
    guard !now.nanoseconds.addingReportingOverflow(max(0, nanoseconds)).overflow else {
      throw RunTimeError(
        message: "\(step): \(DurationText.format(nanoseconds)) from "
          + "\(DurationText.instant(now)) ends after the clock's last instant, "
          + "\(DurationText.instant(.end))")
    }
    context.noteStepPastTheEnd(
      nanoseconds,
      "has a \(step) that ends past the clock's last instant where a window lands late")
  }

  /// `nanoseconds`, or, when a step that long from now would end past the clock's last instant,
  /// the longest that does not (noted as a place the run cannot follow exactly: the lengths
  /// past it, which would stop the run with an error, are not tried).
  static func longestStep(
    _ nanoseconds: Int64, context: inout SimulationContext<InterpretedModel>, _ what: String
  ) -> Int64 {
    let room = VirtualTime.end.nanoseconds &- context.now.nanoseconds
    guard nanoseconds > room else { return nanoseconds }
    context.noteInexactClockUse("has \(what) that ends past the clock's last instant")
    return room
  }

  /// The run-time error of a run that spent its budget of `budget` steps.
  static func budgetSpent(_ budget: Int) -> String {
    "more than \(budget) steps in one run: the model does not stop (raise the limit with "
      + "--limits model-steps=N)"
  }

  /// The process whose code an activation runs: its operation's lane's process (an app task
  /// that hopped to `store.main` runs store code, and reads the store's clock), or its event's
  /// process for a handler. The task itself still belongs to its spawner's process.
  func runningProcess(_ operation: Int, of frame: TaskFrame) -> Int {
    if operation >= 0 { return program.lanes[program.operations[operation].lane].process }
    let event = -1 - operation
    return program.events.indices.contains(event) ? program.events[event].process : frame.process
  }

  /// The name under which a run-time error is reported.
  public static let runTimeError = "run-time-error"

  /// Checks the `always:` invariants after a job, except those that read only records none of
  /// which grew since the last such check (they cannot have turned).
  mutating func checkAlways(context: inout SimulationContext<InterpretedModel>) {
    guard !failed else { return }
    for (index, records) in code.compiled.alwaysInvariants {
      if let records, !records.contains(where: { recordsGrown[$0] }) { continue }
      guard case .always(let condition) = program.invariants[index].check else { continue }
      guard check(index, condition, when: nil, context: &context) else { return }
    }
    for record in recordsGrown.indices { recordsGrown[record] = false }
  }

  /// Checks the invariants `select` picks, reporting a break when one turns false (with `when`,
  /// if given, after what it means) and that it held again when one turns true.
  mutating func check(
    context: inout SimulationContext<InterpretedModel>, when: String? = nil,
    _ select: (InvariantDecl.Check) -> Expression?
  ) {
    guard !failed else { return }
    for index in program.invariants.indices {
      guard let condition = select(program.invariants[index].check) else { continue }
      guard check(index, condition, when: when, context: &context) else { return }
    }
  }

  /// The value of an invariant's `condition`: read in place when it is plain
  /// (``plainValue(_:in:state:)``, with the records), by the general evaluator otherwise or when
  /// the plain reading throws, so that the error is the general evaluator's.
  private mutating func ruleValue(
    _ condition: Expression, context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Value {
    var operands = RuleOperands(
      records: records, budget: code.runLimits.steps &- instructionsRun)
    if let value = try? Self.plainValue(condition, in: &operands, state: state) {
      // Within the budget by construction: the rows were counted against what was left.
      if operands.spent > 0 { try spend(operands.spent) }
      return value
    }
    return try evaluate(condition, Scope(locals: [], task: nil), context: &context)
  }

  /// Checks invariant `index`, whose condition is `condition`; `false` when reading it stopped
  /// the run with a run-time error.
  private mutating func check(
    _ index: Int, _ condition: Expression, when: String?,
    context: inout SimulationContext<InterpretedModel>
  ) -> Bool {
    let holds: Bool
    do {
      holds = try ruleValue(condition, context: &context).isTrue
    } catch {
      _ = fail("invariant \(program.invariants[index].name): \(error.message)", context: &context)
      return false
    }
    guard holds == broken[index] else { return true }
    let invariant = program.invariants[index]
    if holds {
      context.reportHeldAgain(invariant.name)
    } else {
      // Read in every run, traced or not, so that what the words read (a day, a time) steers
      // a run the same way whether it is told or counted.
      let detail = breakText(of: invariant, context: &context) + (when.map { " (\($0))" } ?? "")
      context.reportViolation(invariant.name, detail: detail)
    }
    broken[index] = !holds
    return true
  }

  /// What a break of `invariant` means: its `say:` with its `{…}` parts read now (as written
  /// when one cannot be read), or a generic line.
  mutating func breakText(
    of invariant: InvariantDecl, context: inout SimulationContext<InterpretedModel>
  ) -> String {
    guard let written = invariant.say else { return "\(invariant.name) does not hold" }
    var text = ""
    for part in invariant.sayParts {
      switch part {
      case .text(let words): text += words
      case .value(let value, let type):
        guard let read = try? evaluate(value, Scope(locals: [], task: nil), context: &context)
        else { return written }
        text += code.text(read, as: type)
      }
    }
    return text
  }

  /// The text of a `say:` (or of a `check:`'s message), its `{…}` parts read in `frame`; empty
  /// unless `written`, the parts read all the same. Each part costs its weight (about its length
  /// as text), so a run spends the same whether it writes the text or not, and no loop of says
  /// can write more text than the budget allows.
  private mutating func words(
    _ parts: [SayPart], _ frame: inout TaskFrame, task: TaskID?, written: Bool = true,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> String {
    var text = ""
    for part in parts {
      switch part {
      case .text(let words):
        try spend(words.utf8.count)
        if written { text += words }
      case .value(let value, let type):
        let read = try evaluated(value, in: &frame, task: task, context: &context)
        try spend(read.textWeight)
        if written { text += code.text(read, as: type) }
      }
    }
    return text
  }

  /// The delay and the arguments of an `after:` step, read now; a delay that would end past
  /// the clock's last instant is a run-time error.
  private mutating func timer(
    _ delay: Expression, _ arguments: [Expression], _ frame: inout TaskFrame, task: TaskID?,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> (nanoseconds: Int64, values: [Value]) {
    var values: [Value] = []
    for argument in arguments {
      values.append(try evaluated(argument, in: &frame, task: task, context: &context))
    }
    let nanoseconds = Self.number(
      try evaluated(delay, in: &frame, task: task, context: &context),
      for: "a delay (after:)", context: &context)
    try Self.checkEndOfClock("after", nanoseconds, context: &context)
    return (nanoseconds, values)
  }

  /// What the catch of a sleep that threw does, when it is one the runtime names: nothing
  /// (`on-cancel: ignore`, `try?`) or `return` alone (`on-cancel: return`); `nil` for a catch
  /// that does more.
  private func caughtSleep(onCancel: Int, after: Int, in frame: TaskFrame) -> OnCancel? {
    if onCancel == after { return .ignore }
    let body = compiledBody(frame.top.operation)
    guard body.instructions.indices.contains(onCancel),
      case .returnValue(nil) = body.instructions[onCancel]
    else { return nil }
    return .return
  }

  /// A `say:` line about `task`: one that goes on with the happening in progress, or, with a
  /// heading, one that opens a happening under it (`T1 fire` for heading `fire` in task T1's
  /// job; the heading alone outside a task's job, where a line always goes on with its job).
  private static func sayNote(
    _ text: String, heading: String?, task: TaskID?, running: TaskID?
  ) -> ModelNote {
    guard let heading else {
      return ModelNote(kind: "say", task: task, subject: "say", detail: [text], continues: true)
    }
    let subject = running.map { "\($0) \(heading)" } ?? heading
    return ModelNote(kind: "say", task: task, subject: subject, detail: [text])
  }

  private func recordNote(_ record: Int, _ row: [Value], task: TaskID?) -> ModelNote {
    let declared = program.records[record]
    let fields = zip(declared.fields, row).map { field, value in
      "\(field.name) \(code.text(value, as: field.type))"
    }
    return ModelNote(
      kind: "recorded", task: task, subject: declared.name,
      detail: [
        "recorded \(declared.name)" + (fields.isEmpty ? "" : " · ")
          + fields.joined(
            separator: ", ")
      ])
  }
}

extension Catch.Pattern {
  /// Whether a clause of this pattern catches `error`.
  func catches(_ error: Thrown) -> Bool {
    switch (self, error) {
    case (.any, _), (.cancelled, .cancelled): true
    case (.error(let expected), .declared(let thrown)): expected == thrown
    default: false
    }
  }
}

extension Value {
  /// About how long the value is as text, without writing it: a text's bytes, a list's items'
  /// weights plus one each, one for any other value.
  fileprivate var textWeight: Int {
    switch self {
    case .text(let text): text.utf8.count
    case .list(let items): items.reduce(items.count) { $0 + $1.textWeight }
    default: 1
    }
  }
}
