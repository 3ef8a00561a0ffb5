import ModelContract
import YAML

/// Resolves the names of a parsed expression and types it, reporting errors at their column.
extension ModelFileDecoder {
  static let builtInFunctions = [
    "new-uuid", "max", "min", "days", "mix", "count", "join", "text", "seconds",
    "recorded", "exists", "best", "any",
    "distinct", "first", "previous", "changes", whenBroken,
  ]

  /// `when-broken(NAME)`: when an invariant was broken, in words; only an answer's sentence
  /// says it (``AnswerDecl/Part/whenBroken(invariant:)``).
  static let whenBroken = "when-broken"

  /// Parses and checks the expression written in `node`; with `type`, the result must be
  /// assignable to it.
  mutating func expression(
    _ node: YAMLNode, _ what: String, type: ValueType?, scope: ExpressionScope
  ) -> Typed? {
    if case .sequence(let items) = node.content {
      return listNode(items, at: node.location, what, type: type, scope: scope)
    }
    guard let text = context.scalar(node, what, multiline: true) else { return nil }
    let source = ExpressionSource(node: node, text: text, lines: lines)
    return expression(source, what, type: type, scope: scope)
  }

  /// Parses and checks an expression's text.
  mutating func expression(
    _ source: ExpressionSource, _ what: String, type: ValueType?, scope: ExpressionScope
  ) -> Typed? {
    if source.text.allSatisfy(\.properties.isWhitespace) {
      context.error(source.location(0), "\(what) needs an expression")
      return nil
    }
    switch ExpressionParser.parse(source.text) {
    case .failure(let error):
      context.error(source.location(error.offset), error.message)
      return nil
    case .success(let syntax):
      guard let typed = check(syntax, hint: type, scope: scope, source: source) else { return nil }
      if let type { return require(typed, type, what, at: source.location(syntax.offset)) }
      return typed
    }
  }

  /// A YAML list of expressions (`[a, b]` written as YAML): a list value.
  private mutating func listNode(
    _ items: [YAMLNode], at location: SourceLocation, _ what: String, type: ValueType?,
    scope: ExpressionScope
  ) -> Typed? {
    guard case .list(let element)? = type?.stripped else {
      guard !items.isEmpty, let first = expression(items[0], what, type: nil, scope: scope) else {
        context.error(location, "\(what): write a list value as an expression in quotes")
        return nil
      }
      let rest = items.dropFirst().map { expression($0, what, type: first.type, scope: scope) }
      guard !rest.contains(where: { $0 == nil }) else { return nil }
      let list = Typed(
        expression: .list([first.expression] + rest.compactMap { $0?.expression }),
        type: .list(first.type))
      // A list where the place wants something else is a mismatch like any other.
      guard let type else { return list }
      return require(list, type, what, at: location)
    }
    let typed = items.map { expression($0, "an item of \(what)", type: element, scope: scope) }
    guard !typed.contains(where: { $0 == nil }) else { return nil }
    return Typed(expression: .list(typed.compactMap { $0?.expression }), type: .list(element))
  }

  /// `typed` when its type fits `type`, else a diagnostic.
  mutating func require(
    _ typed: Typed, _ type: ValueType, _ what: String, at location: SourceLocation
  )
    -> Typed?
  {
    if typed.type.isAssignable(to: type) { return typed }
    if typed.type.isOptional && typed.type.stripped.isAssignable(to: type) {
      context.error(
        location,
        "\(what) must be \(describe(type)), but this may be none",
        note: "prove it present first: 'guard x != none' on a local, or 'if x != none then x "
          + "else …'")
      return nil
    }
    context.error(location, "\(what) must be \(describe(type)), found \(describe(typed.type))")
    return nil
  }

  // MARK: Checking

