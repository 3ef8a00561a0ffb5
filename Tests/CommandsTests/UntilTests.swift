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
    #expect(result.outputText.contains("cooldown kept — 0 attempts"))
    #expect(!result.outputText.contains("T1 resumes"))
  }

  @Test("without until the same run fires at 2s")
  func withoutUntilItFires() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("free.yaml", Self.scenario.replacingOccurrences(of: "until: 1s\n", with: ""))
    let result = try runRacelab(["run", "free.yaml"], in: folder.url)
    #expect(result.outputText.contains("COOLDOWN CONSUMED"))
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
}
