import YAML

/// Steps in block form: a bare word (`yield`, `return`) or a one-key mapping with its fields
/// beside it.
extension ModelFileDecoder {
  /// Each step's key and the fields it allows beside it.
  static let stepFields: [(step: String, fields: [String])] = [
    ("let", []), ("set", []), ("return", []), ("if", ["then", "else"]), ("guard", ["else"]),
    ("call", ["with", "into"]), ("sleep", ["on-cancel", "as"]), ("guard-not-cancelled", []),
    ("check-cancellation", []), ("yield", []),
    ("spawn", ["on", "detached", "child", "with", "into"]), ("cancel", []), ("await", ["into"]),
    ("try", ["catch"]), ("throw", []), ("transaction", ["steps"]), ("choose", []),
    ("may-crash", []), ("relaunch", []), ("crash", []),
    ("after", ["do", "event", "with", "quiet"]),
    ("repeat", ["steps", "index"]), ("for-each", ["steps"]), ("record", ["with", "quiet"]),
    ("check", ["message"]),
    ("say", ["heading", "task"]),
    ("insert", ["with"]), ("update", ["where", "set"]), ("delete", ["where"]),
  ]
  /// The steps that may be written as a word alone (`- return`).
  static let wordSteps = ["return", "yield", "guard-not-cancelled", "check-cancellation"]

  /// Decodes a list of steps. Locals declared inside are not visible after the list.
  mutating func decodeSteps(
    _ node: YAMLNode, _ what: String, scope outer: ExpressionScope, state: inout BodyState,
    allowsEmpty: Bool = false
  ) -> [Step] {
    guard let items = context.sequence(node, what) else { return [] }
    if items.isEmpty && !allowsEmpty {
      context.error(node.location, "\(what): no steps; write at least one")
    }
    if items.count > limits.taskSteps {
      context.error(
        node.location,
        "\(what): \(items.count) steps, more than the limit of \(limits.taskSteps) (raise it "
          + "with --limits task-steps=N)")
      return []
    }
    var scope = outer
    var steps: [Step] = []
    var leftWith: String?
    var reported = false
    for item in items {
      if let leaving = leftWith, !reported {
        context.error(
          item.location,
          "this step is never reached: the step before it always leaves with "
            + "'\(leaving)'")
        reported = true
      }
      let decoded = decodeStep(item, scope: &scope, state: &state)
      // A local set anywhere inside this step (a nested block included) is no longer proven
      // present after it.
      scope.forgetNarrowing(of: AssignedLocals.slots(in: decoded))
      steps += decoded
      if leftWith == nil, let last = decoded.last {
        if case .return = last.kind { leftWith = "return" }
        if case .throw = last.kind { leftWith = "throw" }
      }
    }
    return steps
  }