  mutating func check(
    _ syntax: ExpressionSyntax, hint: ValueType?, scope: ExpressionScope, source: ExpressionSource
  ) -> Typed? {
    let location = source.location(syntax.offset)
    switch syntax.kind {
    case .number(let text):
      return number(text, at: location)
    case .text(let text):
      return Typed(expression: .literal(.text(text)), type: .text)
    case .word(let word):
      return name(word, hint: hint, scope: scope, at: location)
    case .call(let name, let arguments):
      return call(name, arguments, scope: scope, source: source, at: location)
    case .recorded(let name, let nameOffset, let condition):
      guard let record = recordIndex(name) else {
        context.unknown(
          "record", name, at: source.location(nameOffset), known: records.map(\.name))
        return nil
      }
      var filter: Expression?
      if let condition {
        let inner = scope.looking(at: .record(record))
        guard
          let typed = check(condition, hint: .bool, scope: inner, source: source),
          let checked = require(
            typed, .bool, "the condition of 'recorded'", at: source.location(condition.offset))
        else { return nil }
        filter = checked.expression
      }
      return Typed(expression: .recorded(record, where: filter), type: .int)
    case .query(let function, let name, let nameOffset, let condition, let keys):
      return query(
        function, name, at: source.location(nameOffset), condition, keys: keys, scope: scope,
        source: source)
    case .not(let operand):
      guard let typed = check(operand, hint: .bool, scope: scope, source: source),
        let checked = require(
          typed, .bool, "the operand of '!'", at: source.location(operand.offset))
      else { return nil }
      return Typed(expression: .not(checked.expression), type: .bool)
    case .negate(let operand):
      guard let typed = check(operand, hint: nil, scope: scope, source: source) else { return nil }
      switch typed.type {
      case .int: return Typed(expression: .negate(typed.expression, .int), type: .int)
      case .duration:
        return Typed(expression: .negate(typed.expression, .duration), type: .duration)
      default:
        context.error(location, "'-' negates an int or a duration, not \(describe(typed.type))")
        return nil
      }
    case .binary(let symbol, let left, let right, let operatorOffset):
      return binary(
        symbol, left, right, scope: scope, source: source,
        at: source.location(operatorOffset))
    case .conditional(let condition, let then, let otherwise):
      return conditional(condition, then, otherwise, hint: hint, scope: scope, source: source)
    case .member(let value, let items):
      guard let typed = check(value, hint: nil, scope: scope, source: source) else { return nil }
      var expressions: [Expression] = []
      var ok = true
      for item in items {
        guard let element = check(item, hint: typed.type, scope: scope, source: source) else {
          ok = false
          continue
        }
        if element.type.stripped != typed.type.stripped {
          context.error(
            source.location(item.offset),
            "'in' compares \(describe(typed.type)) with \(describe(element.type))")
          ok = false
        }
        expressions.append(element.expression)
      }
      return ok ? Typed(expression: .member(typed.expression, expressions), type: .bool) : nil
    case .list(let items):
      return list(items, hint: hint, scope: scope, source: source, at: location)
    }
  }

  private mutating func number(_ text: String, at location: SourceLocation) -> Typed? {
    if text.unicodeScalars.allSatisfy(ExpressionLexer.isDigit) {
      guard let value = Int64(text) else {
        context.error(location, "'\(text)' does not fit in a 64-bit integer")
        return nil
      }
      return Typed(expression: .literal(.int(value)), type: .int)
    }
    if TimeSyntax.looksLikeTimestamp(text) {
      guard let time = TimeSyntax.timestamp(text) else {
        context.error(
          location, "'\(text)' is not a valid RFC 3339 time such as 2026-08-15T21:00:00+09:00")
        return nil
      }
      return Typed(expression: .literal(.instant(time.nanosecondsSinceEpoch)), type: .instant)
    }
    if text.utf8.count == 10, Array(text.utf8)[4] == UInt8(ascii: "-") {
      guard let day = TimeSyntax.date(text) else {
        context.error(location, "'\(text)' is not a valid calendar date such as 2026-05-01")
        return nil
      }
      return Typed(expression: .literal(.day(day)), type: .day)
    }
    switch DurationSyntax.parse(text, signed: false) {
    case .success(let nanoseconds):
      return Typed(expression: .literal(.duration(nanoseconds)), type: .duration)
    case .failure(.malformed):
      context.error(
        location,
        "'\(text)' is not a number, a duration (250ms, 2s), a day (2026-05-01) or a time "
          + "(2026-08-15T21:00:00+09:00)",
        note: text.contains("+") || text.contains("-")
          ? "binary operators need a space on each side" : nil)
      return nil
    case .failure(let failure):
      context.error(location, DurationSyntax.message(failure, text: text))
      return nil
    }
  }

