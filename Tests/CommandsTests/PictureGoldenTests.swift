import CommandTestSupport
import Foundation
import Testing

/// `check` keeps committed pictures fresh: an `.svg` beside a golden trace is compared with the
/// scenario's picture and rewritten by `--update`; none is created unasked.
struct PictureGoldenTests {
  static let scenario =
    "name: s\nmodel: review-prompt\ntimeline:\n  - {at: 0s, event: game-won}\n"
    + "  - {at: 0s, event: screen-show}\n"

  func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("scenarios/s.yaml", Self.scenario)
    let created = try runRacelab(["check", "--update"], in: folder.url)
    #expect(created.status == 0)
    return folder
  }

  @Test func noPictureIsCreatedUnasked() throws {
    let folder = try folder()
    defer { folder.remove() }
    #expect(folder.read("traces/s.trace") != nil)
    #expect(folder.read("traces/s.svg") == nil)
  }

  @Test func aCommittedPictureIsComparedAndUpdated() throws {
    let folder = try folder()
    defer { folder.remove() }
    let picture = try runRacelab(["run", "scenarios/s.yaml", "--format", "svg"], in: folder.url)
    try folder.write("traces/s.svg", picture.outputText)
    #expect(try runRacelab(["check"], in: folder.url).status == 0)

    // The scenario changes: its picture no longer matches.
    try folder.write("scenarios/s.yaml", Self.scenario + "  - {at: 1s, event: screen-disappear}\n")
    let trace = try runRacelab(["run", "scenarios/s.yaml"], in: folder.url)
    try folder.write("traces/s.trace", trace.outputText)
    let stale = try runRacelab(["check"], in: folder.url)
    #expect(stale.status == 1)
    #expect(stale.outputText.contains("FAIL scenarios/s.yaml: picture differs from traces/s.svg"))
    #expect(stale.outputText.contains("+++ scenarios/s.yaml (now)"))

    let updated = try runRacelab(["check", "--update"], in: folder.url)
    #expect(updated.outputText.contains("updated traces/s.svg"))
    #expect(updated.outputText.contains("1 golden written"))
    let now = try runRacelab(["run", "scenarios/s.yaml", "--format", "svg"], in: folder.url)
    #expect(folder.read("traces/s.svg") == now.output)
    #expect(try runRacelab(["check"], in: folder.url).status == 0)
  }

  @Test func aPictureWithoutItsScenarioIsOrphaned() throws {
    let folder = try folder()
    defer { folder.remove() }
    try folder.write("traces/gone.svg", "<svg/>\n")
    let result = try runRacelab(["check"], in: folder.url)
    #expect(result.status == 1)
    #expect(result.errorText.contains("orphaned traces/gone.svg: no scenario scenarios/gone.yaml"))
  }
}