  private mutating func decodeStep(
    _ item: YAMLNode, scope: inout ExpressionScope, state: inout BodyState
  ) -> [Step] {
    let line = item.location.line
    if case .scalar = item.content {
      guard let word = context.scalar(item, "a step") else { return [] }
      switch word {
      case "return":
        if let result = state.result {
          context.error(
            item.location, "'return' needs a value here: this operation returns \(describe(result))"
          )
        }
        return [Step(.return(nil), line: line)]
      case "guard-not-cancelled":
        if let result = state.result {
          context.error(
            item.location,
            "'guard-not-cancelled' leaves without a value, but this operation returns "
              + "\(describe(result)); write 'guard: \"!is-cancelled\"' with an 'else:' that returns one"
          )
        }
        return [Step(.guardNotCancelled, line: line)]
      case "check-cancellation": return [Step(.checkCancellation, line: line)]
      case "yield":
        suspend(at: item.location, state: &state)
        return [Step(.yield, line: line)]
      default:
        if Self.stepFields.contains(where: { $0.step == word }) {
          context.error(item.location, "step '\(word)' needs a value, such as '\(word): …'")
        } else {
          context.unknown(
            "step", word, at: item.location, known: Self.stepFields.map(\.step))
        }
        return []
      }
    }
    guard let entries = context.mapping(item, "a step") else { return [] }
    // `update` takes `set:` as a field of its own.
    let isUpdate = entries.contains { $0.key == "update" }
    let stepEntries = entries.filter { entry in
      Self.stepFields.contains { $0.step == entry.key } && !(isUpdate && entry.key == "set")
    }
    guard let step = stepEntries.first else {
      let first = entries[0]
      context.unknown(
        "step", first.key, at: first.keyLocation, known: Self.stepFields.map(\.step))
      return []
    }
    if stepEntries.count > 1 {
      context.error(
        stepEntries[1].keyLocation,
        "one step per item: '\(step.key)' and '\(stepEntries[1].key)' are both steps; start "
          + "the second with '- '")
      return []
    }
    var fields = Self.stepFields.first { $0.step == step.key }?.fields ?? []
    if let label = entries.entry("as"), !fields.contains("as") {
      context.error(
        label.keyLocation,
        "'as' names what a sleep stands for; only a 'sleep' step takes it, not '\(step.key)'")
      fields.append("as")
    }
    context.checkKeys(entries, allowed: [step.key] + fields, in: "the '\(step.key)' step")
    return decodeMappingStep(step, entries, line: line, scope: &scope, state: &state)
  }

  /// Notes a suspending step (a handler refuses it).
  mutating func suspend(at location: SourceLocation, state: inout BodyState, what: String = "") {
    if state.firstSuspension == nil { state.firstSuspension = location }
    if state.isHandler {
      context.error(
        location,
        "an event handler must not suspend\(what); spawn a task for the asynchronous work")
    }
  }

