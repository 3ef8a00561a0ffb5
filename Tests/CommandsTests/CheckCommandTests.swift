import CommandTestSupport
import Commands
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `racelab check`: goldens compared, diffs printed, missing and orphaned goldens reported, and
/// `--update` writing only what changed.
@Suite(.serialized)
struct CheckCommandTests {
  let goldenName = "traces/review-prompt/canonical/busy-main-disappear-original.trace"
  let scenarioName = "scenarios/review-prompt/canonical/busy-main-disappear-original.yaml"

  func check(_ folder: TemporaryFolder, update: Bool = false, colour: Bool = false) -> (
    status: ExitStatus, output: String, error: String
  ) {
    capture(colour: colour) {
      CheckCommand(
        scenarios: folder.path("scenarios"), traces: folder.path("traces"), update: update
      ).execute(console: $0)
    }
  }

  /// Replaces the first line of `relative` containing `old` with `new`; returns the old line.
  @discardableResult
  func editLine(
    _ folder: TemporaryFolder, _ relative: String, containing old: String, with new: String
  )
    throws -> String
  {
    let text = String(decoding: try #require(folder.read(relative)), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.contains(old) })
    let original = lines[index]
    lines[index] = new
    try folder.write(relative, lines.joined(separator: "\n"))
    return original
  }

  @Test func passesOnTheRepositoryScenariosAndGoldens() {
    let result = capture {
      CheckCommand(scenarios: repositoryScenarios.path, traces: repositoryTraces.path)
        .execute(console: $0)
    }
    #expect(result.status == .success, "\(result.output)\(result.error)")
    #expect(result.error.isEmpty)
    #expect(result.output.contains(" failed"))
    #expect(result.output.hasSuffix(" 0 failed\n"), "\(result.output)")
  }

  @Test func passesOnASandboxCopy() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    let result = check(folder)
    #expect(result.status == .success, "\(result.output)\(result.error)")
    #expect(result.output == "check: 4 scenarios · 4 passed, 0 failed\n")
  }

