import CommandTestSupport
import Commands
import Foundation
import Testing

/// A model file's section keys and event parameters say what a scenario may write for them
/// (`min:`) and what they mean (`about:`): `racelab schema` shows both, and a scenario that
/// writes less than the least is refused with a located diagnostic.
struct ScenarioBoundsTests {
  static let model = """
    kind: model
    name: pause
    processes:
      app:
        lanes: {main: serial}
        memory:
          wins: {type: int, default: 0}
          wait: {type: duration, default: 1s}
    events:
      win:
        params:
          by: {type: int, min: 1, about: how many games were won}
        steps:
          - set: {app.wins: "app.wins + by"}
    sections:
      app:
        wins: {type: int, default: 0, min: 0, binds: app.wins, about: won games so far}
        wait: {type: duration, default: 1s, min: 0s, binds: app.wait}
    summary:
      wins: app.wins

    """

  /// `racelab run` of a scenario of the model written after its `model:` line.
  func run(_ rest: String) throws -> (status: ExitStatus, output: String, error: String) {
    try runBesideModel(
      Self.model, named: "pause", scenario: "name: s\nmodel: ./pause.model.yaml\n" + rest)
  }

  @Test func theSchemaShowsTheLeastAndTheWords() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("pause.model.yaml", Self.model)
    let (status, output, error) = capture {
      SchemaCommand(model: folder.path("pause.model.yaml")).execute(console: $0)
    }
    #expect(status == .success, "\(error)")
    #expect(
      output.contains("by: whole number ≥ 1, required — how many games were won"), "\(output)")
    #expect(output.contains("wins: whole number ≥ 0, default 0 — won games so far"), "\(output)")
    #expect(output.contains("wait: duration, default 1s — app.wait"), "\(output)")
  }

  @Test func aValueBelowTheLeastIsRefusedWhereItIsWritten() throws {
    let (status, _, error) = try run(
      "app: {wins: -1, wait: -1s}\ntimeline:\n  - {at: 0s, event: win, by: 0}\n")
    #expect(status == .badInput)
    #expect(
      error.contains("s.yaml:3:13: error: 'wins' must be in 0...9223372036854775807"), "\(error)")
    #expect(error.contains("durations cannot be negative here"), "\(error)")
    #expect(error.contains("s.yaml:5:"), "\(error)")
  }

  @Test func aBusyPeriodCannotBeNegative() throws {
    let (status, _, error) = try run("timeline:\n  - {at: 0s, event: main-busy, for: -5s}\n")
    #expect(status == .badInput)
    #expect(error.contains("s.yaml:4:"), "\(error)")
    #expect(error.contains("durations cannot be negative here"), "\(error)")
  }
}
