import CommandTestSupport
import Commands
import Foundation
import Testing

/// A model's `answers:`: the first that holds is the first closing line of the trace and of
/// each outcome `explore` lists, `HARM:` or `OK:`, above the figures; an answer that reads what
/// the summary does not show still tells outcomes apart. And a replayed schedule that is not
/// the default shows the file's expectations unchecked.
struct AnswerTests {
  /// Two writers at one instant; whichever runs last decides `app.last`, which the summary
  /// does not show: both orders end with the same figures and break nothing, and only the
  /// answer tells them apart.
  static let model = """
    kind: model
    name: writers
    processes:
      app:
        lanes: {main: serial}
        persisted:
          last: {type: enum, values: [nobody, a, b], default: nobody}
    records:
      write: {by: text}
    events:
      a:
        steps:
          - set: {app.last: a}
          - record: write
            with: {by: '"a"'}
      b:
        steps:
          - set: {app.last: b}
          - record: write
            with: {by: '"b"'}
    summary:
      writes: recorded(write)
    answers:
      - when: "app.last == a"
        harm: "a's write won after {writes} writes"
      - when: "writes == 0"
        ok: "nothing written"
      - ok: "b's write won, as intended"

    """

  static let scenario = """
    name: s
    model: ./writers.model.yaml
    timeline:
      - {at: 0s, event: a}
      - {at: 0s, event: b}
    expect:
      writes: 2
      violations: []

    """

  func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("writers.model.yaml", Self.model)
    try folder.write("s.yaml", Self.scenario)
    return folder
  }

  @Test func theTraceAnswersFirstThenGivesTheFigures() throws {
    let folder = try folder()
    defer { folder.remove() }
    let (status, output, error) = capture {
      RunCommand(files: [folder.path("s.yaml")]).execute(console: $0)
    }
    #expect(status == .success, "\(error)")
    #expect(
      output.contains("\nOK: b's write won, as intended\nwrites 2\nbroken: none\n"), "\(output)")
  }

  @Test func exploreTellsOutcomesApartByTheirAnswers() throws {
    let folder = try folder()
    defer { folder.remove() }
    let (status, output, error) = capture {
      ExploreCommand(files: [folder.path("s.yaml")]).execute(console: $0)
    }
    #expect(status == .success, "\(error)")
    #expect(output.contains("outcomes (2):"), "\(output)")
    #expect(output.contains(" × HARM: a's write won after 2 writes\n      writes 2\n"), "\(output)")
    #expect(output.contains(" × OK: b's write won, as intended\n      writes 2\n"), "\(output)")
  }

  @Test func exploreJSONGivesEachOutcomeItsAnswerAndFigures() throws {
    let folder = try folder()
    defer { folder.remove() }
    var command = ExploreCommand(files: [folder.path("s.yaml")])
    command.format = .json
    let (status, output, error) = capture { command.execute(console: $0) }
    #expect(status == .success, "\(error)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let outcomes = try #require(document["outcomes"] as? [[String: Any]])
    #expect(
      Set(outcomes.compactMap { $0["headline"] as? String })
        == ["HARM: a's write won after 2 writes", "OK: b's write won, as intended"])
    #expect(outcomes.allSatisfy { $0["figures"] as? String == "writes 2" })
  }

  @Test func aReplayedCounterexampleLeavesTheExpectationsUnchecked() throws {
    let folder = try folder()
    defer { folder.remove() }
    let explored = capture {
      ExploreCommand(files: [folder.path("s.yaml")]).execute(console: $0)
    }.output
    let lines = explored.split(separator: "\n")
    let harm = try #require(lines.firstIndex { $0.contains(" × HARM: ") })
    let token = try #require(lines[harm + 2].split(separator: " ").last.map(String.init))
    #expect(!token.hasSuffix(":default"))
    let (status, output, _) = capture {
      RunCommand(files: [folder.path("s.yaml")], schedule: token).execute(console: $0)
    }
    #expect(status == .success)
    #expect(
      output.contains(
        "\nschedule \(token) · not the default schedule: the file's expectations describe the "))
    // Where the schedule chose otherwise, its lines carry the token's marks.
    let marks = try #require(token.split(separator: ":").last).split(separator: ",")
    #expect(!marks.isEmpty)
    for mark in marks {
      #expect(output.contains(" · choice \(mark)\n") || output.contains(" · choice \(mark) · "))
    }
    #expect(output.contains("\nHARM: a's write won after 2 writes\n"))
    #expect(
      output.contains(
        "\nexpectations: written for the default schedule (this run replays another), not "
          + "checked\n"))
    #expect(!output.contains("FAILED"))
  }
}
