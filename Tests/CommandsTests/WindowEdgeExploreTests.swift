import Foundation
import Testing

/// Windows whose late landings change what the end of a run reads or reach the end of the
/// clock: each was a `complete: true` that an independent sweep of fixed instants contradicted
/// (a missed outcome or a missed break). Now the break is found, or the exploration says it
/// is not complete.
struct WindowEdgeExploreTests {
  /// One event `e1` in a window; `steps`, `invariants` and `answers` are the model's own.
  private func model(steps: String, operations: String = "", extra: String = "") -> String {
    """
    kind: model
    name: edge
    processes:
      app:
        lanes: {main: serial}
        memory:
          n: int
          s: duration
    \(operations)
    events:
      e1:
        steps:
    \(steps)
    \(extra)
    summary:
      n: app.n

    """
  }

  private func explore(_ model: String, window: String, clock: String = "") throws -> String {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("m.model.yaml", model)
    try folder.write(
      "s.yaml",
      "name: edge\nmodel: ./m.model.yaml\n\(clock)timeline:\n  - {at: \(window), event: e1}\n")
    let result = try runRacelab(["explore", "s.yaml"], in: folder.url)
    return result.outputText + result.errorText
  }

  @Test(
    "the end of a run reads the calendar day of the window's landing, on either side of midnight")
  func dayReadAtTheEnd() throws {
    let clock = "clock: {start: \"2026-01-01T23:59:59.990Z\"}\n"
    for check in ["at-end", "settled"] {
      let output = try explore(
        model(
          steps: "      - set: {app.n: \"app.n + 1\"}",
          extra: "invariants:\n  same-day:\n    \(check): \"app.n == 0 || today == 2026-01-01\""),
        window: "0ms..20ms", clock: clock)
      #expect(output.contains("complete: true"), "\(output)")
      #expect(output.contains("same-day breaks in 1 of 2 schedules"), "\(check): \(output)")
    }
  }

  @Test("an answer that shows a time read inside a window is not a complete exploration")
  func answerShowingAClockRead() throws {
    let output = try explore(
      model(
        steps: "      - set: {app.s: now}\n      - set: {app.n: 1}",
        extra: "answers:\n  - when: \"app.n == 1\"\n    ok: \"stamped at {app.s}\"\n  - ok: nothing"
      ),
      window: "0ms..20ms")
    #expect(output.contains("complete: false"), "\(output)")
    #expect(output.contains("shows a time read inside a window in its answer"), "\(output)")
  }

  @Test("steps that reach the clock's end only where a window lands late are not followed as exact")
  func clockEndReachedByLateLandings() throws {
    let sleeper = "operations:\n  w:\n    steps:\n      - sleep: 1s\n      - set: {app.n: 1}"
    let late = try explore(
      model(steps: "      - spawn: w", operations: sleeper), window: "9223372035s..9223372036s")
    #expect(late.contains("complete: false"), "\(late)")
    let windowed =
      "operations:\n  w:\n    steps:\n      - sleep: 1s..9223372035s\n      - set: {app.n: 1}"
    let long = try explore(model(steps: "      - spawn: w", operations: windowed), window: "2s..2s")
    #expect(long.contains("complete: false") && long.contains("n 1"), "\(long)")
    let sum = try explore(
      model(
        steps: "      - if: \"now + 9223372035s > 9223372035s\"\n        then:\n"
          + "          - set: {app.n: 1}\n        else:\n          - set: {app.n: 2}"),
      window: "0s..3s")
    #expect(sum.contains("complete: false"), "\(sum)")
    let inRange = try explore(
      model(
        steps: "      - if: \"now + 9223372035s > 9223372035s\"\n        then:\n"
          + "          - set: {app.n: 1}\n        else:\n          - set: {app.n: 2}"),
      window: "0s..1s")
    #expect(inRange.contains("complete: true"), "\(inRange)")
  }
}
