import ModelLanguage

/// Flattens a body's nested steps into instructions with jumps.
struct BodyCompiler {
  private var instructions: [Instruction] = []
  private var lines: [Int] = []
  private var localCount: Int

  private init(localCount: Int) {
    self.localCount = localCount
  }

  /// The body as instructions.
  static func compile(_ body: Body) -> CompiledBody {
    var compiler = BodyCompiler(localCount: body.localCount)
    compiler.compile(body.steps)
    return CompiledBody(
      instructions: compiler.instructions, lines: compiler.lines,
      localCount: compiler.localCount)
  }

  private mutating func emit(_ instruction: Instruction, line: Int) -> Int {
    instructions.append(instruction)
    lines.append(line)
    return instructions.count - 1
  }

  private mutating func hiddenLocal() -> Int {
    localCount += 1
    return localCount - 1
  }

  /// Points the jump at `index` to the next instruction.
  private mutating func land(_ index: Int) {
    let here = instructions.count
    switch instructions[index] {
    case .jump: instructions[index] = .jump(here)
    case .jumpUnless(let condition, _): instructions[index] = .jumpUnless(condition, here)
    default: break
    }
  }

  private mutating func compile(_ steps: [Step]) {
    for step in steps { compile(step) }
  }

  private mutating func compile(_ step: Step) {
    let line = step.line
    switch step.kind {
    case .assignLocal(let slot, let value): _ = emit(.assignLocal(slot, value), line: line)
    case .assignState(let slot, let value): _ = emit(.assignState(slot, value), line: line)
    case .return(let value): _ = emit(.returnValue(value), line: line)
    case .if(let condition, let then, let otherwise):
      let skip = emit(.jumpUnless(condition, -1), line: line)
      compile(then)
      if otherwise.isEmpty {
        land(skip)
      } else {
        let over = emit(.jump(-1), line: line)
        land(skip)
        compile(otherwise)
        land(over)
      }
    case .guard(let condition, let otherwise):
      let pass = emit(.jumpUnless(.not(condition), -1), line: line)
      compile(otherwise)
      land(pass)
    case .call(let operation, let arguments, let into):
      _ = emit(.call(operation: operation, arguments: arguments, into: into), line: line)
    case .sleep(let length, let label): _ = emit(.sleep(length, label: label), line: line)
    case .sleepWithin(let lower, let upper, let label):
      _ = emit(.sleepWithin(lower: lower, upper: upper, label: label), line: line)
    case .guardNotCancelled: _ = emit(.guardNotCancelled, line: line)
    case .checkCancellation: _ = emit(.checkCancellation, line: line)
    case .yield: _ = emit(.yield, line: line)
    case .spawn(let spawn): _ = emit(.spawn(spawn), line: line)
    case .cancel(let handle): _ = emit(.cancel(handle), line: line)
    case .await(let handle, let into): _ = emit(.await(handle, into: into), line: line)
    case .try(let body, let catches):
      // A sleep's only error is a cancellation: a `try` around one sleep whose one clause
      // catches it (the on-cancel forms) needs no handler.
      if body.count == 1, case .sleep(let length, let label) = body[0].kind, catches.count == 1,
        catches[0].pattern == .cancelled || catches[0].pattern == .any
      {
        let sleep = emit(.sleep(length, label: label), line: body[0].line)
        let onCancel = instructions.count
        compile(catches[0].steps)
        instructions[sleep] = .sleepCatching(
          length, onCancel: onCancel, after: instructions.count, label: label)
        return
      }
      let handler = emit(.pushHandler([]), line: line)
      compile(body)
      _ = emit(.popHandler, line: line)
      var exits = [emit(.jump(-1), line: line)]
      var clauses: [HandlerClause] = []
      for clause in catches {
        clauses.append(HandlerClause(pattern: clause.pattern, target: instructions.count))
        compile(clause.steps)
        exits.append(emit(.jump(-1), line: line))
      }
      instructions[handler] = .pushHandler(clauses)
      for exit in exits { land(exit) }
    case .throw(let error): _ = emit(.throwError(error), line: line)
    case .transaction(let steps):
      _ = emit(.pushTransaction, line: line)
      compile(steps)
      _ = emit(.popHandler, line: line)
    case .choose(let branches):
      let choice = emit(.choose(label: "", names: [], targets: []), line: line)
      var targets: [Int] = []
      var exits: [Int] = []
      for branch in branches {
        targets.append(instructions.count)
        compile(branch.steps)
        exits.append(emit(.jump(-1), line: line))
      }
      instructions[choice] = .choose(
        label: "choose at line \(line)", names: branches.map(\.name), targets: targets)
      for exit in exits { land(exit) }
    case .mayCrash(let label): _ = emit(.mayCrash(label), line: line)
    case .lifecycle(let event, let process):
      _ = emit(.lifecycle(event, process: process), line: line)
    case .after(let delay, let operation, let arguments, let quiet):
      _ = emit(.after(delay, operation: operation, arguments: arguments, quiet: quiet), line: line)
    case .afterEvent(let delay, let event, let arguments, let quiet):
      _ = emit(.afterEvent(delay, event: event, arguments: arguments, quiet: quiet), line: line)
    case .repeat(let count, let index, let steps):
      let limit = hiddenLocal()
      let counter = hiddenLocal()
      _ = emit(.assignLocal(limit, count), line: line)
      _ = emit(.assignLocal(counter, .literal(.int(0))), line: line)
      // The test at the top runs once; the end of each pass tests again and jumps back.
      let exit = emit(
        .jumpUnless(.comparison(.less, .local(counter), .local(limit)), -1), line: line)
      let body = instructions.count
      if let index { _ = emit(.assignLocal(index, .local(counter)), line: line) }
      compile(steps)
      _ = emit(.countUp(counter: counter, limit: limit, body: body), line: line)
      land(exit)
    case .forEach(let local, let list, let steps):
      let items = hiddenLocal()
      let counter = hiddenLocal()
      _ = emit(.assignLocal(items, list), line: line)
      _ = emit(.assignLocal(counter, .literal(.int(0))), line: line)
      let top = instructions.count
      let exit = emit(
        .jumpUnless(.comparison(.less, .local(counter), .length(.local(items))), -1), line: line)
      _ = emit(.element(into: local, list: items, index: counter), line: line)
      compile(steps)
      _ = emit(.assignLocal(counter, Self.successor(of: counter)), line: line)
      _ = emit(.jump(top), line: line)
      land(exit)
    case .record(let record, let values, let quiet):
      _ = emit(.record(record, values, quiet: quiet), line: line)
    case .say(let parts, let heading, let about):
      _ = emit(.say(parts, heading: heading, task: about), line: line)
    case .check(let invariant, let words):
      _ = emit(.check(invariant: invariant, say: words), line: line)
    case .insert(let slot, let values): _ = emit(.insert(slot: slot, values), line: line)
    case .update(let slot, let filter, let assignments):
      _ = emit(.update(slot: slot, where: filter, assignments), line: line)
    case .delete(let slot, let filter): _ = emit(.delete(slot: slot, where: filter), line: line)
    case .setColumn(let local, let slot, let assignment):
      _ = emit(.setColumn(local: local, slot: slot, assignment), line: line)
    }
  }

  /// `counter + 1` (never overflows: the counter stays below a count or a list's length).
  private static func successor(of counter: Int) -> Expression {
    .arithmetic(.add, .local(counter), .literal(.int(1)), .int)
  }
}