  /// Whether `syntax` needs the other side's type to be typed (`none`, an enum value, `[]`).
  func needsHint(_ syntax: ExpressionSyntax, scope: ExpressionScope) -> Bool {
    switch syntax.kind {
    case .word(let word):
      return word == "none"
        || resolve(word, scope: scope) == nil && !Self.wordKeywords.contains(word)
    case .list(let items): return items.isEmpty
    default: return false
    }
  }

  static let wordKeywords = [
    "true", "false", "none", "now", "wall", "today", "is-cancelled", "cancelled-at",
    "current-task",
  ]

  /// A local, a row field or a state variable named `word`, if any. The current row's columns
  /// are named alone or after their record or table (`launch`, `uuid-loaded.launch`); an
  /// enclosing filter's only after it, innermost first.
  func resolve(_ word: String, scope: ExpressionScope) -> Typed? {
    if let row = scope.row {
      let columns = rowColumns(row)
      let field =
        word.hasPrefix(columns.prefix) ? String(word.dropFirst(columns.prefix.count)) : word
      if let index = columns.fields.firstIndex(where: { $0.name == field }) {
        return Typed(
          expression: .rowField(index + columns.offset), type: columns.fields[index].type)
      }
    }
    for (distance, row) in scope.outerRows.reversed().enumerated() {
      let columns = rowColumns(row)
      guard word.hasPrefix(columns.prefix) else { continue }
      let field = word.dropFirst(columns.prefix.count)
      if let index = columns.fields.firstIndex(where: { $0.name == field }) {
        return Typed(
          expression: .outerRowField(depth: distance + 1, field: index + columns.offset),
          type: columns.fields[index].type)
      }
    }
    if let local = scope.local(word) {
      if local.isNarrowed {
        return Typed(expression: .unwrapped(.local(local.slot)), type: local.type.stripped)
      }
      return Typed(expression: .local(local.slot), type: local.type)
    }
    if let slot = stateSlots[word] {
      return Typed(expression: .state(slot), type: state[slot].type)
    }
    return column(word, scope: scope)
  }

  /// The columns of the rows `row` names, the prefix that names them (`uuid-loaded.`), and
  /// where the columns start in a row (a table's rows begin with their identity).
  private func rowColumns(_ row: RowSource) -> (fields: [Field], prefix: String, offset: Int) {
    switch row {
    case .record(let record): (records[record].fields, records[record].name + ".", 0)
    case .table(let table): (tables[table].columns, tables[table].name + ".", 1)
    }
  }

  private mutating func name(
    _ word: String, hint: ValueType?, scope: ExpressionScope, at location: SourceLocation
  ) -> Typed? {
    switch word {
    case "true": return Typed(expression: .literal(.bool(true)), type: .bool)
    case "false": return Typed(expression: .literal(.bool(false)), type: .bool)
    case "none":
      guard let hint else {
        context.error(
          location, "cannot tell the type of 'none' here; compare it with a value ('x == none')")
        return nil
      }
      return Typed(expression: .literal(.none), type: hint.optionalized)
    case "now": return Typed(expression: .now, type: .duration)
    case "wall": return Typed(expression: .wall, type: .instant)
    case "today": return Typed(expression: .today, type: .day)
    case "is-cancelled":
      switch scope.place {
      case .task: return Typed(expression: .isCancelled, type: .bool)
      case .handler:
        context.error(
          location, "'is-cancelled' is always false in an event handler, which is not a task")
      case .function, .rule:
        context.error(
          location,
          "'is-cancelled' belongs to a task; \(scope.place == .function ? "a function" : "an invariant or a summary") has none"
        )
      }
      return nil
    case "cancelled-at":
      guard scope.place == .task else {
        context.error(
          location,
          "'cancelled-at' belongs to a task; "
            + (scope.place == .handler
              ? "an event handler is not one" : "a function, an invariant or a summary has none"))
        return nil
      }
      return Typed(expression: .cancelledAt, type: .optional(.text))
    case "current-task":
      switch scope.place {
      case .task: return Typed(expression: .currentTask, type: .optional(.task))
      case .handler:
        context.error(
          location, "'current-task' is always none in an event handler, which is not a task")
      case .function, .rule:
        context.error(
          location,
          "'current-task' belongs to a task; \(scope.place == .function ? "a function" : "an invariant or a summary") has none"
        )
      }
      return nil
    default:
      break
    }
    if let typed = resolve(word, scope: scope) {
      // A bare column name hides a local of the same name, which the condition could then
      // never read: `where account == account` compares the column with itself.
      if case .rowField = typed.expression, scope.local(word) != nil {
        context.error(
          location,
          "'\(word)' is both a column of the rows this condition reads and a local or parameter "
            + "here, so the condition cannot read the local; rename the local or the parameter")
      }
      return typed
    }
    if case .enumeration(let index)? = hint?.stripped,
      let position = enums[index].values.firstIndex(of: word)
    {
      return Typed(expression: .literal(.enumCase(Int32(position))), type: .enumeration(index))
    }
    var known = scope.locals.map(\.name) + state.map(\.name)
    switch scope.row {
    case .record(let record): known += records[record].fields.map(\.name)
    case .table(let table): known += tables[table].columns.map(\.name)
    case nil: break
    }
    known += rowColumnNames(scope)
    if case .enumeration(let index)? = hint?.stripped { known += enums[index].values }
    let isEnumValue = enums.contains { $0.values.contains(word) }
    let note =
      records.contains { $0.name == word }
      ? "'\(word)' is a record: 'recorded(\(word))' counts its entries"
      : hint?.stripped == .text
        // A text where a name was read: YAML's quotes are not the expression's.
        ? "a text is written in double quotes inside the expression: '\"\(word)\"' (the outer "
          + "quotes are YAML's, the inner ones the text's)"
        : NearestWord.suggestion(for: word, among: known).map { "did you mean '\($0)'?" }
    context.error(
      location,
      isEnumValue
        ? "'\(word)' is an enum value, but nothing here tells which enum; compare it with a "
          + "value of that enum"
        : "unknown name '\(word)'",
      note: isEnumValue ? nil : note)
    return nil
  }

