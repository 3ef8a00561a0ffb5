import CommandTestSupport
import Commands
import Foundation
import Testing

/// `racelab run`: exit status, overrides, JSON summary, tables.
struct RunCommandTests {
  let busyMain = repositoryScenarios.appendingPathComponent(
    "review-prompt/canonical/busy-main-disappear-original.yaml"
  ).path
  let table = repositoryScenarios.appendingPathComponent(
    "eligibility/eligibility-truth-table.yaml"
  ).path

  func run(_ command: RunCommand) -> (status: ExitStatus, output: String, error: String) {
    capture { command.execute(console: $0) }
  }

  @Test("--brief leaves out hops, calls and returns, and keeps the facts")
  func brief() throws {
    let path = repositoryScenarios.appendingPathComponent(
      "entitlements/widget-stale-original.yaml"
    ).path
    var command = RunCommand(files: [path])
    let full = run(command).output
    command.brief = true
    let short = run(command).output
    for hidden in [" calls ", " hops to ", "hop done", " returns "] {
      #expect(full.contains(hidden))
      #expect(!short.contains(hidden), "\(hidden)")
    }
    for kept in ["recorded read", "the widget shows free", "BROKEN", "request returned normally"] {
      #expect(short.contains(kept))
    }
    let summary = { (text: String) in text.components(separatedBy: "\n\n").last }
    #expect(summary(short) == summary(full))
    #expect(short.split(separator: "\n").count < full.split(separator: "\n").count * 2 / 3)
  }

  @Test func heldExpectationsExitZero() {
    let result = run(RunCommand(files: [busyMain]))
    #expect(result.status == .success)
    #expect(result.error.isEmpty)
    #expect(result.output.hasPrefix("racelab · review-prompt · runtime swift · variant original\n"))
    #expect(result.output.contains("expectations: all 6 hold"))
  }

