import Foundation
import Testing

/// The `racelab` executable: help, version, usage errors with suggestions, and colour.
@Suite(.serialized)
struct CommandLineTests {
  @Test func helpAndVersionExitZero() throws {
    let help = try runRacelab(["--help"])
    #expect(help.status == 0)
    #expect(help.outputText.contains("usage: racelab COMMAND"))
    #expect(help.outputText.contains("run FILE…"))
    #expect(help.error.isEmpty)

    let short = try runRacelab(["-h"])
    #expect(short.status == 0 && short.output == help.output)

    let helpRun = try runRacelab(["help", "run"])
    #expect(helpRun.status == 0)
    #expect(helpRun.outputText.hasPrefix("usage: racelab run FILE…"))
    #expect(helpRun.outputText.contains("exit status: 0"))

    let runHelp = try runRacelab(["run", "--help"])
    #expect(runHelp.status == 0 && runHelp.output == helpRun.output)

    for command in ["check", "explore", "schema", "tree"] {
      let result = try runRacelab(["help", command])
      #expect(result.status == 0)
      #expect(result.outputText.hasPrefix("usage: racelab \(command)"))
    }

    let version = try runRacelab(["--version"])
    #expect(version.status == 0)
    #expect(version.outputText.hasPrefix("racelab "))
    #expect(version.outputText.split(separator: "\n").count == 1)
  }

  /// A usage error: status 2, nothing on standard output, one line on standard error.
  func expectUsageError(
    _ arguments: [String], containing words: [String],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let result = try runRacelab(arguments)
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.output.isEmpty, sourceLocation: sourceLocation)
    let lines = result.errorText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.count == 2 && lines[1].isEmpty, "\(result.errorText)", sourceLocation: sourceLocation)
    #expect(lines[0].hasPrefix("racelab: error: "), sourceLocation: sourceLocation)
    for word in words {
      #expect(lines[0].contains(word), "\(lines[0])", sourceLocation: sourceLocation)
    }
  }

  @Test func unknownCommandsAndFlagsAreOneLineErrorsWithASuggestion() throws {
    try expectUsageError(
      ["rn", "x.yaml"], containing: ["unknown command 'rn'", "did you mean 'run'?"])
    try expectUsageError(["chek"], containing: ["unknown command 'chek'", "did you mean 'check'?"])
    try expectUsageError(
      ["run", "--formt", "json", "x.yaml"],
      containing: ["unknown option '--formt'", "did you mean '--format'?"])
    try expectUsageError(
      ["check", "--updat"], containing: ["unknown option '--updat'", "did you mean '--update'?"])
    try expectUsageError(
      ["run", "--format", "jsn", "x.yaml"],
      containing: ["--format takes text, json, mermaid or svg, not 'jsn'", "did you mean 'json'?"])
    try expectUsageError(
      ["explore", "--format", "mermaid", "x.yaml"],
      containing: ["--format takes text or json, not 'mermaid'"])
    try expectUsageError(["help", "rn"], containing: ["did you mean 'run'?"])
    try expectUsageError(["run"], containing: ["run needs at least one scenario file"])
    try expectUsageError(["run", "x.yaml", "--variant"], containing: ["--variant needs a value"])
  }

  @Test func noPartialOrderChangesNoByte() throws {
    let path = "scenarios/scale/launch-burst-3x3.yaml"
    let reduced = try runRacelab(["explore", path])
    let full = try runRacelab(["explore", path, "--no-partial-order"])
    #expect(reduced.status == 0 && full.status == 0)
    #expect(reduced.outputText == full.outputText)
    #expect(reduced.outputText.contains("609,638,400 schedules"))
  }

  @Test func noArgumentsPrintTheOverviewAndExitTwo() throws {
    let result = try runRacelab([])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.errorText.contains("usage: racelab COMMAND"))
  }

  @Test func exitStatusesThroughTheExecutable() throws {
    let held = try runRacelab([
      "run", "scenarios/review-prompt/canonical/busy-main-disappear-original.yaml",
    ])
    #expect(held.status == 0)
    // Under an override the file's expectations are shown, not checked.
    let overridden = try runRacelab([
      "run", "scenarios/review-prompt/canonical/busy-main-disappear-original.yaml", "--variant",
      "cancel-guard",
    ])
    #expect(overridden.status == 0)
    for path in malformedScenarioFiles().suffix(3) {
      let bad = try runRacelab(["run", path])
      #expect(bad.status == 2)
      #expect(bad.errorText.contains("\(path):"))
    }
  }

  /// A sandbox whose check fails, so the output has words that colour would paint.
  func failingSandbox() throws -> TemporaryFolder {
    let folder = try makeSandbox()
    let golden = "traces/review-prompt/canonical/busy-main-disappear-original.trace"
    let text = String(decoding: try #require(folder.read(golden)), as: UTF8.self)
    try folder.write(golden, text.replacingOccurrences(of: "ATTEMPT RECORDED", with: "EDITED"))
    return folder
  }

  @Test func pipedOutputHasNoColour() throws {
    let folder = try failingSandbox()
    defer { folder.remove() }
    for environment: [String: String?] in [[:], ["NO_COLOR": "1"]] {
      let result = try runRacelab(["check"], in: folder.url, environment: environment)
      #expect(result.status == 1)
      #expect(result.outputText.contains("FAIL"))
      #expect(!result.output.contains(0x1B))
      #expect(!result.error.contains(0x1B))
    }
  }

  @Test func aTerminalGetsColourUnlessNoColorIsSet() throws {
    let folder = try failingSandbox()
    defer { folder.remove() }
    let coloured = try runRacelabOnTerminal(["check"], in: folder.url, environment: [:])
    #expect(coloured.status == 1)
    #expect(coloured.output.contains("\u{1B}[31mFAIL\u{1B}[0m"))
    let plain = try runRacelabOnTerminal(["check"], in: folder.url, environment: ["NO_COLOR": "1"])
    #expect(plain.status == 1)
    #expect(plain.output.contains("FAIL"))
    #expect(!plain.output.contains("\u{1B}"))
  }
}