  private mutating func decodeMappingStep(
    _ step: YAMLMapEntry, _ entries: [YAMLMapEntry], line: Int, scope: inout ExpressionScope,
    state: inout BodyState
  ) -> [Step] {
    let value = step.value
    let location = step.keyLocation
    switch step.key {
    case "let", "set":
      return assignments(step, line: line, scope: &scope, state: &state)
    case "return":
      guard let result = state.result else {
        context.error(
          value.location,
          state.operation == nil
            ? "a handler returns nothing; write '- return'"
            : "'\(operations[state.operation!].name)' returns nothing; declare 'returns:' to "
              + "return a value")
        return []
      }
      guard let typed = expression(value, "the returned value", type: result, scope: scope) else {
        return []
      }
      return [Step(.return(typed.expression), line: line)]
    case "if":
      return ifStep(value, entries, line: line, scope: scope, state: &state)
    case "guard":
      return guardStep(value, entries, at: location, line: line, scope: &scope, state: &state)
    case "call":
      return callStep(value, entries, line: line, scope: &scope, state: &state)
    case "sleep":
      return sleepStep(value, entries, line: line, scope: scope, state: &state)
    case "guard-not-cancelled", "check-cancellation", "yield":
      context.error(location, "step '\(step.key)' takes no value; write '- \(step.key)'")
      return []
    case "spawn":
      return spawnStep(value, entries, line: line, scope: &scope, state: &state)
    case "cancel":
      guard let typed = expression(value, "'cancel'", type: nil, scope: scope) else { return [] }
      guard typed.type.stripped == .task else {
        context.error(value.location, "'cancel' needs a task handle, found \(describe(typed.type))")
        return []
      }
      return [Step(.cancel(typed.expression), line: line)]
    case "await":
      return awaitStep(value, entries, line: line, scope: &scope, state: &state)
    case "try":
      return tryStep(value, entries, at: location, line: line, scope: scope, state: &state)
    case "throw":
      guard let name = context.scalar(value, "'throw'") else { return [] }
      guard let index = errors.firstIndex(of: name) else {
        context.unknown("error", name, at: value.location, known: errors, in: "'throw'")
        return []
      }
      return [Step(.throw(index), line: line)]
    case "transaction":
      var body = value
      if let steps = entries.entry("steps") {
        if case .scalar("", _) = value.content {
          body = steps.value
        } else {
          context.error(
            steps.keyLocation, "write the steps under 'transaction:' or 'steps:', not both")
        }
      }
      let steps = decodeSteps(body, "'transaction'", scope: scope, state: &state)
      return [Step(.transaction(steps), line: line)]
    case "choose":
      guard let branches = context.mapping(value, "'choose'") else { return [] }
      let decoded = branches.map { branch in
        Branch(
          branch.key,
          decodeSteps(
            branch.value, "branch '\(branch.key)'", scope: scope, state: &state, allowsEmpty: true))
      }
      return [Step(.choose(decoded), line: line)]
    case "may-crash":
      guard let label = word(value, "'may-crash'") else { return [] }
      return [Step(.mayCrash(label), line: line)]
    case "relaunch", "crash":
      guard let name = context.scalar(value, "'\(step.key)'") else { return [] }
      guard let process = knownProcess(name, at: value.location) else { return [] }
      return [
        Step(.lifecycle(step.key == "crash" ? .crash : .relaunch, process: process), line: line)
      ]
    case "after":
      return afterStep(value, entries, at: location, line: line, scope: scope)
    case "repeat":
      return repeatStep(value, entries, at: location, line: line, scope: scope, state: &state)
    case "for-each":
      return forEachStep(value, entries, at: location, line: line, scope: scope, state: &state)
    case "record":
      return recordStep(value, entries, at: location, line: line, scope: scope)
    case "check":
      return checkStep(value, entries, line: line, scope: scope)
    case "insert", "update", "delete":
      return tableStep(step.key, value, entries, line: line, scope: scope)
    default:  // "say"
      guard let parts = say(value, scope: scope) else { return [] }
      var heading: String?
      if let entry = entries.entry("heading") {
        heading = label(
          entry.value, key: "heading", naming: "what the line is about", example: "heading: fire")
        if heading == nil { return [] }
      }
      var about: Expression?
      if let entry = entries.entry("task") {
        guard
          let typed = expression(
            entry.value, "'task' of 'say'", type: .optional(.task), scope: scope)
        else { return [] }
        about = typed.expression
      }
      return [Step(.say(parts, heading: heading, task: about), line: line)]
    }
  }

  /// `let: {x: EXPR}` and `set: {app.uuid: EXPR}`, one step per entry.
  private mutating func assignments(
    _ step: YAMLMapEntry, line: Int, scope: inout ExpressionScope, state: inout BodyState
  ) -> [Step] {
    guard let pairs = context.mapping(step.value, "'\(step.key)'") else { return [] }
    var steps: [Step] = []
    for pair in pairs {
      if step.key == "set" {
        if stateSlots[pair.key] == nil, let target = columnTarget(pair, scope: scope) {
          steps += target.map { Step($0, line: line) }
          continue
        }
        guard let slot = stateSlots[pair.key] else {
          let isLocal = scope.local(pair.key) != nil
          context.error(
            pair.keyLocation,
            isLocal
              ? "'\(pair.key)' is a local; 'set' changes state variables, 'let' changes locals"
              : "unknown state variable '\(pair.key)'",
            note: isLocal
              ? nil
              : NearestWord.suggestion(for: pair.key, among: self.state.map(\.name)).map {
                "did you mean '\($0)'?"
              })
          continue
        }
        guard
          let typed = expression(
            pair.value, "the value of '\(pair.key)'", type: self.state[slot].type, scope: scope)
        else { continue }
        steps.append(Step(.assignState(slot, typed.expression), line: line))
        continue
      }
      guard Self.isName(pair.key, dots: false) else {
        context.error(
          pair.keyLocation,
          stateSlots[pair.key] != nil
            ? "'\(pair.key)' is a state variable; 'let' declares locals, 'set' changes state"
            : "a local's name is one word, found '\(pair.key)'")
        continue
      }
      let existing = scope.local(pair.key)
      guard
        let typed = expression(
          pair.value, "the value of '\(pair.key)'", type: existing?.type, scope: scope)
      else { continue }
      let slot = bindLocal(pair.key, type: typed.type, scope: &scope, state: &state)
      steps.append(Step(.assignLocal(slot, typed.expression), line: line))
    }
    return steps
  }

