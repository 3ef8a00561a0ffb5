import ModelContract
import ModelLanguage
import RacelabKernel

/// A model file's functions as the truth tables a scenario's `cases:` evaluates: a row gives
/// the function's parameters, any state the function reads (`app.wins`) and `today`, with the
/// result it expects.
extension ModelFileDefinition {
  /// The column a row gives the day `today` reads in (default: the clock's start).
  static let todayColumn = "today"
  /// The column that holds the result a row expects.
  static let expectColumn = "expect"

  /// The table of each function whose parameters and result a scenario can write, in
  /// declaration order.
  static func caseTables(of program: ModelProgram) -> [TableSpec] {
    program.functions.indices.compactMap { caseTable(of: $0, program) }
  }

  /// The table of function `index`: its parameters (required), then the state it reads in
  /// declaration order and `today` if it reads it (optional: the scenario's own by default).
  private static func caseTable(of index: Int, _ program: ModelProgram) -> TableSpec? {
    let function = program.functions[index]
    guard let result = program.kind(of: function.result) else { return nil }
    var columns: [ParameterSpec] = []
    for parameter in function.parameters {
      guard let kind = program.kind(of: parameter.type),
        ![todayColumn, expectColumn].contains(parameter.name)
      else { return nil }
      columns.append(
        ParameterSpec(parameter.name, kind, default: nil, help: "a parameter of \(function.name)"))
    }
    let reads = reads(of: index, program)
    for slot in reads.slots {
      let variable = program.state[slot]
      guard let kind = program.kind(of: variable.type),
        !columns.contains(where: { $0.name == variable.name })
      else { continue }
      columns.append(
        ParameterSpec(
          variable.name, kind, default: nil, optional: true,
          help: "state \(function.name) reads (default: as the scenario sets it)"))
    }
    if reads.today {
      columns.append(
        ParameterSpec(
          todayColumn, .date, default: nil, optional: true,
          help: "the day today reads (default: the clock's start)"))
    }
    return TableSpec(
      function.name, columns: columns,
      answer: ParameterSpec(
        expectColumn, result, default: nil, help: "what \(function.name) must return"),
      help: "rows of inputs to the function \(function.name), each with its result")
  }

  /// The state slots function `index` reads, in declaration order, and whether it reads
  /// `today`, through the functions it calls.
  static func reads(of index: Int, _ program: ModelProgram) -> (slots: [Int], today: Bool) {
    var slots = Set<Int>()
    var today = false
    program.functions[index].body.visitReached(
      calling: { program.functions[$0].body },
      visit: {
        switch $0 {
        case .state(let slot): slots.insert(slot)
        case .today: today = true
        default: break
        }
        return true
      })
    return (slots.sorted(), today)
  }

  /// Evaluates one row of `cases:` on the function named `table`, or of a truth table the
  /// model declares under that name: the scenario's initial state, with the state the row
  /// gives, the row's `today` and its arguments. A run-time error is the answer `run-time
  /// error: …`, which no row expects.
  public func evaluate(table: String, row: NamedValues, setup: ModelSetup) -> TableRowResult {
    let program = resolvedProgram(for: setup)
    let expected = row[Self.expectColumn] ?? .none
    if let truthTable = program.truthTables.first(where: { $0.name == table }) {
      return evaluate(truthTable, row: row, expected: expected, setup: setup, program)
    }
    guard let index = program.functions.firstIndex(where: { $0.name == table }) else {
      return TableRowResult(actual: .none, expected: expected, decidedBy: "no function \(table)")
    }
    var inputs = RowInputs()
    if case .day(let day)? = row[Self.todayColumn] { inputs.today = day }
    for slot in Self.reads(of: index, program).slots {
      if let value = row[program.state[slot].name] { inputs.state.append((slot, value)) }
    }
    for parameter in program.functions[index].parameters {
      inputs.arguments[parameter.name] = row[parameter.name]
    }
    return TableRowResult(
      actual: call(index, inputs, setup: setup, program), expected: expected, decidedBy: "")
  }

  /// What a row gives a function: the day `today` reads, state set before the call and the
  /// arguments by parameter name (a parameter without one gets `none`).
  struct RowInputs {
    var today: Int64?
    var state: [(slot: Int, value: Value)] = []
    var arguments: [String: Value] = [:]
  }

  /// Function `index` called on the scenario's initial state as `inputs` change it: its value
  /// as reports show it, or `run-time error: …`.
  func call(_ index: Int, _ inputs: RowInputs, setup: ModelSetup, _ program: ModelProgram)
    -> Value
  {
    let function = program.functions[index]
    var model = makeModel(setup, fixedToday: inputs.today)
    for (slot, value) in inputs.state {
      model.state[slot] = program.running(value, as: program.state[slot].type)
    }
    let arguments = function.parameters.map { parameter in
      Expression.literal(
        inputs.arguments[parameter.name].map { program.running($0, as: parameter.type) }
          ?? .none)
    }
    let simulation = Simulation(
      model: model, profile: .swift, wallClock: setup.wallClock, strategy: DefaultStrategy(),
      tracing: false)
    var context = simulation.context
    model = simulation.model
    do {
      let value = try model.evaluate(
        .function(index, arguments), Scope(locals: []), context: &context)
      return program.reported(value, as: function.result)
    } catch {
      return .text("run-time error: \(error.message)")
    }
  }
}
