import YAML

/// `first(x)`, `previous(x)` and `changes(x)`: what an invariant or a summary reads of a state
/// variable's history.
extension ModelFileDecoder {
  /// Checks a history read: one argument, the name of a state variable that holds a value, in
  /// an invariant or a summary.
  mutating func historyRead(
    _ read: HistoryRead, _ arguments: [ExpressionSyntax], scope: ExpressionScope,
    source: ExpressionSource, at location: SourceLocation
  ) -> Typed? {
    let name = read.rawValue
    guard scope.place == .rule else {
      context.error(
        location,
        "'\(name)(…)' reads a state variable's history, which only an invariant or a summary "
          + "can read",
        note: "keep the value in a state variable of its own where the code needs it")
      return nil
    }
    guard arguments.count == 1 else {
      context.error(location, "'\(name)' takes 1 argument, found \(arguments.count)")
      return nil
    }
    let argument = arguments[0]
    let at = source.location(argument.offset)
    guard case .word(let word) = argument.kind else {
      context.error(
        at,
        "'\(name)' reads the history of a state variable: write its name, as in "
          + "'\(name)(app.uuid)'")
      return nil
    }
    guard let typed = resolve(word, scope: scope) else {
      context.unknown("state variable", word, at: at, known: state.map(\.name))
      return nil
    }
    guard case .state(let slot) = typed.expression else {
      context.error(
        at, "'\(word)' is not a state variable: '\(name)' reads the history of a state variable")
      return nil
    }
    if case .table = typed.type {
      context.error(
        at,
        "'\(word)' is a table: '\(name)' reads the history of a state variable that holds "
          + "a value",
        note: "keep what the invariant needs of the table in a state variable, or in a record")
      return nil
    }
    let type: ValueType
    switch read {
    case .first: type = typed.type
    case .previous: type = typed.type.optionalized
    case .changes: type = .int
    }
    return Typed(expression: .history(read, slot: slot), type: type)
  }
}
