import YAML

/// Table queries (`count`, `exists`, `best`, `any` over a table; `distinct` over a record) and
/// `row.column` on a row a local holds.
extension ModelFileDecoder {
  /// The index among ``tables`` of the table in state variable `name`, with its slot.
  func table(named name: String) -> (table: Int, slot: Int)? {
    guard let slot = stateSlots[name], case .table(let table) = state[slot].type else {
      return nil
    }
    return (table, slot)
  }

  /// `count(T where C)`, `exists(T where C)`, `best(T where C by K desc, …)`, `any(T where C)`,
  /// `distinct(R by K)`.
  mutating func query(
    _ function: String, _ name: String, at nameLocation: SourceLocation,
    _ condition: ExpressionSyntax?, keys: [QueryKey], scope: ExpressionScope,
    source: ExpressionSource
  ) -> Typed? {
    if function == "distinct" {
      return distinct(name, at: nameLocation, condition, keys: keys, scope: scope, source: source)
    }
    guard let (table, slot) = table(named: name) else {
      let isRecord = recordIndex(name) != nil
      context.error(
        nameLocation,
        isRecord
          ? "'\(name)' is a record; '\(function)(…)' reads a table"
          : "unknown table '\(name)'",
        note: isRecord
          ? "count records with 'recorded(\(name) where …)'"
          : NearestWord.suggestion(for: name, among: tables.map(\.name)).map {
            "did you mean '\($0)'?"
          })
      return nil
    }
    if function == "any" && (scope.place == .rule || scope.place == .function) {
      context.error(
        nameLocation,
        "'any(…)' is a choice point (the database returns some row), so it cannot appear in "
          + (scope.place == .function ? "a function" : "an invariant or a summary"),
        note: "use 'best(… by …)' for a row in a fixed order")
      return nil
    }
    let inner = scope.looking(at: .table(table))
    var filter: Expression?
    if let condition {
      guard let typed = check(condition, hint: .bool, scope: inner, source: source),
        let checked = require(
          typed, .bool, "the condition of '\(function)'", at: source.location(condition.offset))
      else { return nil }
      filter = checked.expression
    }
    if function != "best", let first = keys.first {
      context.error(
        source.location(first.key.offset), "'\(function)(…)' takes no 'by'; only 'best' orders rows"
      )
      return nil
    }
    switch function {
    case "count":
      return Typed(expression: .table(.count, slot: slot, where: filter), type: .int)
    case "exists":
      return Typed(expression: .table(.exists, slot: slot, where: filter), type: .bool)
    case "any":
      let label = "any(\(name)) at line \(nameLocation.line)"
      return Typed(
        expression: .table(.any(label: label), slot: slot, where: filter),
        type: .optional(.row(table)))
    default:  // best
      guard !keys.isEmpty else {
        context.error(
          nameLocation, "'best(…)' needs 'by' and at least one key, such as 'by updated-at desc'")
        return nil
      }
      var sortKeys: [SortKey] = []
      for key in keys {
        guard let typed = orderKey(key.key, "a key of 'best'", scope: inner, source: source)
        else { return nil }
        sortKeys.append(SortKey(typed.expression, descending: key.descending))
      }
      return Typed(
        expression: .table(.best(sortKeys), slot: slot, where: filter),
        type: .optional(.row(table)))
    }
  }

  /// `distinct(R by K)`: how many different values a key takes over a record's rows.
  private mutating func distinct(
    _ name: String, at nameLocation: SourceLocation, _ condition: ExpressionSyntax?,
    keys: [QueryKey], scope: ExpressionScope, source: ExpressionSource
  ) -> Typed? {
    guard let record = recordIndex(name) else {
      context.unknown("record", name, at: nameLocation, known: records.map(\.name))
      return nil
    }
    if let condition {
      context.error(
        source.location(condition.offset),
        "'distinct(…)' takes no 'where'; write 'distinct(\(name) by KEY)'")
      return nil
    }
    guard keys.count == 1, let key = keys.first, !key.descending else {
      context.error(nameLocation, "'distinct(…)' takes one key: 'distinct(\(name) by KEY)'")
      return nil
    }
    let inner = scope.looking(at: .record(record))
    guard let typed = check(key.key, hint: nil, scope: inner, source: source) else { return nil }
    return Typed(expression: .distinct(record, by: typed.expression), type: .int)
  }

  /// A `by` key: a value with an order (not a task, a list, a table or a row).
  private mutating func orderKey(
    _ syntax: ExpressionSyntax, _ what: String, scope: ExpressionScope, source: ExpressionSource
  ) -> Typed? {
    guard let typed = check(syntax, hint: nil, scope: scope, source: source) else { return nil }
    switch typed.type.stripped {
    case .task, .list, .table, .row:
      context.error(
        source.location(syntax.offset), "\(what) must have an order, found \(describe(typed.type))")
      return nil
    default:
      return typed
    }
  }

  /// `row.column` where `row` is a local holding a row (or `none`).
  func column(_ word: String, scope: ExpressionScope) -> Typed? {
    guard let dot = word.firstIndex(of: ".") else { return nil }
    let base = String(word[..<dot])
    let name = String(word[word.index(after: dot)...])
    guard let local = scope.local(base), case .row(let table) = local.type.stripped,
      let index = tables[table].columns.firstIndex(where: { $0.name == name })
    else { return nil }
    let type = tables[table].columns[index].type
    if local.isNarrowed || !local.type.isOptional {
      let holder: Expression =
        local.isNarrowed ? .unwrapped(.local(local.slot)) : .local(local.slot)
      return Typed(expression: .column(holder, index), type: type)
    }
    return Typed(expression: .column(.local(local.slot), index), type: type.optionalized)
  }

  /// `row.column` for every visible local holding a row, for did-you-mean.
  func rowColumnNames(_ scope: ExpressionScope) -> [String] {
    scope.locals.flatMap { local -> [String] in
      guard case .row(let table) = local.type.stripped else { return [] }
      return tables[table].columns.map { "\(local.name).\($0.name)" }
    }
  }
}
