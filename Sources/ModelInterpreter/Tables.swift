import ModelContract
import ModelLanguage
import RacelabKernel

/// Tables at run time: a table is a list of rows in insertion order; a row is a list whose
/// first item is its identity and whose other items are its columns.
extension InterpretedModel {
  /// The rows of the table in `slot` that match `filter` (every row without one).
  mutating func rows(
    slot: Int, where filter: Expression?, _ scope: Scope,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> [[Value]] {
    guard case .list(let rows) = state[slot] else { return [] }
    var matching: [[Value]] = []
    for case .list(let row) in rows {
      if try matches(row, filter, scope, context: &context) { matching.append(row) }
    }
    return matching
  }

  private mutating func matches(
    _ row: [Value], _ filter: Expression?, _ scope: Scope,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Bool {
    try spend(1)
    guard let filter else { return true }
    return try evaluate(filter, scope.looking(at: row), context: &context).isTrue
  }

  /// A table query's value.
  mutating func table(
    _ query: TableQuery, slot: Int, where filter: Expression?, _ scope: Scope,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Value {
    if case .exists = query {
      guard case .list(let all) = state[slot] else { return .bool(false) }
      for case .list(let row) in all where try matches(row, filter, scope, context: &context) {
        return .bool(true)
      }
      return .bool(false)
    }
    let matching = try rows(slot: slot, where: filter, scope, context: &context)
    switch query {
    case .count, .exists: return .int(Int64(matching.count))
    case .rows: return .list(matching.map(Value.list))
    case .best(let keys): return try best(matching, keys, slot: slot, scope, context: &context)
    case .any(let label):
      guard matching.count > 1 else { return matching.first.map(Value.list) ?? .none }
      let pick = context.choose(label, among: matching.count)
      if context.isTracing {
        let table = tableDecl(slot)
        context.note(
          ModelNote(
            kind: "chosen", task: scope.task, subject: "any",
            detail: [
              "the database returned row \(pick + 1) of \(matching.count) matching in "
                + "\(table.name): \(code.columns(matching[pick], of: table))"
            ], fields: [TraceField("alternative", .int(Int64(pick)))]))
      }
      return .list(matching[pick])
    }
  }

  /// The row first in the keys' order; rows tied on every key are a run-time error.
  private mutating func best(
    _ rows: [[Value]], _ keys: [SortKey], slot: Int, _ scope: Scope,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Value {
    var winner: (row: [Value], keys: [Value])?
    var tied = false
    for row in rows {
      let inner = scope.looking(at: row)
      var values: [Value] = []
      for key in keys { values.append(try evaluate(key.key, inner, context: &context)) }
      if values.contains(where: \.holdsClockTerm) {
        context.noteInexactClockUse("orders rows by a time read inside a window")
      }
      guard let current = winner else {
        winner = (row, values)
        continue
      }
      let order = Self.order(values, current.keys, keys)
      if order < 0 {
        winner = (row, values)
        tied = false
      } else if order == 0 {
        tied = true
      }
    }
    if tied {
      throw RunTimeError(
        message: "best(\(tableDecl(slot).name) …): rows tie on every key; add a key that "
          + "tells them apart")
    }
    return winner.map { .list($0.row) } ?? .none
  }

  /// Negative when key values `a` come before `b` in the keys' order.
  private static func order(_ a: [Value], _ b: [Value], _ keys: [SortKey]) -> Int {
    for (index, key) in keys.enumerated() {
      let order = Value.order(a[index], b[index])
      if order != 0 { return key.descending ? -order : order }
    }
    return 0
  }

  /// Runs `insert`, `update`, `delete` and `set: {row.column: …}`.
  mutating func changeTable(
    _ instruction: Instruction, _ frame: inout TaskFrame, task: TaskID?,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) {
    let scope = Scope(
      locals: frame.top.locals, task: task,
      process: runningProcess(frame.top.operation, of: frame))
    switch instruction {
    case .insert(let slot, let values):
      let limit = code.runLimits.tableRows
      if case .list(let rows) = state[slot], rows.count >= limit {
        throw RunTimeError(
          message: "more than \(limit) rows in \(tableDecl(slot).name) (raise the limit with "
            + "--limits table-rows=N)")
      }
      var row: [Value] = [.int(rowsInserted)]
      for value in values { row.append(try evaluate(value, scope, context: &context)) }
      rowsInserted += 1
      noteWrite(of: slot, in: &frame)
      update(slot) { $0.append(.list(row)) }
      if context.isTracing {
        let table = tableDecl(slot)
        context.note(
          ModelNote(
            kind: "inserted", task: task, subject: table.name,
            detail: ["inserted into \(table.name) · \(code.columns(row, of: table))"]))
      }
    case .update(let slot, let filter, let assignments):
      guard case .list(var rows) = state[slot] else { return }
      var changed = 0
      for index in rows.indices {
        guard case .list(let row) = rows[index],
          try matches(row, filter, scope, context: &context)
        else { continue }
        let inner = scope.looking(at: row)
        var updated = row
        for assignment in assignments {
          updated[assignment.column + 1] = try evaluate(assignment.value, inner, context: &context)
        }
        rows[index] = .list(updated)
        changed += 1
      }
      noteWrite(of: slot, in: &frame)
      state[slot] = .list(rows)
      noteRowCount("updated", changed, slot: slot, task: task, context: &context)
    case .delete(let slot, let filter):
      guard case .list(let rows) = state[slot] else { return }
      var kept: [Value] = []
      for item in rows {
        guard case .list(let row) = item else { continue }
        if !(try matches(row, filter, scope, context: &context)) { kept.append(item) }
      }
      noteWrite(of: slot, in: &frame)
      state[slot] = .list(kept)
      noteRowCount("deleted", rows.count - kept.count, slot: slot, task: task, context: &context)
    case .setColumn(let local, let slot, let assignment):
      let value = try evaluate(assignment.value, scope, context: &context)
      guard case .list(var row) = frame.top.locals[local], !row.isEmpty else {
        throw RunTimeError(message: "a row proven present is none")
      }
      row[assignment.column + 1] = value
      frame.top.locals[local] = .list(row)
      noteWrite(of: slot, in: &frame)
      // The stored row, if it is still in the table (a deleted row changes nothing there).
      update(slot) { rows in
        if let index = rows.firstIndex(where: { Self.identity(of: $0) == row[0] }) {
          rows[index] = .list(row)
        }
      }
    default:
      break
    }
  }

  /// Changes the rows of the table in `slot` in place.
  private mutating func update(_ slot: Int, _ change: (inout [Value]) -> Void) {
    guard case .list(var rows) = state[slot] else { return }
    state[slot] = .none
    change(&rows)
    state[slot] = .list(rows)
  }

  private static func identity(of row: Value) -> Value? {
    guard case .list(let items) = row else { return nil }
    return items.first
  }

  private func noteRowCount(
    _ verb: String, _ count: Int, slot: Int, task: TaskID?,
    context: inout SimulationContext<InterpretedModel>
  ) {
    guard context.isTracing else { return }
    let name = tableDecl(slot).name
    context.note(
      ModelNote(
        kind: verb, task: task, subject: name,
        detail: ["\(verb) \(count) row\(count == 1 ? "" : "s") of \(name)"]))
  }

  /// The table a state slot holds.
  func tableDecl(_ slot: Int) -> TableDecl {
    guard case .table(let index) = program.state[slot].type else {
      return TableDecl(name: program.state[slot].name, columns: [], defaults: [])
    }
    return program.tables[index]
  }
}
