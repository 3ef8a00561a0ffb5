import CommandTestSupport
import Commands
import Foundation
import Testing

/// `cases:`: rows of inputs to a model file's function, each with the result it must return —
/// the truth tables the built-in model has as `eligibility:`, for any model.
struct FunctionCasesTests {
  /// The review-prompt model file bundled with racelab.
  static let bundledModel = repositoryRoot.appendingPathComponent(
    "Sources/ModelLibrary/models/review-prompt.model.yaml"
  ).path

  /// The rows of a table scenario's JSON output, each as its answer and what it expected.
  func answers(_ relative: String) throws -> [(actual: String, expected: String)] {
    let path = repositoryScenarios.appendingPathComponent(relative).path
    let result = capture { RunCommand(files: [path], format: .json).execute(console: $0) }
    #expect(result.status == .success, "\(result.error)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let rows = try #require(document["rows"] as? [[String: Any]])
    return rows.map { row in
      ("\(row["actual"] ?? "-")", "\(row["expected"] ?? "-")")
    }
  }

  @Test("the bundled model file's eligible answers every row as the built-in eligibility table")
  func agreesWithTheBuiltInTable() throws {
    let builtIn = try answers("eligibility/eligibility-truth-table.yaml")
    let modelFile = try answers("eligibility/eligible-cases.yaml")
    #expect(builtIn.count == 12)
    #expect(modelFile.count == builtIn.count)
    for (index, (swift, file)) in zip(builtIn, modelFile).enumerated() {
      #expect(swift.actual == file.actual, "row \(index + 1)")
      #expect(swift.expected == file.expected, "row \(index + 1)")
    }
  }

  /// Runs a scenario of the bundled model whose `cases:` is `cases`, as text.
  func run(_ cases: String, config: String = "") throws -> (
    status: ExitStatus, output: String, error: String
  ) {
    try runScenario("name: cases\nmodel: \(Self.bundledModel)\n\(config)cases:\n\(cases)\n")
  }

  /// `racelab run cases.yaml` on `scenario`, in a folder that also holds `files` by name.
  func runScenario(_ scenario: String, files: [String: String] = [:]) throws -> (
    status: ExitStatus, output: String, error: String
  ) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in files.keys.sorted() { try folder.write(name, files[name] ?? "") }
    try folder.write("cases.yaml", scenario)
    return capture { RunCommand(files: [folder.path("cases.yaml")]).execute(console: $0) }
  }

  @Test("a row's state and today replace the scenario's; what it leaves out keeps them")
  func rowsSetStateAndToday() throws {
    let result = try run(
      """
        function: eligible
        rows:
          - {last: 2026-01-01, prompted: none, app.wins: 3, today: 2026-01-03, expect: true}
          - {last: 2026-01-01, prompted: none, app.wins: 2, expect: false}
      """,
      config: "config: {win-threshold: 3, cooldown-days: 2}\n")
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output.hasPrefix("racelab · review-prompt · eligible table\n"))
    #expect(
      result.output.contains(
        "#1  last 2026-01-01 · prompted none · app.wins 3 · today 2026-01-03\n    → yes ✓\n"))
    #expect(result.output.hasSuffix("all 2 rows answer as expected\n"))
  }

  @Test("a row that answers otherwise fails the scenario and says what it expected")
  func wrongAnswerFails() throws {
    let result = try run(
      """
        function: eligible
        rows:
          - {last: never, prompted: none, app.wins: 0, expect: true}
      """)
    #expect(result.status == .failure)
    #expect(result.output.contains("→ no ✗ expected true\n"))
    #expect(result.output.hasSuffix("1 of 1 rows FAILED\n"))
  }

  @Test(
    "an unknown function, an unknown or missing input, a wrong value, a missing expect: errors",
    arguments: [
      (
        "  function: eligble\n  rows:\n    - {expect: true}",
        "4:13: error: unknown function 'eligble'"
      ),
      (
        "  function: eligible\n  rows:\n    - {last: never, prompted: none, wins: 3, expect: true}",
        "6:37: error: unknown key 'wins' in a row of 'cases'"
      ),
      (
        "  function: eligible\n  rows:\n    - {last: never, expect: true}",
        "6:7: error: a row of 'cases' needs 'prompted:' (a parameter of eligible)"
      ),
      (
        "  function: eligible\n  rows:\n    - {last: never, prompted: none, app.wins: many, expect: true}",
        "6:47: error: 'app.wins' must be a whole number, found 'many'"
      ),
      (
        "  function: eligible\n  rows:\n    - {last: never, prompted: none}",
        "6:7: error: a row of 'cases' needs 'expect:' (what eligible must return)"
      ),
      (
        "  rows:\n    - {expect: true}",
        "4:3: error: 'cases' needs 'function:' (one of: eligible, eligibility-reason, checks-scene, review-decision)"
      ),
    ])
  func errors(cases: String, message: String) throws {
    let result = try run(cases)
    #expect(result.status == .badInput)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("cases.yaml:\(message)\n"), "\(result.error)")
  }

  @Test("a truth table of a model with periodic jobs needs no 'until:'; today is the start's day")
  func periodicModelNeedsNoUntil() throws {
    let result = try runScenario(
      """
      name: cases
      model: entitlements
      clock: {start: 2026-01-29T10:00:00Z}
      cases:
        function: valid
        rows:
          - {status: in-grace, period-end: 2026-01-01, grace: capped, expect: true}
          - {status: in-grace, period-end: 2026-01-01, grace: capped, today: 2026-01-30, expect: false}

      """)
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output.hasSuffix("all 2 rows answer as expected\n"))
  }

  @Test("a run-time error is the row's answer, which fails it")
  func runTimeErrorFailsTheRow() throws {
    let model = """
      kind: model
      name: double
      processes:
        app:
          lanes: {main: serial}
          memory:
            factor: {type: int, default: 2}
      functions:
        double:
          params:
            n: int
          returns: int
          body: "n * app.factor"

      """
    let result = try runScenario(
      """
      name: cases
      model: ./double.model.yaml
      cases:
        function: double
        rows:
          - {n: 21, expect: 42}
          - {n: 21, app.factor: 3, expect: 63}
          - {n: 9223372036854775807, expect: 0}

      """, files: ["double.model.yaml": model])
    #expect(result.status == .failure)
    #expect(result.output.contains("#2  n 21 · app.factor 3\n    → 63 ✓\n"))
    #expect(result.output.contains("    → run-time error: "))
    #expect(result.output.hasSuffix("1 of 3 rows FAILED\n"))
  }

  @Test("a bundled model named by its name offers its functions to 'cases:'")
  func bundledModelOffersItsFunctions() throws {
    let result = try runScenario(
      """
      name: cases
      model: review-prompt
      cases:
        function: eligible
        rows:
          - {last: never, prompted: none, app.wins: 2, expect: false}
          - {last: never, prompted: none, app.wins: 3, expect: true}
      """)
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("racelab · review-prompt · eligible table\n"))
    #expect(result.output.hasSuffix("all 2 rows answer as expected\n"))
  }

  @Test("a model file without functions gives 'cases:' none to name")
  func aModelWithoutFunctionsHasNoneToName() throws {
    let result = try runBesideModel(
      """
      kind: model
      name: bare
      processes:
        app:
          lanes: {main: serial}
      """, named: "bare", scenario: "name: s\nmodel: bare.model.yaml\ncases: {rows: []}\n")
    #expect(result.status == .badInput)
    #expect(
      result.error.contains("s.yaml:3:8: error: 'cases' needs 'function:' (the model has none)"))
  }
}
