import CommandTestSupport
import Commands
import Foundation
import Testing

/// `fix:` on a harmful answer: a run that gives that answer ends its trace with `fix: …` (the
/// JSON trace's `fixHint`); a run that gives another answer has none, and `explore` counts
/// outcomes and shows their lines as without it.
struct AnswerFixTests {
  static let fix = "let b write last, always (variant none here)"

  /// The answer tests' two writers, whose harmful answer names a fix.
  static let model = AnswerTests.model.replacingOccurrences(
    of: "    harm: \"a's write won after {writes} writes\"\n",
    with: "    harm: \"a's write won after {writes} writes\"\n    fix: \"\(fix)\"\n")

  func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("writers.model.yaml", Self.model)
    try folder.write("s.yaml", AnswerTests.scenario)
    return folder
  }

  @Test("the harmful run ends with its fix; the intended one has none")
  func theHarmfulRunEndsWithItsFix() throws {
    #expect(Self.model.contains("fix: "), "the model gained its fix")
    let folder = try folder()
    defer { folder.remove() }
    let explored = capture {
      var command = ExploreCommand(files: [folder.path("s.yaml")])
      command.format = .json
      return command.execute(console: $0)
    }
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(explored.output.utf8)) as? [String: Any])
    let outcomes = try #require(document["outcomes"] as? [[String: Any]])
    #expect(outcomes.count == 2)
    let harmful = try #require(
      outcomes.first { ($0["headline"] as? String)?.hasPrefix("HARM: ") == true })
    let token = try #require(harmful["schedule"] as? String)

    let replay = capture {
      RunCommand(files: [folder.path("s.yaml")], schedule: token).execute(console: $0)
    }
    #expect(replay.output.hasSuffix("\nfix: \(Self.fix)\n"), "\(replay.output)")
    let json = capture {
      RunCommand(files: [folder.path("s.yaml")], format: .json, schedule: token)
        .execute(console: $0)
    }
    let trace = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(trace["fixHint"] as? String == "fix: \(Self.fix)")

    let plain = capture { RunCommand(files: [folder.path("s.yaml")]).execute(console: $0) }
    #expect(plain.output.contains("OK: b's write won, as intended"))
    #expect(!plain.output.contains("fix: "))
  }

  @Test("explore's outcome lines and counts are those of the model without fix:")
  func exploreIsUnchanged() throws {
    let folder = try folder()
    defer { folder.remove() }
    let withFix = capture { ExploreCommand(files: [folder.path("s.yaml")]).execute(console: $0) }
    try folder.write("writers.model.yaml", AnswerTests.model)
    let without = capture { ExploreCommand(files: [folder.path("s.yaml")]).execute(console: $0) }
    // The schedule tokens hash the model's bytes; everything else is the same.
    let token = /[0-9a-f]{8}:/
    #expect(
      withFix.output.replacing(token, with: "TOKEN:")
        == without.output.replacing(token, with: "TOKEN:"))
    #expect(!withFix.output.contains(Self.fix))
  }
}