  @Test func anEditedGoldenFailsWithAUnifiedDiff() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    let original = try editLine(
      folder, goldenName, containing: "ATTEMPT RECORDED", with: "EDITED BY A TEST")
    let result = check(folder)
    #expect(result.status == .failure)
    let output = result.output
    #expect(
      output.contains(
        "FAIL \(folder.path(scenarioName)): trace differs from \(folder.path(goldenName))"))
    #expect(output.contains("\n--- \(folder.path(goldenName))\n"))
    #expect(output.contains("\n+++ \(folder.path(scenarioName)) (now)\n"))
    #expect(output.contains("\n-EDITED BY A TEST\n"))
    #expect(output.contains("\n+\(original)\n"))
    let hunks = output.split(separator: "\n").filter { $0.hasPrefix("@@ -") && $0.hasSuffix(" @@") }
    #expect(hunks.count == 1)
    // Only the one changed line, with context: no other line is marked.
    let marked = output.split(separator: "\n").filter {
      ($0.hasPrefix("-") && !$0.hasPrefix("---")) || ($0.hasPrefix("+") && !$0.hasPrefix("+++"))
    }
    #expect(marked.count == 2)
    #expect(output.hasSuffix("check: 4 scenarios · 3 passed, 1 failed\n"))
    #expect(!output.contains("\u{1B}"))
  }

  @Test func anExpectationThatDoesNotHoldIsNamedWithItsLine() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try editLine(folder, scenarioName, containing: "  attempts: 1", with: "  attempts: 0")
    let result = check(folder)
    #expect(result.status == .failure)
    #expect(
      result.output.contains(
        "FAIL \(folder.path(scenarioName)): expect attempts: 0 does not hold (actual 1) at line 30 "
          + "(see its trace)\n"), "\(result.output)")
  }

  @Test func theDiffIsColouredOnlyWhenColourIsAllowed() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try editLine(folder, goldenName, containing: "ATTEMPT RECORDED", with: "EDITED BY A TEST")
    let coloured = check(folder, colour: true)
    #expect(coloured.status == .failure)
    #expect(coloured.output.contains("\u{1B}[31m-EDITED BY A TEST\u{1B}[0m"))
    let plain = check(folder, colour: false)
    #expect(!plain.output.contains("\u{1B}") && !plain.error.contains("\u{1B}"))
  }

  @Test func aMissingGoldenIsReported() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try FileManager.default.removeItem(atPath: folder.path(goldenName))
    let result = check(folder)
    #expect(result.status == .failure)
    #expect(
      result.output.contains(
        "FAIL \(folder.path(scenarioName)): missing golden \(folder.path(goldenName))"))
    #expect(result.output.hasSuffix("3 passed, 1 failed\n"))
  }

  @Test func anOrphanedGoldenIsReported() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try folder.write("traces/review-prompt/gone.trace", "an old trace\n")
    let result = check(folder)
    #expect(result.status == .failure)
    #expect(
      result.error.contains(
        "orphaned \(folder.path("traces/review-prompt/gone.trace")): no scenario "
          + folder.path("scenarios/review-prompt/gone.yaml")))
    #expect(result.output.contains("1 orphaned golden"))
  }

  @Test func aMissingScenarioFolderIsBadInput() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = check(folder)
    #expect(result.status == .badInput)
    #expect(result.error.contains("is not a folder of scenario files"))
  }

  @Test func updateRewritesOnlyChangedAndMissingGoldens() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try folder.write("outside.txt", "not a golden\n")
    try folder.write("traces/orphan.trace", "kept\n")
    let missing = "traces/eligibility/eligibility-truth-table.trace"
    let expectedGolden = try #require(folder.read(goldenName))
    let expectedMissing = try #require(folder.read(missing))
    try editLine(folder, goldenName, containing: "ATTEMPT RECORDED", with: "EDITED BY A TEST")
    try FileManager.default.removeItem(atPath: folder.path(missing))
    // Date every file in the past, so an untouched file is recognisable by its date alone.
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    let before = folder.snapshot()
    for relative in before.keys {
      try FileManager.default.setAttributes(
        [.modificationDate: past], ofItemAtPath: folder.path(relative))
    }

    let result = check(folder, update: true)
    // The orphan is still reported; the goldens themselves are fixed.
    #expect(result.status == .failure, "\(result.output)\(result.error)")
    #expect(result.output.contains("updated \(folder.path(goldenName))"))
    #expect(result.output.contains("created \(folder.path(missing))"))
    #expect(result.output.contains("2 goldens written"))
    #expect(result.error.contains("left in place"))

    let after = folder.snapshot()
    #expect(after[goldenName] == expectedGolden)
    #expect(after[missing] == expectedMissing)
    #expect(Set(after.keys) == Set(before.keys).union([missing]), "no stray or temporary files")
    for (relative, bytes) in before where relative != goldenName {
      #expect(after[relative] == bytes, "\(relative) changed")
      let attributes = try FileManager.default.attributesOfItem(atPath: folder.path(relative))
      #expect(attributes[.modificationDate] as? Date == past, "\(relative) was rewritten")
    }

    // A second update has nothing left to write.
    try FileManager.default.removeItem(atPath: folder.path("traces/orphan.trace"))
    let again = check(folder, update: true)
    #expect(again.status == .success)
    #expect(again.output.contains("0 goldens written"))
  }

  @Test func updateNeverReplacesAGoldenWithTheOutputOfABadFile() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try editLine(folder, goldenName, containing: "ATTEMPT RECORDED", with: "EDITED BY A TEST")
    let golden = try #require(folder.read(goldenName))
    try editLine(folder, scenarioName, containing: "variant:", with: "variant: orignal")
    let result = check(folder, update: true)
    #expect(result.status == .badInput)
    #expect(folder.read(goldenName) == golden)
    #expect(result.error.contains("\(folder.path(scenarioName)):"))
    #expect(result.error.contains(": error: unknown variant 'orignal'"))
    #expect(result.error.contains(": note: did you mean 'original'?"))
    #expect(result.output.contains("1 not run (bad input)"))
    #expect(result.output.contains("0 goldens written"))
  }

  @Test func updateWritesNothingOutsideTheTracesFolder() throws {
    let folder = try makeSandbox()
    defer { folder.remove() }
    try FileManager.default.removeItem(atPath: folder.path("traces"))
    try folder.write("notes.txt", "keep\n")
    let before = folder.snapshot()
    let result = check(folder, update: true)
    #expect(result.status == .success, "\(result.output)\(result.error)")
    let after = folder.snapshot()
    let written = Set(after.keys).subtracting(before.keys)
    #expect(written == Set(sandboxScenarios.map { "traces/\($0).trace" }))
    for (relative, bytes) in before { #expect(after[relative] == bytes) }
    for name in sandboxScenarios {
      let repository = try Data(
        contentsOf: repositoryTraces.appendingPathComponent("\(name).trace"))
      #expect(after["traces/\(name).trace"] == repository, "\(name)")
    }
  }
}