  /// The slot of local `name`: its own when it exists (the type was checked), else a new one.
  mutating func bindLocal(
    _ name: String, type: ValueType, scope: inout ExpressionScope, state: inout BodyState
  ) -> Int {
    if let index = scope.locals.lastIndex(where: { $0.name == name }) {
      scope.locals[index].isNarrowed =
        scope.locals[index].type.isOptional && !type.isOptional
      scope.locals[index].spawned = nil
      return scope.locals[index].slot
    }
    let slot = state.newSlot()
    scope.bind(name, type: type, slot: slot)
    return slot
  }

  /// `into: x`: a local receiving a value of `type` (new, or existing of that type).
  mutating func into(
    _ entry: YAMLMapEntry, type: ValueType, scope: inout ExpressionScope, state: inout BodyState
  ) -> Int? {
    guard let name = word(entry.value, "'into'") else { return nil }
    if let existing = scope.local(name), !type.isAssignable(to: existing.type) {
      context.error(
        entry.value.location,
        "'\(name)' is \(describe(existing.type)); 'into:' would store \(describe(type))")
      return nil
    }
    return bindLocal(name, type: scope.local(name)?.type ?? type, scope: &scope, state: &state)
  }

  private mutating func ifStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], line: Int, scope: ExpressionScope,
    state: inout BodyState
  ) -> [Step] {
    let condition = expression(value, "the condition of 'if'", type: .bool, scope: scope)
    let syntax = conditionSyntax(value)
    guard let thenEntry = entries.entry("then") else {
      context.error(value.location, "'if' needs 'then:', the steps when it holds")
      return []
    }
    let then = decodeSteps(
      thenEntry.value, "'then'",
      scope: scope.narrowing(syntax?.narrowedNames(whenTrue: true) ?? []),
      state: &state)
    let otherwise = entries.entry("else").map {
      decodeSteps(
        $0.value, "'else'", scope: scope.narrowing(syntax?.narrowedNames(whenTrue: false) ?? []),
        state: &state)
    }
    guard let condition else { return [] }
    return [Step(.if(condition.expression, then: then, else: otherwise ?? []), line: line)]
  }

  /// The parsed condition of a node, for narrowing (errors were reported when it was checked).
  private func conditionSyntax(_ node: YAMLNode) -> ExpressionSyntax? {
    guard case .scalar(let text, _) = node.content else { return nil }
    return try? ExpressionParser.parse(Array(text.unicodeScalars)).get()
  }

  private mutating func guardStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], at location: SourceLocation, line: Int,
    scope: inout ExpressionScope, state: inout BodyState
  ) -> [Step] {
    let condition = expression(value, "the condition of 'guard'", type: .bool, scope: scope)
    guard let elseEntry = entries.entry("else") else {
      context.error(location, "'guard' needs 'else:', steps that end in 'return' or 'throw'")
      return []
    }
    let otherwise = decodeSteps(
      elseEntry.value, "'else'",
      scope: scope.narrowing(conditionSyntax(value)?.narrowedNames(whenTrue: false) ?? []),
      state: &state)
    if let last = otherwise.last {
      switch last.kind {
      case .return, .throw: break
      default:
        context.error(
          elseEntry.keyLocation, "the 'else' of 'guard' must leave: end it with 'return' or 'throw'"
        )
      }
    }
    scope = scope.narrowing(conditionSyntax(value)?.narrowedNames(whenTrue: true) ?? [])
    guard let condition else { return [] }
    return [Step(.guard(condition.expression, else: otherwise), line: line)]
  }
}
