import YAML

/// Binary operators and calls of built-in and declared functions.
extension ModelFileDecoder {
  mutating func binary(
    _ symbol: String, _ left: ExpressionSyntax, _ right: ExpressionSyntax, scope: ExpressionScope,
    source: ExpressionSource, at location: SourceLocation
  ) -> Typed? {
    switch symbol {
    case "&&", "||":
      let lhs = check(left, hint: .bool, scope: scope, source: source).flatMap {
        require($0, .bool, "the left of '\(symbol)'", at: source.location(left.offset))
      }
      let rightScope = scope.narrowing(left.narrowedNames(whenTrue: symbol == "&&"))
      let rhs = check(right, hint: .bool, scope: rightScope, source: source).flatMap {
        require($0, .bool, "the right of '\(symbol)'", at: source.location(right.offset))
      }
      guard let lhs, let rhs else { return nil }
      return Typed(
        expression: symbol == "&&"
          ? .and(lhs.expression, rhs.expression) : .or(lhs.expression, rhs.expression),
        type: .bool)
    case "==", "!=", "<", "<=", ">", ">=":
      guard let (lhs, rhs) = pair(left, right, scope: scope, source: source) else { return nil }
      guard lhs.type.stripped == rhs.type.stripped else {
        context.error(
          location, "'\(symbol)' compares \(describe(lhs.type)) with \(describe(rhs.type))")
        return nil
      }
      let ordered = symbol != "==" && symbol != "!="
      if ordered {
        switch lhs.type.stripped {
        case .task, .list:
          context.error(location, "'\(symbol)' cannot order \(describe(lhs.type)) values")
          return nil
        default: break
        }
      }
      let comparison: ComparisonOperator =
        switch symbol {
        case "==": .equal
        case "!=": .notEqual
        case "<": .less
        case "<=": .lessOrEqual
        case ">": .greater
        default: .greaterOrEqual
        }
      return Typed(
        expression: .comparison(comparison, lhs.expression, rhs.expression), type: .bool)
    default:
      return arithmetic(symbol, left, right, scope: scope, source: source, at: location)
    }
  }

  /// Both sides of a comparison; a side that needs the other's type (`none`, an enum value) is
  /// checked second.
  private mutating func pair(
    _ left: ExpressionSyntax, _ right: ExpressionSyntax, scope: ExpressionScope,
    source: ExpressionSource
  ) -> (Typed, Typed)? {
    if needsHint(left, scope: scope) && !needsHint(right, scope: scope) {
      // A side that failed was reported; the other cannot be typed without it.
      guard let rhs = check(right, hint: nil, scope: scope, source: source),
        let lhs = check(left, hint: rhs.type, scope: scope, source: source)
      else { return nil }
      return (lhs, rhs)
    }
    let lhs = check(left, hint: nil, scope: scope, source: source)
    if lhs == nil && needsHint(right, scope: scope) { return nil }
    let rhs = check(right, hint: lhs?.type, scope: scope, source: source)
    guard let lhs, let rhs else { return nil }
    return (lhs, rhs)
  }

  private mutating func arithmetic(
    _ symbol: String, _ left: ExpressionSyntax, _ right: ExpressionSyntax, scope: ExpressionScope,
    source: ExpressionSource, at location: SourceLocation
  ) -> Typed? {
    let lhs = check(left, hint: nil, scope: scope, source: source)
    let rhs = check(right, hint: nil, scope: scope, source: source)
    guard let lhs, let rhs else { return nil }
    for side in [lhs, rhs] where side.type.isOptional {
      context.error(
        location, "'\(symbol)' needs values, but one side may be none",
        note: "prove it present first: 'guard x != none' on a local, or 'if x != none then x "
          + "else …'")
      return nil
    }
    let operation: ArithmeticOperator =
      switch symbol {
      case "+": .add
      case "-": .subtract
      case "*": .multiply
      case "/": .divide
      default: .remainder
      }
    let additive = operation == .add || operation == .subtract
    var result: (Numeric, ValueType)?
    switch (lhs.type, rhs.type) {
    case (.int, .int): result = (.int, .int)
    case (.duration, .duration) where additive: result = (.duration, .duration)
    case (.duration, .int) where !additive: result = (.duration, .duration)
    case (.instant, .duration) where additive: result = (.instantAndDuration, .instant)
    case (.instant, .instant) where operation == .subtract: result = (.instants, .duration)
    case (.day, .int) where additive: result = (.dayAndInt, .day)
    case (.text, .text) where operation == .add: result = (.text, .text)
    case (.list(let a), .list(let b)) where operation == .add && a == b: result = (.list, .list(a))
    default: break
    }
    guard let (numeric, type) = result else {
      context.error(
        location,
        "'\(symbol)' does not apply to \(describe(lhs.type)) and \(describe(rhs.type))")
      return nil
    }
    return Typed(
      expression: .arithmetic(operation, lhs.expression, rhs.expression, numeric), type: type)
  }

