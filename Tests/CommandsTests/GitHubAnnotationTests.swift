import Foundation
import Testing

/// With `GITHUB_ACTIONS=true`, diagnostics, failed expectations and differing goldens are also
/// printed as workflow commands, which GitHub shows on the pull request's diff; without it,
/// never.
struct GitHubAnnotationTests {
  private let model = tapCounterModel

  private func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("scenarios/counter.model.yaml", model)
    try folder.write(
      "scenarios/typo.yaml",
      "name: typo\nmodel: ./counter.model.yaml\ntimeline:\n  - {at: 0s, event: tpa}\n")
    try folder.write(
      "scenarios/count.yaml",
      "name: count\nmodel: ./counter.model.yaml\ntimeline:\n  - {at: 0s, event: tap}\n"
        + "expect:\n  count: 2\n")
    return folder
  }

  @Test("a diagnostic and a failed expectation become annotations at their line and column")
  func annotations() throws {
    let folder = try folder()
    defer { folder.remove() }
    let github = ["GITHUB_ACTIONS": "true"]
    let typo = try runRacelab(["run", "scenarios/typo.yaml"], in: folder.url, environment: github)
    #expect(typo.status == 2)
    #expect(
      typo.outputText
        == "::error file=scenarios/typo.yaml,line=4,col=21::unknown event 'tpa' "
        + "(note: did you mean 'tap'?)\n")
    let count = try runRacelab(
      ["run", "scenarios/count.yaml"], in: folder.url, environment: github)
    #expect(count.status == 1)
    #expect(
      count.outputText.hasSuffix(
        "::error file=scenarios/count.yaml,line=6,col=3::expect count: 2 does not hold "
          + "(actual 1)\n"))
    try folder.write("traces/count.trace", "an old golden\n")
    let check = try runRacelab(["check", "scenarios"], in: folder.url, environment: github)
    #expect(
      check.outputText.contains(
        "::error file=scenarios/count.yaml::the trace differs from traces/count.trace"))
  }

  @Test("an exploration that breaks more than expected shows its counterexample and annotates")
  func exploreRegressionShowsItsCounterexample() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "scenarios/counter.model.yaml",
      model.replacingOccurrences(
        of: "summary:",
        with: "invariants:\n  at-most-one:\n    always: \"app.count <= 1\"\nsummary:"))
    try folder.write(
      "scenarios/two-taps.yaml",
      "name: two-taps\nmodel: ./counter.model.yaml\ntimeline:\n  - {at: 0s, event: tap}\n"
        + "  - {at: 1s, event: tap}\nexplore:\n  violations: []\n")
    let github = ["GITHUB_ACTIONS": "true"]
    _ = try runRacelab(["check", "scenarios", "--update"], in: folder.url, environment: github)
    let check = try runRacelab(
      ["check", "scenarios", "--explore"], in: folder.url, environment: github)
    #expect(check.status == 1)
    let replay = "racelab run scenarios/two-taps.yaml --schedule "
    #expect(
      check.outputText.contains(
        "  at-most-one breaks in 1 schedule; the shortest, 0 choices off the default: " + replay))
    #expect(check.outputText.contains("    !!    1.000s     main  BROKEN"))
    #expect(
      check.outputText.contains(
        "::error file=scenarios/two-taps.yaml,line=6,col=1::explore: expected to break: none → "
          + "NOT as expected · unexpected: at-most-one; shortest counterexample for at-most-one: "
          + replay))
  }

  @Test("without GITHUB_ACTIONS nothing is annotated")
  func noAnnotationsElsewhere() throws {
    let folder = try folder()
    defer { folder.remove() }
    let result = try runRacelab(
      ["run", "scenarios/typo.yaml", "scenarios/count.yaml"], in: folder.url,
      environment: ["GITHUB_ACTIONS": nil])
    #expect(!result.outputText.contains("::error"))
  }

  @Test("a message cannot end the command or start another")
  func messagesAreEncoded() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("odd,na:me.yaml", "name: x\nmodel: nothing\n")
    let result = try runRacelab(
      ["run", "odd,na:me.yaml"], in: folder.url, environment: ["GITHUB_ACTIONS": "true"])
    let lines = result.outputText.split(separator: "\n")
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.hasPrefix("::error file=odd%2Cna%3Ame.yaml,line=") })
  }
}
