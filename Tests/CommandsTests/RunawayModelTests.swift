import Foundation
import Testing

/// Model files whose runs would never end or would fill memory: values that double, scans of
/// a growing table, trace lines of a growing value. Each stops at the step budget with a
/// run-time error, whatever the machine, because the budget counts work, not time.
struct RunawayModelTests {
  /// A model whose `grow` operation runs `steps` (indented for a `repeat:`) 64 times.
  static func model(_ steps: String) -> String {
    """
    kind: model
    name: runaway
    processes:
      app:
        lanes:
          main: serial
        memory:
          seen: {type: list, of: int}
          words: text
          total: int
          rows:
            table:
              size: int
    operations:
      grow:
        steps:
          - set: {app.seen: "[1, 2]", app.words: "\\"ab\\""}
          - repeat: 64
            steps:
    \(steps)
    events:
      grow:
        do: grow

    """
  }

  static let scenario = """
    name: runaway
    model: ./runaway.model.yaml
    timeline:
      - {at: 1s, event: grow}

    """

  /// Runs the scenario on the model with `steps` under a budget of `budget` steps.
  private func run(_ steps: String, budget: Int) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("runaway.model.yaml", Self.model(steps))
    try folder.write("runaway.yaml", Self.scenario)
    return try runRacelab(
      ["run", "--limits", "model-steps=\(budget)", "runaway.yaml"], in: folder.url)
  }

  private let stopped =
    "more than 100000 steps in one run: the model does not stop (raise the limit with "
    + "--limits model-steps=N)"

  @Test(
    "a value that doubles is stopped by what building it costs",
    arguments: [
      "          - set: {app.seen: \"app.seen + app.seen\"}",
      "          - set: {app.words: \"app.words + app.words\"}",
    ])
  func doublingValues(step: String) throws {
    let result = try run(step, budget: 100_000)
    #expect(result.status == 0, "\(result.errorText)")
    #expect(result.outputText.contains("run-time-error"))
    #expect(result.outputText.contains(stopped))
  }

  @Test("comparing and showing a large value costs its size")
  func comparingAndShowing() throws {
    let steps = """
                - set: {app.seen: "app.seen + app.seen"}
                - if: "app.seen == app.seen"
                  then:
                    - say: "{app.seen}"
      """
    let result = try run(steps, budget: 100_000)
    #expect(result.outputText.contains(stopped))
  }

  @Test("every row a query scans is a step")
  func tableScans() throws {
    let steps = """
                - repeat: 1000
                  steps:
                    - insert: app.rows
                      with: {size: 1}
                    - set: {app.total: "count(app.rows where size > 0)"}
      """
    let result = try run(steps, budget: 100_000)
    #expect(result.outputText.contains(stopped))
    // With 320 rows, the scans (about 51,000 rows in all) fit the budget and the run ends.
    let roomy = try run(
      steps.replacingOccurrences(of: "repeat: 1000", with: "repeat: 5"), budget: 100_000)
    #expect(!roomy.outputText.contains("run-time-error"), "\(roomy.outputText)")
  }
}
