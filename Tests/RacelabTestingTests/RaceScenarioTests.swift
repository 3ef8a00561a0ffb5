import Foundation
import RacelabTesting
import Testing

@Suite("A package's own scenarios, checked as tests")
struct RaceScenarioTests {
  @Test("every scenario of a folder is listed, in check's order, and passes when its golden holds")
  func passingFolder() throws {
    let fixture = try RaceScenarioFixture()
    defer { fixture.remove() }
    let scenarios = try fixture.folder().scenarioFiles()
    #expect(
      scenarios.map(\.path) == [
        "device-identity/two-loads-migrated.yaml", "device-identity/two-loads-original.yaml",
      ])
    for scenario in scenarios {
      let verdict = scenario.check()
      #expect(verdict.passed, "\(verdict.report)")
      #expect(verdict.report.contains("ok "), "the exploration's verdict is reported")
    }
  }

  @Test("an edited golden fails its scenario, and only it, with the unified diff")
  func editedGolden() throws {
    let fixture = try RaceScenarioFixture()
    defer { fixture.remove() }
    try fixture.edit(
      "traces/device-identity/two-loads-original.trace", replacing: "uuids-issued: 2",
      with: "uuids-issued: 1")
    let verdicts = try fixture.folder(explore: false).scenarioFiles().map { ($0.path, $0.check()) }
    #expect(verdicts.map(\.1.passed) == [true, false])
    let report = verdicts[1].1.report
    #expect(report.contains("trace differs from"))
    #expect(report.contains("-expect uuids-issued: 1"))
    #expect(report.contains("+expect uuids-issued: 2"))
  }

  @Test("an explore expectation that does not hold fails with the counterexample's verdict")
  func exploreExpectation() throws {
    let fixture = try RaceScenarioFixture()
    defer { fixture.remove() }
    try fixture.edit(
      "scenarios/device-identity/two-loads-original.yaml",
      replacing: "violations: [uuid-stable, loads-agree, no-silent-save-failure]",
      with: "violations: [uuid-stable, loads-agree]")
    let scenario = try #require(
      try fixture.folder().scenarioFiles().first { $0.path.hasSuffix("two-loads-original.yaml") })
    let verdict = scenario.check()
    #expect(!verdict.passed)
    #expect(verdict.report.contains("unexpected: no-silent-save-failure"), "\(verdict.report)")
    let unexplored = try #require(
      try fixture.folder(explore: false).scenarioFiles().first { $0.path == scenario.path })
    // Without exploring, nothing is judged against `explore:`; only the golden's note under
    // the header, which names what the default run does not show of it, follows the edit.
    let golden = unexplored.check().report
    #expect(!golden.contains("unexpected:"), "\(golden)")
    #expect(
      golden.contains(
        "\n-note: other orders break no-silent-save-failure (the file's explore:), which this "
          + "run does not\n"), "\(golden)")
    #expect(
      !golden.split(separator: "\n").contains { $0.hasPrefix("+") && !$0.hasPrefix("+++") },
      "\(golden)")
  }

  @Test("a scenario that does not load fails with its diagnostic")
  func badScenario() throws {
    let fixture = try RaceScenarioFixture()
    defer { fixture.remove() }
    try fixture.edit(
      "scenarios/device-identity/two-loads-migrated.yaml", replacing: "variant: migrated",
      with: "variant: migrate")
    let scenario = try #require(try fixture.folder().scenarioFiles().first)
    let verdict = scenario.check()
    #expect(!verdict.passed)
    #expect(verdict.report.contains("two-loads-migrated.yaml:"), "\(verdict.report)")
    #expect(verdict.report.contains("error:"))
  }

  @Test("expectToPass records one issue, carrying the diff, for a scenario that fails")
  func swiftTestingIssue() throws {
    let fixture = try RaceScenarioFixture()
    defer { fixture.remove() }
    try fixture.edit(
      "traces/device-identity/two-loads-migrated.trace", replacing: "uuids-issued: 1",
      with: "uuids-issued: 7")
    let scenario = try #require(try fixture.folder(explore: false).scenarioFiles().first)
    withKnownIssue {
      scenario.expectToPass()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("-expect uuids-issued: 7") }
    }
  }

  @Test("a missing or empty folder throws instead of checking nothing")
  func missingFolder() throws {
    let fixture = try RaceScenarioFixture()
    defer { fixture.remove() }
    let missing = fixture.root.appendingPathComponent("no-such-folder").path
    #expect(throws: RaceScenarioFolderError.notAFolder(missing)) {
      try RaceScenarioFolder(missing).scenarioFiles()
    }
    let empty = fixture.root.appendingPathComponent("traces").path
    #expect(throws: RaceScenarioFolderError.noScenarios(empty)) {
      try RaceScenarioFolder(empty).scenarioFiles()
    }
  }

  @Test("relative folders are read from the package root above the calling file")
  func packageRoot() throws {
    let fixture = try RaceScenarioFixture()
    defer { fixture.remove() }
    let testFile = fixture.root.appendingPathComponent("Tests/AppTests/RaceTests.swift").path
    let folder = RaceScenarioFolder("scenarios", traces: "traces", file: testFile)
    #expect(folder.scenarios == fixture.root.appendingPathComponent("scenarios").path)
    #expect(folder.traces == fixture.root.appendingPathComponent("traces").path)
    #expect(try folder.scenarioFiles().count == 2)
  }
}
