import ModelContract
import YAML

/// Steps that call, spawn, wait, loop, catch, record and say.
extension ModelFileDecoder {
  /// The operation a step names, or a diagnostic.
  mutating func operationNamed(_ node: YAMLNode, _ what: String) -> Int? {
    guard let name = context.scalar(node, what) else { return nil }
    if let index = operationIndex(name) { return index }
    context.unknown("operation", name, at: node.location, known: operations.map(\.name))
    return nil
  }

  /// `with: {param: EXPR}` against `parameters`: every parameter given once, each typed.
  mutating func arguments(
    _ entries: [YAMLMapEntry], for parameters: [Field], of name: String,
    at location: SourceLocation,
    scope: ExpressionScope, defaults: [Value?] = []
  ) -> [Expression]? {
    let given = entries.entry("with")
    var pairs: [YAMLMapEntry] = []
    if let given {
      guard let mapping = context.mapping(given.value, "'with'") else { return nil }
      pairs = mapping
    }
    var ok = true
    for pair in pairs where !parameters.contains(where: { $0.name == pair.key }) {
      ok = false
      if parameters.isEmpty {
        context.error(pair.keyLocation, "'\(name)' takes no parameters, found '\(pair.key)'")
      } else {
        context.unknown(
          "parameter", pair.key, at: pair.keyLocation, known: parameters.map(\.name),
          in: "'with' of '\(name)'")
      }
    }
    var values: [Expression] = []
    for (index, parameter) in parameters.enumerated() {
      guard let pair = pairs.entry(parameter.name) else {
        if index < defaults.count, let value = defaults[index] {
          values.append(.literal(value))
          continue
        }
        context.error(
          given?.keyLocation ?? location,
          "'\(name)' needs '\(parameter.name)' (\(describe(parameter.type))) in 'with:'")
        ok = false
        continue
      }
      guard
        let typed = expression(
          pair.value, "'\(parameter.name)'", type: parameter.type, scope: scope)
      else {
        ok = false
        continue
      }
      values.append(typed.expression)
    }
    return ok ? values : nil
  }

