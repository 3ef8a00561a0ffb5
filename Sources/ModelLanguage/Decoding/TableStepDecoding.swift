import YAML

/// The steps that change a table: `insert`, `update`, `delete`, and `set: {row.column: …}`.
extension ModelFileDecoder {
  /// `insert: T` + `with:`, `update: T` + `where:` + `set:`, `delete: T` + `where:`.
  mutating func tableStep(
    _ kind: String, _ value: YAMLNode, _ entries: [YAMLMapEntry], line: Int,
    scope: ExpressionScope
  ) -> [Step] {
    guard let name = context.scalar(value, "'\(kind)'") else { return [] }
    guard let (table, slot) = table(named: name) else {
      context.unknown("table", name, at: value.location, known: tables.map(\.name))
      return []
    }
    let declared = tables[table]
    if kind == "insert" {
      guard
        let values = arguments(
          entries, for: declared.columns, of: name, at: value.location, scope: scope,
          defaults: declared.defaults)
      else { return [] }
      return [Step(.insert(slot: slot, values), line: line)]
    }
    var inner = scope
    inner.row = .table(table)
    var filter: Expression?
    var ok = true
    if let condition = entries.entry("where") {
      if let typed = expression(
        condition.value, "the condition of '\(kind)'", type: .bool, scope: inner)
      {
        filter = typed.expression
      } else {
        ok = false
      }
    }
    guard kind == "update" else {
      return ok ? [Step(.delete(slot: slot, where: filter), line: line)] : []
    }
    guard let setEntry = entries.entry("set") else {
      context.error(
        value.location, "'update' needs 'set:', the columns it changes ({status: expired})")
      return []
    }
    guard let pairs = context.mapping(setEntry.value, "'set' of 'update'") else { return [] }
    var assignments: [ColumnAssignment] = []
    for pair in pairs {
      guard let column = declared.columns.firstIndex(where: { $0.name == pair.key }) else {
        context.unknown(
          "column", pair.key, at: pair.keyLocation, known: declared.columns.map(\.name),
          in: "'\(name)'")
        ok = false
        continue
      }
      guard
        let typed = expression(
          pair.value, "the value of '\(pair.key)'", type: declared.columns[column].type,
          scope: inner)
      else {
        ok = false
        continue
      }
      assignments.append(ColumnAssignment(column: column, value: typed.expression))
    }
    guard ok else { return [] }
    return [Step(.update(slot: slot, where: filter, assignments), line: line)]
  }

  /// `set: {row.column: EXPR}` when `row` is a local holding a row: `[step]`, `[]` when a
  /// problem was reported, or `nil` when the key names no row local (the caller reports it).
  mutating func columnTarget(_ pair: YAMLMapEntry, scope: ExpressionScope) -> [StepKind]? {
    guard let dot = pair.key.firstIndex(of: ".") else { return nil }
    let base = String(pair.key[..<dot])
    let name = String(pair.key[pair.key.index(after: dot)...])
    guard let local = scope.local(base), case .row(let table) = local.type.stripped else {
      return nil
    }
    let declared = tables[table]
    guard let column = declared.columns.firstIndex(where: { $0.name == name }) else {
      context.unknown(
        "column", name, at: pair.keyLocation, known: declared.columns.map(\.name),
        in: "'\(declared.name)'")
      return []
    }
    if local.type.isOptional && !local.isNarrowed {
      context.error(
        pair.keyLocation, "'\(base)' may be none; prove it present first ('guard \(base) != none')")
      return []
    }
    guard
      let typed = expression(
        pair.value, "the value of '\(pair.key)'", type: declared.columns[column].type,
        scope: scope),
      let slot = stateSlots[declared.name]
    else { return [] }
    return [
      .setColumn(
        local: local.slot, slot: slot, ColumnAssignment(column: column, value: typed.expression))
    ]
  }
}
