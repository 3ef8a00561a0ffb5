import ModelLanguage
import ScenarioFormat
import Testing

/// Expressions and steps of model files: precedence, enum values typed by the other side,
/// narrowing, and diagnostics located inside the scalar.
struct ModelExpressionTests {
  /// The minimal model with one operation whose steps are `steps` (indented by the caller).
  func program(_ steps: String, extra: String = "") -> ModelProgram? {
    decodeModel(minimalModel + extra + "operations:\n  go:\n    steps:\n" + steps)
  }

  @Test func precedenceAndEnumValuesTypedByTheOtherSide() throws {
    let model = try #require(
      program(
        "      - if: \"bundle == app.group || app.count + 2 * 3 > 7 && !false\"\n        then:\n          - return\n"
      ))
    guard case .if(let condition, _, _) = model.operations[0].body.steps[0].kind else {
      Issue.record("not an if")
      return
    }
    #expect(
      condition
        == .or(
          .comparison(.equal, .literal(.enumCase(1)), .state(1)),
          .and(
            .comparison(
              .greater,
              .arithmetic(
                .add, .state(0), .arithmetic(.multiply, .literal(.int(2)), .literal(.int(3)), .int),
                .int),
              .literal(.int(7))),
            .not(.literal(.bool(false))))))
  }

  @Test func guardNarrowsALocalForTheStepsAfterIt() throws {
    let model = try #require(
      program(
        """
              - let: {u: app.uuid}
              - guard: "u != none"
                else:
                  - return
              - say: "uuid {u}, in {2s + 250ms}"

        """))
    let steps = model.operations[0].body.steps
    #expect(
      steps[2].kind
        == .say(
          [
            .text("uuid "), .value(.unwrapped(.local(0)), .text), .text(", in "),
            .value(
              .arithmetic(
                .add, .literal(.duration(2_000_000_000)), .literal(.duration(250_000_000)),
                .duration),
              .duration),
          ], heading: nil, task: nil))
  }

  @Test func sleepOnCancelIsATryAroundTheSleep() throws {
    let model = try #require(
      program("      - sleep: 2s\n        on-cancel: return\n"))
    let steps = model.operations[0].body.steps
    #expect(
      steps[0].kind
        == .try(
          body: [Step(.sleep(.literal(.duration(2_000_000_000))), line: 13)],
          catches: [Catch(.cancelled, [Step(.return(nil), line: 13)])]))
  }

  @Test func errorsPointInsideQuotedAndPlainScalars() {
    // Line 13: `      - set: {app.count: "app.count + app.uuid"}` — '+' is at column 37.
    #expect(
      modelDiagnostics(
        minimalModel + "operations:\n  go:\n    steps:\n"
          + "      - set: {app.count: \"app.count + app.uuid\"}\n")
        == [
          "13:37 '+' needs values, but one side may be none",
          "13:37 note: prove it present first: 'guard x != none' on a local, or 'if x != none "
            + "then x else …'",
        ])
    // A plain scalar: the text starts at the node's column.
    #expect(
      modelDiagnostics(
        minimalModel + "operations:\n  go:\n    steps:\n      - if: app.cont > 1\n"
          + "        then: [return]\n"
      ).first == "13:13 unknown name 'app.cont'")
  }

  @Test func builtInEventsActOnAProcessChosenByParameter() throws {
    let model = try #require(decodeModel(minimalModel))
    #expect(
      model.events.map(\.name) == [
        "main-busy", "app-suspend", "app-resume", "relaunch", "crash", "wall-clock-shift",
      ])
    let shift = model.events[5]
    #expect(shift.parameters.map(\.field.name) == ["by", "process"])
    #expect(shift.parameters[1].defaultValue == .enumCase(0))
    #expect(model.variants.map(\.name) == ["original"])
  }

  @Test func formattedDiagnosticsUseTheCompilerFormat() {
    guard case .failure(let list) = loadModel("kind: modle\nname: x\n") else {
      Issue.record("accepted")
      return
    }
    #expect(
      list.diagnostics.map { $0.formatted(path: "x.model.yaml") } == [
        "x.model.yaml:1:1: error: a model file needs 'processes:' (with at least one lane)",
        "x.model.yaml:1:7: error: 'kind' of a model file must be 'model', found 'modle'",
      ])
  }

  @Test func deepExpressionsAreRefusedNotOverflowed() {
    for text in [
      String(repeating: "(", count: 5_000) + "1", String(repeating: "1 + ", count: 5_000) + "1",
      String(repeating: "!", count: 5_000) + "true", String(repeating: "[", count: 5_000),
    ] {
      let diagnostics = modelDiagnostics(
        minimalModel + "summary:\n  x: '" + text + " + app.count'\n")
      #expect(diagnostics.count == 1)
      #expect(diagnostics.first?.contains("nests deeper than 64 levels") == true)
    }
  }
}

/// The language added for the review-prompt model file: the running task's handle, list
/// concatenation, and event parameters whose default is a state variable's starting value.
struct ModelLanguageAdditionsTests {
  static let model = """
    kind: model
    name: mini
    processes:
      app:
        lanes: {main: serial}
        persisted:
          delay: {type: duration, default: 2s}
        memory:
          names: {type: list, of: text}
          last: {type: task, optional: true}
    operations:
      go:
        steps:
          - set: {app.last: current-task}
          - set: {app.names: "app.names + [\\"x\\"]"}
    events:
      tap:
        params:
          wait: {type: duration, optional: true, default-from: app.delay}
        steps:
          - spawn: go

    """

  @Test func currentTaskListConcatenationAndDefaultFrom() throws {
    let program = try #require(decodeModel(Self.model))
    let steps = program.operations[0].body.steps
    #expect(steps[0].kind == .assignState(2, .currentTask))
    #expect(
      steps[1].kind
        == .assignState(1, .arithmetic(.add, .state(1), .list([.literal(.text("x"))]), .list)))
    let tap = try #require(program.events.first { $0.name == "tap" })
    #expect(tap.parameters[0].defaultState == 0)
    #expect(tap.parameters[0].defaultValue == nil)
  }
}