  @Test func aFailedExpectationExitsOne() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "wrong.yaml",
      """
      name: wrong
      model: review-prompt
      variant: original
      app: {wins: 4}
      timeline:
        - {at: 0s, event: game-won}
        - {at: 0s, event: screen-show}
      expect:
        attempts: 0
        pending: false

      """)
    let result = run(RunCommand(files: [folder.path("wrong.yaml")]))
    #expect(result.status == .failure)
    #expect(result.output.contains("expect attempts: 0 ✗ (actual 1)"))
    #expect(result.output.contains("expect pending: false ✓"))
  }

  @Test func badInputExitsTwoWithLocatedDiagnostics() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "bad.yaml", "name: bad\nmodel: review-prompt\ntimeline:\n  - {at: 2 s, event: game-won}\n")
    let path = folder.path("bad.yaml")
    let result = run(RunCommand(files: [path]))
    #expect(result.status == .badInput)
    #expect(result.output.isEmpty, "a file with errors is never run")
    #expect(result.error.hasPrefix("\(path):4:10: error: 'at': '2 s' is not a duration"))
    #expect(result.error.hasSuffix("\(path): 1 error; the file was not run\n"))

    let missing = run(RunCommand(files: [folder.path("absent.yaml")]))
    #expect(missing.status == .badInput)
    #expect(missing.error == "racelab: error: \(folder.path("absent.yaml")): no such file\n")

    let directory = run(RunCommand(files: [folder.url.path + "/nothing-here"]))
    #expect(directory.status == .badInput)
  }

  @Test func theStatusIsTheWorstOfTheFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("bad.yaml", "name: bad\n")
    let result = run(RunCommand(files: [busyMain, folder.path("bad.yaml"), busyMain]))
    #expect(result.status == .badInput)
    #expect(result.output.components(separatedBy: "expectations: all 6 hold").count == 3)
  }

  @Test(arguments: malformedScenarioFiles().prefix(8))
  func malformedCorpusFilesExitTwo(_ path: String) {
    let result = run(RunCommand(files: [path]))
    #expect(result.status == .badInput)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("\(path):") && result.error.contains(": error: "))
  }

  @Test func variantAndRuntimeOverrideTheFile() {
    let variant = run(RunCommand(files: [busyMain], overrides: Overrides(variant: "cancel-guard")))
    #expect(
      variant.output.hasPrefix("racelab · review-prompt · runtime swift · variant cancel-guard\n"))
    // The file expects the original's broken outcome; the guard keeps the cooldown. Those
    // expectations were written for the original: shown, not checked, not deciding the status.
    #expect(variant.status == .success)
    #expect(variant.output.contains("cooldown kept"))
    #expect(variant.output.contains("expect attempts: 1 (actual 0)\n"))
    #expect(
      variant.output.contains(
        "expectations: written for the file's variant original, not checked\n"))

    let runtime = run(RunCommand(files: [busyMain], overrides: Overrides(runtime: "kotlin")))
    #expect(
      runtime.output.hasPrefix("racelab · review-prompt · runtime kotlin · variant original\n"))
    #expect(runtime.output.contains("written for the file's runtime swift, not checked"))

    // Naming the file's own variant changes nothing: its expectations are checked.
    let same = run(RunCommand(files: [busyMain], overrides: Overrides(variant: "original")))
    #expect(same.output.contains("expectations: all 6 hold"))
  }

  @Test func unknownOverridesAreBadInput() {
    let variant = run(RunCommand(files: [busyMain], overrides: Overrides(variant: "orignal")))
    #expect(variant.status == .badInput)
    #expect(variant.output.isEmpty)
    #expect(variant.error.contains("has no variant 'orignal'"))
    #expect(variant.error.split(separator: "\n").count == 1)

    let runtime = run(RunCommand(files: [busyMain], overrides: Overrides(runtime: "java")))
    #expect(runtime.status == .badInput)
    #expect(runtime.error.contains("unknown runtime 'java'"))
  }

  @Test func jsonOutputHasTheSummaryFieldsOfTheSpec() throws {
    let result = run(RunCommand(files: [busyMain], format: .json))
    #expect(result.status == .success)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let summary = try #require(object["summary"] as? [String: Any])
    #expect(summary["cooldownConsumed"] as? Bool == true)
    #expect(summary["attempts"] as? Int == 1)
    #expect(summary["reviewRequests"] as? Int == 1)
    #expect(summary["reviewsShown"] as? Int == 1)
    #expect(summary["pending"] as? Bool == false)
    #expect(
      summary["violations"] as? [String] == ["no-fire-after-cancel", "attempt-while-visible"])
    #expect(summary["expectationsMet"] as? Bool == true)
    #expect(object["trace"] is [Any])

    // Strict types: a Bool is not accepted for an Int, nor a number for a Bool.
    struct Summary: Decodable {
      var cooldownConsumed: Bool
      var attempts: Int
      var reviewRequests: Int
      var reviewsShown: Int
      var pending: Bool
      var violations: [String]
      var expectationsMet: Bool
    }
    struct Output: Decodable { var summary: Summary }
    let decoded = try JSONDecoder().decode(Output.self, from: Data(result.output.utf8))
    #expect(decoded.summary.attempts == 1)
    #expect(!result.output.contains("\"attempts\" : true"))
  }

  @Test func jsonReportsAFailedExpectation() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let text = try String(contentsOfFile: busyMain, encoding: .utf8)
    try folder.write(
      "wrong.yaml",
      text.replacingOccurrences(of: "variant: original", with: "variant: cancel-guard"))
    let result = run(RunCommand(files: [folder.path("wrong.yaml")], format: .json))
    #expect(result.status == .failure)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let summary = try #require(object["summary"] as? [String: Any])
    #expect(summary["expectationsMet"] as? Bool == false)
    #expect(summary["cooldownConsumed"] as? Bool == false)
    #expect(summary["violations"] as? [String] == [])
  }

  @Test func eligibilityFilesPrintTheirTable() {
    let result = run(RunCommand(files: [table]))
    #expect(result.status == .success)
    #expect(result.output.hasPrefix("racelab · review-prompt · eligibility table\n"))
    let rows = result.output.split(separator: "\n").filter { $0.hasPrefix("#") }
    #expect(rows.count == 12)
    #expect(rows.first?.hasPrefix("# 1  wins 5 · ") == true)
    #expect(!result.output.contains("✗"))
  }

  @Test func aFailingTableRowExitsOne() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "table.yaml",
      """
      name: wrong-row
      model: review-prompt
      eligibility:
        - {wins: 2, last-attempt: never, today: 2026-08-15, last-prompted-version: none, version: 1.4.0, force-override: false, expect: true}

      """)
    let result = run(RunCommand(files: [folder.path("table.yaml")]))
    #expect(result.status == .failure)
    #expect(result.output.contains("✗"))
  }
}

/// Paths of the scenario-format malformed corpus (in the ScenarioFormatTests folder).
func malformedScenarioFiles() -> [String] {
  let folder = repositoryRoot.appendingPathComponent("Tests/ScenarioFormatTests/MalformedScenarios")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".yaml") }.sorted().map {
    folder.appendingPathComponent($0).path
  }
}