  mutating func callStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], line: Int, scope: inout ExpressionScope,
    state: inout BodyState
  ) -> [Step] {
    guard let operation = operationNamed(value, "'call'") else { return [] }
    let signature = operations[operation]
    let arguments = arguments(
      entries, for: signature.parameters, of: signature.name, at: value.location, scope: scope)
    if let caller = state.operation {
      operationCalls.append(
        CallSite(from: caller, to: operation, location: value.location, variant: state.variant))
    }
    if let lane = state.lane, lane != signature.lane {
      suspend(
        at: value.location, state: &state,
        what: " (calling '\(signature.name)' hops from '\(lanes[lane].name)' to "
          + "'\(lanes[signature.lane].name)')")
    } else {
      state.inlineCalls.append((operation, value.location))
    }
    var slot: Int?
    if let intoEntry = entries.entry("into") {
      if let result = signature.result {
        slot = into(intoEntry, type: result, scope: &scope, state: &state)
      } else {
        context.error(
          intoEntry.keyLocation,
          "'\(signature.name)' returns nothing, so 'into:' has nothing to receive")
      }
    }
    guard let arguments else { return [] }
    return [Step(.call(operation: operation, arguments: arguments, into: slot), line: line)]
  }

  mutating func sleepStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], line: Int, scope: ExpressionScope,
    state: inout BodyState
  ) -> [Step] {
    suspend(at: value.location, state: &state)
    var kind: StepKind?
    if case .scalar(let text, _) = value.content, text.contains("..") {
      let parts = text.split(separator: "..", omittingEmptySubsequences: false)
      let literals = parts.map { DurationSyntax.parse(String($0), signed: false) }
      if parts.count == 2, case .success(let low) = literals[0],
        case .success(let high) = literals[1]
      {
        if low <= high {
          kind = .sleepWithin(lower: .literal(.duration(low)), upper: .literal(.duration(high)))
        } else {
          context.error(value.location, "the window '\(text)' ends before it starts")
        }
      } else if parts.count == 2, !parts.contains(where: \.isEmpty),
        let bounds = windowBounds(parts, of: value, scope: scope)
      {
        // Bounds read from the model's state (durations a scenario sets): read when the sleep
        // starts, so the window is known then.
        kind = .sleepWithin(lower: bounds.lower, upper: bounds.upper)
      } else if parts.count != 2 || parts.contains(where: \.isEmpty) {
        context.error(
          value.location,
          "'\(text)' is not a window; write two durations such as 50ms..2s, or two duration "
            + "expressions such as app.fastest..app.slowest")
      }
    } else if let typed = expression(value, "'sleep'", type: .duration, scope: scope) {
      kind = .sleep(typed.expression)
    }
    if let label = entries.entry("as").flatMap({ sleepLabel($0.value) }) {
      switch kind {
      case .sleep(let length, _): kind = .sleep(length, label: label)
      case .sleepWithin(let lower, let upper, _):
        kind = .sleepWithin(lower: lower, upper: upper, label: label)
      default: break
      }
    }
    var catches: [Catch]?
    if let onCancel = entries.entry("on-cancel"),
      let word = context.scalar(onCancel.value, "'on-cancel'")
    {
      switch word {
      case "throw": break
      case "ignore": catches = [Catch(.cancelled, [])]
      case "return":
        if state.result != nil {
          context.error(
            onCancel.value.location,
            "'on-cancel: return' leaves without a value, but this operation returns one; "
              + "catch 'cancelled' with 'try:' instead")
        }
        catches = [Catch(.cancelled, [Step(.return(nil), line: line)])]
      default:
        context.unknown(
          "on-cancel handling", word, at: onCancel.value.location,
          known: ["return", "throw", "ignore"])
      }
    }
    guard let kind else { return [] }
    let sleep = Step(kind, line: line)
    guard let catches else { return [sleep] }
    return [Step(.try(body: [sleep], catches: catches), line: line)]
  }

  /// The longest label (a sleep's `as:`, a `say:`'s `heading:`): a few words, which the trace
  /// repeats.
  static let labelLimit = 40

  /// The text of a sleep's `as:` (`request`: the trace says "request in flight"), or `nil` after
  /// saying why it is not one.
  private mutating func sleepLabel(_ node: YAMLNode) -> String? {
    label(node, key: "as", naming: "what the sleep stands for", example: "as: request")
  }

  /// A label of a few words on one line, given as `key:` (spaces around it dropped), which
  /// names `naming`; or `nil` after saying why it is not one, with `example`.
  mutating func label(
    _ node: YAMLNode, key: String, naming: String, example: String
  ) -> String? {
    guard let text = context.scalar(node, "'\(key)'") else { return nil }
    let leading = text.drop(while: \.isWhitespace)
    let end = leading.lastIndex { !$0.isWhitespace }.map(leading.index(after:))
    let label = String(leading[..<(end ?? leading.startIndex)])
    if label.isEmpty {
      context.error(node.location, "'\(key)' is empty; name \(naming), such as '\(example)'")
      return nil
    }
    if label.count > Self.labelLimit {
      context.error(
        node.location,
        "'\(key)' is \(label.count) characters long; name \(naming) in at most "
          + "\(Self.labelLimit), such as '\(example)'")
      return nil
    }
    return label
  }

  /// The two bounds of a window written as expressions (`app.fastest..app.slowest`), each a
  /// duration or an expression of one, located where the text has them; `nil` after an error.
  private mutating func windowBounds(
    _ parts: [Substring], of node: YAMLNode, scope: ExpressionScope
  ) -> (lower: Expression, upper: Expression)? {
    guard case .scalar(_, let style) = node.content else { return nil }
    var bounds: [Expression] = []
    var column = node.location.column
    for part in parts {
      if case .success(let nanoseconds) = DurationSyntax.parse(String(part), signed: false) {
        bounds.append(.literal(.duration(nanoseconds)))
      } else {
        let location = SourceLocation(line: node.location.line, column: column)
        let bound = YAMLNode(location: location, content: .scalar(String(part), style))
        if let typed = expression(bound, "a bound of the window", type: .duration, scope: scope) {
          bounds.append(typed.expression)
        }
      }
      column += part.count + 2
    }
    return bounds.count == 2 ? (bounds[0], bounds[1]) : nil
  }

  mutating func spawnStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], line: Int, scope: inout ExpressionScope,
    state: inout BodyState
  ) -> [Step] {
    guard let operation = operationNamed(value, "'spawn'") else { return [] }
    let signature = operations[operation]
    let arguments = arguments(
      entries, for: signature.parameters, of: signature.name, at: value.location, scope: scope)
    let detached = entries.entry("detached").flatMap { flag($0.value, "'detached'") } ?? false
    let child = entries.entry("child").flatMap { flag($0.value, "'child'") } ?? false
    var lane = entries.entry("on").flatMap { laneName($0.value) }
    if detached {
      if let on = entries.entry("on") {
        context.error(
          on.keyLocation, "a detached task runs on its process's concurrent pool; leave out 'on:'")
      }
      let process = lanes[signature.lane].process
      if !lanes.contains(where: { $0.process == process && $0.kind == .concurrent }) {
        context.error(
          value.location,
          "'detached: true' needs a concurrent lane in process '\(processes[process].name)'")
      }
      if child { context.error(value.location, "a task cannot be both detached and a child") }
      lane = nil
    } else if lane == nil && state.lane == nil {
      lane = signature.lane  // at-once code has no lane of its own to inherit
    }
    var slot: Int?
    if let intoEntry = entries.entry("into") {
      slot = into(intoEntry, type: .task, scope: &scope, state: &state)
      if let slot, let index = scope.locals.lastIndex(where: { $0.slot == slot }) {
        scope.locals[index].spawned = operation
      }
    }
    guard let arguments else { return [] }
    return [
      Step(
        .spawn(
          Spawn(
            operation: operation, arguments: arguments, lane: lane, isDetached: detached,
            isChild: child, into: slot)), line: line)
    ]
  }

  mutating func awaitStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], line: Int, scope: inout ExpressionScope,
    state: inout BodyState
  ) -> [Step] {
    suspend(at: value.location, state: &state)
    guard let typed = expression(value, "'await'", type: nil, scope: scope) else { return [] }
    guard typed.type.stripped == .task else {
      context.error(value.location, "'await' needs a task handle, found \(describe(typed.type))")
      return []
    }
    var slot: Int?
    if let intoEntry = entries.entry("into") {
      var spawned: Int?
      if case .scalar(let name, _) = value.content { spawned = scope.local(name)?.spawned }
      if let spawned, let result = operations[spawned].result {
        slot = into(intoEntry, type: result, scope: &scope, state: &state)
      } else {
        context.error(
          intoEntry.keyLocation,
          spawned == nil
            ? "'into:' needs to know what the task returns: await a local set by 'spawn: … "
              + "into:' in this body"
            : "'\(operations[spawned!].name)' returns nothing, so 'into:' has nothing to receive")
      }
    }
    return [Step(.await(typed.expression, into: slot), line: line)]
  }

  mutating func tryStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], at location: SourceLocation, line: Int,
    scope: ExpressionScope, state: inout BodyState
  ) -> [Step] {
    let body = decodeSteps(value, "'try'", scope: scope, state: &state)
    guard let catchEntry = entries.entry("catch") else {
      context.error(location, "'try' needs 'catch:' ({NAME: [steps], cancelled: […], any: […]})")
      return []
    }
    guard let clauses = context.mapping(catchEntry.value, "'catch'") else { return [] }
    var catches: [Catch] = []
    for clause in clauses {
      let pattern: Catch.Pattern
      switch clause.key {
      case "cancelled": pattern = .cancelled
      case "any": pattern = .any
      default:
        guard let index = errors.firstIndex(of: clause.key) else {
          context.unknown(
            "error", clause.key, at: clause.keyLocation, known: errors + ["cancelled", "any"],
            in: "'catch'")
          continue
        }
        pattern = .error(index)
      }
      catches.append(
        Catch(
          pattern,
          decodeSteps(
            clause.value, "'\(clause.key)'", scope: scope, state: &state, allowsEmpty: true)))
    }
    return [Step(.try(body: body, catches: catches), line: line)]
  }

  mutating func afterStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], at location: SourceLocation, line: Int,
    scope: ExpressionScope
  ) -> [Step] {
    let delay = expression(value, "'after'", type: .duration, scope: scope)
    var quiet = false
    if let entry = entries.entry("quiet") {
      guard let flag = flag(entry.value, "'quiet'") else { return [] }
      quiet = flag
    }
    switch (entries.entry("do"), entries.entry("event")) {
    case (let doEntry?, nil):
      guard let operation = operationNamed(doEntry.value, "'do'") else { return [] }
      let signature = operations[operation]
      let arguments = arguments(
        entries, for: signature.parameters, of: signature.name, at: doEntry.value.location,
        scope: scope)
      guard let delay, let arguments else { return [] }
      return [
        Step(
          .after(delay.expression, operation: operation, arguments: arguments, quiet: quiet),
          line: line)
      ]
    case (nil, let eventEntry?):
      guard let name = context.scalar(eventEntry.value, "'event'") else { return [] }
      guard let event = eventSignatures.firstIndex(where: { $0.name == name }) else {
        context.unknown(
          "event", name, at: eventEntry.value.location, known: eventSignatures.map(\.name),
          in: "'after'")
        return []
      }
      let signature = eventSignatures[event]
      let arguments = arguments(
        entries, for: signature.parameters.map(\.field), of: name,
        at: eventEntry.value.location, scope: scope)
      guard let delay, let arguments else { return [] }
      return [
        Step(
          .afterEvent(delay.expression, event: event, arguments: arguments, quiet: quiet),
          line: line)
      ]
    case (.some(let doEntry), .some):
      context.error(doEntry.keyLocation, "'after' has both 'do:' and 'event:'; keep one")
      return []
    case (nil, nil):
      context.error(
        location,
        "'after' needs 'do:', the operation the timer starts, or 'event:', the model's event "
          + "that happens then")
      return []
    }
  }

  mutating func repeatStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], at location: SourceLocation, line: Int,
    scope: ExpressionScope, state: inout BodyState
  ) -> [Step] {
    let count = expression(value, "'repeat'", type: .int, scope: scope)
    var inner = scope
    var index: Int?
    if let indexEntry = entries.entry("index"), let name = word(indexEntry.value, "'index'") {
      index = state.newSlot()
      inner.bind(name, type: .int, slot: index!)
    }
    guard let stepsEntry = entries.entry("steps") else {
      context.error(location, "'repeat' needs 'steps:'")
      return []
    }
    let steps = decodeSteps(stepsEntry.value, "'steps'", scope: inner, state: &state)
    guard let count else { return [] }
    return [Step(.repeat(count: count.expression, index: index, steps), line: line)]
  }

  mutating func forEachStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], at location: SourceLocation, line: Int,
    scope: ExpressionScope, state: inout BodyState
  ) -> [Step] {
    guard let text = context.scalar(value, "'for-each'") else { return [] }
    let source = ExpressionSource(node: value, text: text, lines: lines)
    let scalars = source.text
    let separator = Array(" in ".unicodeScalars)
    var split: Int?
    if scalars.count >= separator.count {
      split = (0...(scalars.count - separator.count)).first {
        Array(scalars[$0..<$0 + separator.count]) == separator
      }
    }
    guard let split,
      let name = Optional(String(scalars: scalars[..<split])),
      Self.isName(name, dots: false)
    else {
      context.error(value.location, "'for-each' reads 'NAME in LIST', found '\(text)'")
      return []
    }
    let listStart = split + separator.count
    let listSource = ExpressionSource(
      part: Array(scalars[listStart...]), of: source, at: listStart)
    var list: Typed?
    var element: ValueType?
    if let rows = tableRows(listSource, scope: scope) {
      (list, element) = rows
    } else {
      list = expression(listSource, "the list of 'for-each'", type: nil, scope: scope)
    }
    if let list, element == nil {
      if case .list(let type) = list.type {
        element = type
      } else {
        context.error(
          listSource.location(0), "'for-each' needs a list, found \(describe(list.type))")
      }
    }
    guard let stepsEntry = entries.entry("steps") else {
      context.error(location, "'for-each' needs 'steps:'")
      return []
    }
    var inner = scope
    let slot = state.newSlot()
    inner.bind(name, type: element ?? .int, slot: slot)
    let steps = decodeSteps(stepsEntry.value, "'steps'", scope: inner, state: &state)
    guard let list, element != nil else { return [] }
    return [Step(.forEach(local: slot, list: list.expression, steps), line: line)]
  }

  /// `T` or `T where C` after `for-each: row in`, when `T` names a table: the matching rows,
  /// as a list of rows (`nil` when the text does not start with a table's name).
  private mutating func tableRows(_ source: ExpressionSource, scope: ExpressionScope)
    -> (rows: Typed?, element: ValueType?)?
  {
    let text = source.text
    let separator = Array(" where ".unicodeScalars)
    var end = text.count
    if text.count >= separator.count,
      let split = (0...(text.count - separator.count)).first(where: {
        Array(text[$0..<$0 + separator.count]) == separator
      })
    {
      end = split
    }
    let name = String(scalars: text[..<end]).trimmingSpaces
    guard let (table, slot) = table(named: name) else { return nil }
    var filter: Expression?
    if end < text.count {
      let start = end + separator.count
      let conditionSource = ExpressionSource(part: Array(text[start...]), of: source, at: start)
      let inner = scope.looking(at: .table(table))
      guard
        let typed = expression(
          conditionSource, "the condition of 'for-each'", type: .bool, scope: inner)
      else { return (nil, .row(table)) }
      filter = typed.expression
    }
    return (
      Typed(expression: .table(.rows, slot: slot, where: filter), type: .list(.row(table))),
      .row(table)
    )
  }

  mutating func recordStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], at location: SourceLocation, line: Int,
    scope: ExpressionScope
  ) -> [Step] {
    guard let name = context.scalar(value, "'record'") else { return [] }
    guard let record = recordIndex(name) else {
      context.unknown("record", name, at: value.location, known: records.map(\.name))
      return []
    }
    guard
      let values = arguments(
        entries, for: records[record].fields, of: name, at: value.location, scope: scope)
    else { return [] }
    var quiet = false
    if let entry = entries.entry("quiet") {
      guard let flag = flag(entry.value, "'quiet'") else { return [] }
      quiet = flag
    }
    return [Step(.record(record, values, quiet: quiet), line: line)]
  }

  /// `check: INVARIANT` (+ `message:`): an `always:` invariant checked at this step.
  mutating func checkStep(
    _ value: YAMLNode, _ entries: [YAMLMapEntry], line: Int, scope: ExpressionScope
  ) -> [Step] {
    guard let name = context.scalar(value, "'check'") else { return [] }
    guard let index = invariantNames.firstIndex(where: { $0.name == name }) else {
      context.unknown(
        "invariant", name, at: value.location, known: invariantNames.map(\.name), in: "'check'")
      return []
    }
    guard invariantNames[index].isAlways else {
      context.error(
        value.location,
        "'check' checks an 'always:' invariant where the step runs; '\(name)' is checked "
          + "only when its own time comes")
      return []
    }
    var words: [SayPart]?
    if let entry = entries.entry("message") {
      guard let parts = say(entry.value, scope: scope) else { return [] }
      words = parts
    }
    return [Step(.check(invariant: index, say: words), line: line)]
  }

  /// `say: "text with {expressions}"`.
  mutating func say(_ node: YAMLNode, scope: ExpressionScope) -> [SayPart]? {
    template(node, text: SayPart.text) { decoder, inner in
      decoder.expression(inner, "a '{…}' of 'say:'", type: nil, scope: scope).map {
        .value($0.expression, $0.type)
      }
    }
  }

  /// The pieces of a text with `{…}` parts: each run of plain text made by `text`, each
  /// braced part by `braced` from its source (`nil` when it reported an error).
  mutating func template<Part>(
    _ node: YAMLNode, text: (String) -> Part,
    braced: (inout Self, ExpressionSource) -> Part?
  ) -> [Part]? {
    guard let written = context.scalar(node, "'say'") else { return nil }
    let source = ExpressionSource(node: node, text: written, lines: lines)
    let scalars = source.text
    var parts: [Part] = []
    var plain: [Unicode.Scalar] = []
    var index = 0
    var ok = true
    while index < scalars.count {
      guard scalars[index] == "{" else {
        if scalars[index] == "}" {
          context.error(source.location(index), "a '}' without its '{' in 'say:'")
          ok = false
        }
        plain.append(scalars[index])
        index += 1
        continue
      }
      guard let close = scalars[index...].firstIndex(of: "}") else {
        context.error(source.location(index), "a '{' without its '}' in 'say:'")
        return nil
      }
      if !plain.isEmpty { parts.append(text(String(scalars: plain[...]))) }
      plain.removeAll(keepingCapacity: true)
      let inner = ExpressionSource(
        part: Array(scalars[index + 1..<close]), of: source, at: index + 1)
      if let part = braced(&self, inner) {
        parts.append(part)
      } else {
        ok = false
      }
      index = close + 1
    }
    if !plain.isEmpty { parts.append(text(String(scalars: plain[...]))) }
    return ok ? parts : nil
  }
}
