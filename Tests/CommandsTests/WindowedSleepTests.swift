import CommandTestSupport
import Foundation
import Testing

/// `sleep: 1s..3s` in a model file: the trace says where the run put the timer, and `explore`
/// finds every way the window falls against the rest.
struct WindowedSleepTests {
  static let model = """
    kind: model
    name: prompt
    processes:
      app:
        lanes: {main: serial}
        memory:
          visible: {type: bool}
          fired-hidden: {type: int}
    operations:
      wait:
        on: main
        steps:
          - sleep: 1s..3s
          - if: "!app.visible"
            then:
              - set: {app.fired-hidden: "app.fired-hidden + 1"}
    events:
      show:
        on: main
        steps:
          - set: {app.visible: true}
          - spawn: wait
      hide:
        on: main
        steps:
          - set: {app.visible: false}
    invariants:
      no-fire-while-hidden:
        always: "app.fired-hidden == 0"
    summary:
      fired-hidden: "app.fired-hidden"

    """
  static let scenario = """
    name: s
    model: ./prompt.model.yaml
    timeline:
      - {at: 0s, event: show}
      - {at: 2s, event: hide}

    """

  func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("prompt.model.yaml", Self.model)
    try folder.write("s.yaml", Self.scenario)
    return folder
  }

  @Test func theTraceSaysWhereTheTimerFiresThisRun() throws {
    let folder = try folder()
    defer { folder.remove() }
    let run = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(run.status == 0)
    let lines = run.outputText.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "      0.000s  2  main  T1 starts                  sleep 1.000s → timer #1 due at 1.000s "
          + "(S2: the task suspends until the timer fires)")
    )
    #expect(
      lines.contains {
        $0.hasSuffix(
          "its length is a window of 1.000s…3.000s: timer #1 fires somewhere in "
            + "1.000s…3.000s (here at 1.000s)")
      })
    #expect(lines.contains("firedHidden 0"))
  }

  @Test func exploreFindsTheTimerBeforeAtAndAfterTheHide() throws {
    let folder = try folder()
    defer { folder.remove() }
    let explored = try runRacelab(["explore", "s.yaml"], in: folder.url)
    #expect(explored.status == 1)
    #expect(explored.outputText.contains("complete: true"))
    #expect(explored.outputText.contains("outcomes (2):"))
    #expect(explored.outputText.contains("!! no-fire-while-hidden breaks in 2 of 4 schedules"))
    // The counterexample puts the timer at the hide's instant, after it.
    #expect(explored.outputText.contains("(here at 2.000s)"))
    let token = try #require(
      explored.outputText.firstMatch(of: /shortest counterexample: .*, schedule (\S+)/).map {
        String($0.1)
      })
    let replay = try runRacelab(["run", "s.yaml", "--schedule", token], in: folder.url)
    #expect(replay.outputText.contains("broken: no-fire-while-hidden"))
  }

  @Test func aModelThatReadsTheClockMayHaveOne() throws {
    let folder = try folder()
    defer { folder.remove() }
    let plain = try runRacelab(["explore", "s.yaml"], in: folder.url)
    // `wall > wall` compares the same time read twice, inside the window: it cancels, so the
    // summary field is always false and the space is the one without it.
    try folder.write(
      "prompt.model.yaml",
      Self.model.replacingOccurrences(
        of: "  fired-hidden: \"app.fired-hidden\"",
        with: "  fired-hidden: \"app.fired-hidden\"\n  late: \"app.visible && wall > wall\""))
    let explored = try runRacelab(["explore", "s.yaml"], in: folder.url)
    #expect(explored.status == plain.status)
    #expect(explored.outputText.contains("complete: true"))
    #expect(explored.outputText.contains("!! no-fire-while-hidden breaks in 2 of 4 schedules"))
    #expect(explored.outputText.contains("late false"))
    #expect(!explored.outputText.contains("late true"))
  }

  /// The model with its window read from state, `1s` to `3s` unless a scenario sets them.
  static let modelWithWindowFromState =
    model
    .replacingOccurrences(
      of: "      fired-hidden: {type: int}\n",
      with: "      fired-hidden: {type: int}\n      fastest: {type: duration, default: 1s}\n"
        + "      slowest: {type: duration, default: 3s}\n"
    )
    .replacingOccurrences(of: "- sleep: 1s..3s", with: "- sleep: \"app.fastest..app.slowest\"")

  @Test("a window whose bounds a scenario sets explores as the same window written in the model")
  func windowFromState() throws {
    let folder = try folder()
    defer { folder.remove() }
    let literal = try runRacelab(["explore", "s.yaml", "--format", "json"], in: folder.url)
    try folder.write("prompt.model.yaml", Self.modelWithWindowFromState)
    let fromState = try runRacelab(["explore", "s.yaml", "--format", "json"], in: folder.url)
    #expect(fromState.errorText.isEmpty, "\(fromState.errorText)")
    func outcomes(_ output: Data) throws -> [String] {
      let report = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
      return (report["outcomes"] as? [[String: Any]] ?? []).map {
        "\($0["count"] ?? ""), \(($0["summary"] as? [String: Any])?["firedHidden"] ?? "")"
      }
    }
    #expect(try outcomes(fromState.output) == outcomes(literal.output))
    #expect(try outcomes(literal.output).count == 2)
    // A scenario that ends the window before the hide leaves one outcome.
    try folder.write(
      "short.yaml",
      Self.scenario.replacingOccurrences(
        of: "timeline:", with: "state:\n  app.slowest: 1500ms\ntimeline:"))
    let short = try runRacelab(["explore", "short.yaml", "--format", "json"], in: folder.url)
    #expect(try outcomes(short.output) == ["1, 0"])
  }

  @Test("a window read from state that ends before it starts stops the run, named")
  func backwardsWindowFromState() throws {
    let folder = try folder()
    defer { folder.remove() }
    try folder.write("prompt.model.yaml", Self.modelWithWindowFromState)
    try folder.write(
      "late.yaml",
      Self.scenario.replacingOccurrences(
        of: "timeline:", with: "state:\n  app.fastest: 5s\ntimeline:"))
    let run = try runRacelab(["run", "late.yaml"], in: folder.url)
    #expect(
      run.outputText.contains(
        "line 15 of wait: sleep: the window +5s..+3s ends before it starts · invariant "
          + "run-time-error"), "\(run.outputText)")
  }
}