  private mutating func list(
    _ items: [ExpressionSyntax], hint: ValueType?, scope: ExpressionScope,
    source: ExpressionSource, at location: SourceLocation
  ) -> Typed? {
    var element: ValueType?
    if case .list(let hinted)? = hint?.stripped { element = hinted }
    guard !items.isEmpty || element != nil else {
      context.error(location, "cannot tell the type of '[]' here")
      return nil
    }
    var expressions: [Expression] = []
    for item in items {
      guard let typed = check(item, hint: element, scope: scope, source: source) else {
        return nil
      }
      if let known = element {
        guard typed.type.isAssignable(to: known) else {
          context.error(
            source.location(item.offset),
            "a list of \(describe(known)) cannot hold \(describe(typed.type))")
          return nil
        }
      } else {
        element = typed.type
      }
      expressions.append(typed.expression)
    }
    return Typed(expression: .list(expressions), type: .list(element ?? .int))
  }

  private mutating func conditional(
    _ condition: ExpressionSyntax, _ then: ExpressionSyntax, _ otherwise: ExpressionSyntax,
    hint: ValueType?, scope: ExpressionScope, source: ExpressionSource
  ) -> Typed? {
    let testTyped = check(condition, hint: .bool, scope: scope, source: source)
    let test = testTyped.flatMap {
      require($0, .bool, "the condition of 'if'", at: source.location(condition.offset))
    }
    let thenScope = scope.narrowing(condition.narrowedNames(whenTrue: true))
    let elseScope = scope.narrowing(condition.narrowedNames(whenTrue: false))
    var first: Typed?
    var second: Typed?
    if hint == nil && needsHint(then, scope: thenScope) && !needsHint(otherwise, scope: elseScope) {
      second = check(otherwise, hint: nil, scope: elseScope, source: source)
      first = check(then, hint: second?.type, scope: thenScope, source: source)
    } else {
      first = check(then, hint: hint, scope: thenScope, source: source)
      second = check(otherwise, hint: hint ?? first?.type, scope: elseScope, source: source)
    }
    guard let test, let first, let second else { return nil }
    guard let type = join(first.type, second.type) else {
      context.error(
        source.location(otherwise.offset),
        "the branches of 'if' differ: \(describe(first.type)) and \(describe(second.type))")
      return nil
    }
    return Typed(
      expression: .conditional(test.expression, first.expression, second.expression), type: type)
  }

  /// The type of a value that is either `a` or `b`.
  func join(_ a: ValueType, _ b: ValueType) -> ValueType? {
    if a == b { return a }
    if a.stripped == b.stripped { return a.optionalized }
    return nil
  }
}
