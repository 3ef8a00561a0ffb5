import ModelContract
import ModelLanguage
import RacelabKernel

/// A model file's truth tables (`truth-tables:`): the tables a scenario gives instead of a
/// timeline, each row through the table's function, with the reason function's words.
extension ModelFileDefinition {
  /// Each truth table as the scenario layer reads it: every column required, `expect` of the
  /// function's result.
  static func truthTables(of program: ModelProgram) -> [TableSpec] {
    program.truthTables.compactMap { table in
      let function = program.functions[table.function]
      guard let result = program.kind(of: function.result) else { return nil }
      let columns = table.columns.compactMap { column -> ParameterSpec? in
        let type = columnType(column.target, table, program)
        return program.kind(of: type).map {
          ParameterSpec(
            column.name, bounded($0, by: column.bounds.minimum), default: nil,
            help: column.bounds.about ?? columnHelp(column.target, table, program))
        }
      }
      return TableSpec(
        table.name, columns: columns,
        answer: ParameterSpec(
          expectColumn, result, default: nil,
          help: table.expectAbout ?? "what \(function.name) must return"),
        help: table.about ?? "rows of inputs to the function \(function.name), each with its result"
      )
    }
  }

  /// The type of the value a column sets.
  private static func columnType(
    _ target: TruthTableDecl.Target, _ table: TruthTableDecl, _ program: ModelProgram
  ) -> ValueType {
    switch target {
    case .today: return .day
    case .state(let slot): return program.state[slot].type
    case .parameter(let name):
      let called = [table.function] + (table.reason.map { [$0] } ?? [])
      return called.lazy.flatMap { program.functions[$0].parameters }.first {
        $0.name == name
      }?.type ?? .text
    }
  }

  /// What a column without `about:` says in `racelab schema`.
  private static func columnHelp(
    _ target: TruthTableDecl.Target, _ table: TruthTableDecl, _ program: ModelProgram
  ) -> String {
    switch target {
    case .today: "the day today reads"
    case .state(let slot): "sets \(program.state[slot].name)"
    case .parameter(let name): "\(name) of \(program.functions[table.function].name)"
    }
  }

  /// One row of `table`: the function's answer and, when the table has a reason function,
  /// its words.
  func evaluate(
    _ table: TruthTableDecl, row: NamedValues, expected: Value, setup: ModelSetup,
    _ program: ModelProgram
  ) -> TableRowResult {
    var inputs = RowInputs()
    for column in table.columns {
      guard let value = row[column.name] else { continue }
      switch column.target {
      case .today: if case .day(let day) = value { inputs.today = day }
      case .state(let slot): inputs.state.append((slot, value))
      case .parameter(let name): inputs.arguments[name] = value
      }
    }
    let reason = table.reason.map { call($0, inputs, setup: setup, program) }
    var decidedBy = ""
    if case .text(let words)? = reason { decidedBy = words }
    return TableRowResult(
      actual: call(table.function, inputs, setup: setup, program), expected: expected,
      decidedBy: decidedBy)
  }
}
