// Fuzz target: model-file expressions (lexer, parser and type checker in
// Sources/ModelLanguage, evaluation in Sources/ModelInterpreter). The input is one
// expression, placed in a model that declares a value of every type; the rest of the model is
// valid, so every diagnostic must point at the expression's line. A checked expression is then
// evaluated by running the model twice, with the same result both times; never a crash, a hang
// or a sanitizer report.
import ModelContract
import ModelInterpreter
import ModelLanguage
import RacelabKernel

/// The model the expression is placed in, at the line holding `EXPRESSION`.
private let template = """
  kind: model
  name: expressions
  processes:
    app:
      lanes:
        main: serial
      memory:
        count: int
        flag: bool
        label: {type: text, optional: true}
        wait: duration
        stage: {type: enum, values: [idle, busy, done]}
        seen: {type: list, of: int}
        since: {type: instant, optional: true}
        opened: {type: day, optional: true}
        rows:
          table:
            tier: {type: enum, values: [free, pro, max]}
            quota: int
  records:
    note: {value: int}
  functions:
    double:
      params:
        n: int
      returns: int
      body: "n * 2"
  operations:
    probe:
      steps:
        - insert: app.rows
          with: {tier: pro, quota: 5}
        - record: note
          with: {value: 3}
        - let: {x: 'EXPRESSION'}
  events:
    probe:
      do: probe

  """

/// The 1-based line of the template that holds the expression.
private let expressionLine =
  template.split(separator: "\n", omittingEmptySubsequences: false)
  .firstIndex { $0.contains("EXPRESSION") }! + 1

/// libFuzzer's entry point: checks one expression, and evaluates it when it checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  // One line of a single-quoted YAML scalar: line breaks and other control characters cannot
  // be written there, and a quote is written twice.
  guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return 0 }
  var escaped: [UInt8] = []
  for byte in bytes {
    escaped.append(byte)
    if byte == UInt8(ascii: "'") { escaped.append(byte) }
  }
  let parts = template.split(
    separator: "EXPRESSION", maxSplits: 1, omittingEmptySubsequences: false)
  let model = Array(parts[0].utf8) + escaped + Array(parts[1].utf8)
  switch ModelFileLoader.load(model) {
  case .success(let program):
    let first = run(program)
    require(first == run(program), "two runs of one expression differ: \(first)")
  case .failure(let list):
    require(!list.diagnostics.isEmpty, "a rejected expression has no diagnostic")
    let lines = InputLines(model)
    for diagnostic in list.diagnostics {
      require(
        diagnostic.location.line == expressionLine,
        "a diagnostic away from the expression: \(diagnostic.formatted(path: "<input>"))")
      for note in diagnostic.notes {
        require(
          lines.contains(line: note.location.line, column: note.location.column),
          "a note outside the model: \(note.formatted(path: "<input>"))")
      }
    }
  }
  return 0
}

/// The invariants one run of the `probe` event breaks.
private func run(_ program: ModelProgram) -> [String] {
  let definition = ModelFileDefinition(
    program, runLimits: RunLimits(steps: 200_000, tasks: 1_000, tableRows: 1_000))
  let setup = ModelSetup(
    variant: definition.vocabulary.variants[0].name, sections: [:],
    wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
  let probe = ScriptedHappening(
    ScriptedEvent(name: "probe", fields: NamedValues()), .at(VirtualTime(nanoseconds: 1_000)))
  return definition.simulate(
    setup: setup, profile: .swift, timeline: [probe], strategy: DefaultStrategy(), tracing: false
  ).result.violations
}