  mutating func call(
    _ name: String, _ arguments: [ExpressionSyntax], scope: ExpressionScope,
    source: ExpressionSource, at location: SourceLocation
  ) -> Typed? {
    if let read = HistoryRead(rawValue: name) {
      return historyRead(read, arguments, scope: scope, source: source, at: location)
    }
    if name == Self.whenBroken {
      context.error(
        location,
        "'\(name)(NAME)' says when an invariant was broken, in words, not a value: write it "
          + "alone in a '{…}' of an answer's 'harm:' or 'ok:'")
      return nil
    }
    let declared =
      Self.builtInFunctions.contains(name)
      ? nil : functions.firstIndex { $0.name == name }
    let hints: [ValueType?] = arguments.indices.map { index in
      guard let declared, index < functions[declared].parameters.count else { return nil }
      return functions[declared].parameters[index].type
    }
    let typed = arguments.indices.map {
      check(arguments[$0], hint: hints[$0], scope: scope, source: source)
    }
    guard !typed.contains(where: { $0 == nil }) else { return nil }
    let values = typed.compactMap { $0 }
    func arity(_ count: Int) -> Bool {
      guard values.count == count else {
        context.error(
          location,
          "'\(name)' takes \(count) argument\(count == 1 ? "" : "s"), found \(values.count)")
        return false
      }
      return true
    }
    func argument(_ index: Int, _ type: ValueType) -> Expression? {
      require(
        values[index], type, "argument \(index + 1) of '\(name)'",
        at: source.location(arguments[index].offset)
      )?.expression
    }
    switch name {
    case "new-uuid":
      guard arity(0) else { return nil }
      guard scope.place == .task || scope.place == .handler else {
        context.error(
          location,
          "'new-uuid()' changes the run (it counts), so it cannot appear in a function, an "
            + "invariant or a summary")
        return nil
      }
      return Typed(expression: .newUUID, type: .text)
    case "max", "min":
      guard let first = values.first else {
        context.error(location, "'\(name)' needs at least one argument")
        return nil
      }
      var type = first.type
      for (index, value) in values.enumerated().dropFirst() {
        guard let joined = join(type, value.type) else {
          context.error(
            source.location(arguments[index].offset),
            "'\(name)' compares \(describe(type)) with \(describe(value.type))")
          return nil
        }
        type = joined
      }
      if case .task = type.stripped { context.error(location, "'\(name)' cannot order tasks") }
      if case .list = type.stripped { context.error(location, "'\(name)' cannot order lists") }
      return Typed(expression: .extreme(isMax: name == "max", values.map(\.expression)), type: type)
    case "days":
      guard arity(2), let a = argument(0, .day), let b = argument(1, .day) else { return nil }
      return Typed(expression: .days(a, b), type: .int)
    case "mix":
      guard arity(1), let a = argument(0, .int) else { return nil }
      return Typed(expression: .mix(a), type: .int)
    case "count":
      guard arity(1) else { return nil }
      if case .table = values[0].type, case .state(let slot) = values[0].expression {
        return Typed(expression: .table(.count, slot: slot, where: nil), type: .int)
      }
      guard case .list = values[0].type else {
        context.error(
          source.location(arguments[0].offset),
          "'count' counts the items of a list or the rows of a table, found "
            + describe(values[0].type),
          note: "to count records, write 'recorded(NAME)'")
        return nil
      }
      return Typed(expression: .length(values[0].expression), type: .int)
    case "text":
      guard arity(1) else { return nil }
      switch values[0].type.stripped.element {
      case .table, .row:
        context.error(
          source.location(arguments[0].offset),
          "'text' shows one value, found \(describe(values[0].type)); show a column ('row.column')")
        return nil
      default:
        return Typed(expression: .shown(values[0].expression, values[0].type), type: .text)
      }
    case "seconds":
      guard arity(1), let a = argument(0, .duration) else { return nil }
      return Typed(expression: .seconds(a), type: .text)
    case "join":
      guard arity(2) else { return nil }
      guard case .list(let item) = values[0].type else {
        context.error(
          source.location(arguments[0].offset),
          "'join' shows the items of a list, found " + describe(values[0].type))
        return nil
      }
      guard let separator = argument(1, .text) else { return nil }
      return Typed(
        expression: .joined(values[0].expression, separator: separator, item: item), type: .text)
    default:
      break
    }
    guard let index = declared else {
      context.unknown(
        "function", name, at: location,
        known: Self.builtInFunctions + functions.map(\.name))
      return nil
    }
    let function = functions[index]
    guard arity(function.parameters.count) else { return nil }
    var expressions: [Expression] = []
    for (position, parameter) in function.parameters.enumerated() {
      guard
        let checked = require(
          values[position], parameter.type, "argument '\(parameter.name)' of '\(name)'",
          at: source.location(arguments[position].offset))
      else { return nil }
      expressions.append(checked.expression)
    }
    if let current = currentFunction {
      functionCalls.append(
        CallSite(from: current.index, to: index, location: location, variant: current.variant))
    }
    return Typed(expression: .function(index, expressions), type: function.result)
  }
}
