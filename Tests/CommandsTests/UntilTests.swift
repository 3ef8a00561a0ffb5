import CommandTestSupport
import Commands
import Foundation
import Testing

/// `until:` stops a run at an instant; what is due later never happens.
struct UntilTests {
  static let scenario = """
    name: until-one-second
    model: review-prompt
    variant: cancel-guard
    app: {wins: 4}
    timeline:
      - {at: 0s, event: game-won}
      - {at: 0s, event: screen-show}
    until: 1s

    """

  @Test("the run stops at until: the task's sleep never returns, nothing is recorded")
  func stopsAtUntil() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("until.yaml", Self.scenario)
    let result = try runRacelab(["run", "until.yaml"], in: folder.url)
    #expect(result.status == 0)
    let lines = result.outputText.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.contains("1.000s") && $0.contains("until") && $0.contains("the run stops here")
      })
    #expect(
      result.outputText.contains("\nOK: cooldown kept: no review requested yet, still pending\n"))
    #expect(result.outputText.contains("\n0 attempts, 0 requests, 0 shown, pending true\n"))
    #expect(!result.outputText.contains("T1 resumes"))
  }

  @Test("without until the same run fires at 2s")
  func withoutUntilItFires() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("free.yaml", Self.scenario.replacingOccurrences(of: "until: 1s\n", with: ""))
    let result = try runRacelab(["run", "free.yaml"], in: folder.url)
    #expect(result.outputText.contains("\n1 attempt (1.0.0), 1 request, "))
  }

  @Test("a window that ends after until is refused, at until")
  func windowPastUntil() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "window.yaml",
      Self.scenario.replacingOccurrences(
        of: "  - {at: 0s, event: screen-show}", with: "  - {at: 0s..3s, event: screen-show}"))
    let result = try runRacelab(["run", "window.yaml"], in: folder.url)
    #expect(result.status == 2)
    #expect(
      result.errorText.contains(
        "window.yaml:8:8: error: 'until' comes before the end of the window of 'screen-show' "
          + "(3.000s); end the window by then"))
  }

  /// A model whose task sleeps for a window of 1 s to 3 s, and breaks an invariant when the
  /// sleep returns.
  static let windowedSleep = """
    kind: model
    name: late
    processes:
      app:
        lanes: {main: serial}
        memory:
          fired: {type: int}
    operations:
      wait:
        on: main
        steps:
          - sleep: 1s..3s
          - set: {app.fired: "app.fired + 1"}
    events:
      start:
        on: main
        steps:
          - spawn: wait
    invariants:
      never-fires:
        always: "app.fired == 0"
    summary:
      fired: "app.fired"

    """

  @Test(
    "a sleep's window that crosses until: explore finds the run that fires and the one that stops")
  func sleepWindowAcrossUntil() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("late.model.yaml", Self.windowedSleep)
    try folder.write(
      "s.yaml",
      "name: s\nmodel: ./late.model.yaml\nuntil: 2s\ntimeline:\n  - {at: 0s, event: start}\n")
    let result = try runRacelab(["explore", "s.yaml"], in: folder.url)
    #expect(result.outputText.contains("2 schedules"))
    #expect(result.outputText.contains("1 × fired 1"))
    #expect(result.outputText.contains("1 × fired 0"))
    #expect(result.outputText.contains("complete: true"))
  }
}
