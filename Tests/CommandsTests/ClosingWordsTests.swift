import CommandTestSupport
import Commands
import Foundation
import ModelLanguage
import TestSizes
import Testing

/// Runs of one exploration that end with the same summary and broken invariants share the
/// figures and answer the first of them read, when those read nothing else: every outcome
/// says what its schedule says when run alone, and a run whose budget would not have paid
/// for reading them again says what reading them again says.
struct ClosingWordsTests {
  /// Two events at one instant: `b` says a long line when it runs first, so that order spends
  /// about 300 more units of the run's budget; both orders end with two notes.
  static let model = """
    kind: model
    name: tally
    processes:
      app:
        lanes: {main: serial}
        memory:
          a-done: {type: bool, default: false}
    records:
      note: {}
    events:
      a:
        steps:
          - set: {app.a-done: true}
          - record: note
      b:
        steps:
          - if: "!app.a-done"
            then:
              - say: "\(String(repeating: "y", count: 300))"
          - record: note
    summary:
      notes: recorded(note)
    figures: '{notes} notes{if notes > 0 then " " + "\(String(repeating: "x", count: 100))" else ""}'

    """

  static let scenario = """
    name: s
    model: ./tally.model.yaml
    timeline:
      - {at: 0s, event: a}
      - {at: 0s, event: b}

    """

  /// The figures of each outcome `explore` lists for the scenario under `limits` (the model has
  /// no answers, so the figures are each outcome's headline).
  func exploredFigures(limits: String?) throws -> [String] {
    let parsed = try limits.map { try ScenarioLimits.parse($0).get() }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("tally.model.yaml", Self.model)
    try folder.write("s.yaml", Self.scenario)
    let explored = capture {
      var command = ExploreCommand(files: [folder.path("s.yaml")])
      command.format = .json
      if let parsed { command.limits = parsed }
      return command.execute(console: $0)
    }
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(explored.output.utf8)) as? [String: Any])
    let outcomes = try #require(document["outcomes"] as? [[String: Any]])
    return outcomes.compactMap { $0["headline"] as? String }.sorted()
  }

  @Test("with budget to spare, both orders end with the same words: one outcome")
  func bothOrdersShareTheirWords() throws {
    let words = "2 notes " + String(repeating: "x", count: 100)
    #expect(try exploredFigures(limits: nil) == [words])
  }

  @Test("the order whose budget cannot pay for the figures reads them again, to none")
  func aSpentBudgetReadsAgain() throws {
    // 360 units: the short order pays for its figures, the long one ends its steps within the
    // budget but cannot pay for the figures' text, whose part then reads none.
    #expect(
      try exploredFigures(limits: "model-steps=360")
        == ["2 notes " + String(repeating: "x", count: 100), "2 notesnone"])
  }

  @Test(
    "every outcome's figures and answer are those its schedule gives when run alone",
    arguments: TestSize.sample(of: exploredScenarioFiles, standard: 24))
  func outcomesSayWhatTheirSchedulesSay(_ path: String) throws {
    let explored = capture {
      var command = ExploreCommand(files: [path])
      command.format = .json
      return command.execute(console: $0)
    }
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(explored.output.utf8)) as? [String: Any],
      "\(path): \(explored.error)")
    let outcomes = try #require(document["outcomes"] as? [[String: Any]])
    for outcome in outcomes {
      let token = try #require(outcome["schedule"] as? String)
      let replay = capture {
        RunCommand(files: [path], format: .json, schedule: token).execute(console: $0)
      }
      let trace = try #require(
        try JSONSerialization.jsonObject(with: Data(replay.output.utf8)) as? [String: Any],
        "\(path) \(token): \(replay.error)")
      // An outcome's answer leaves out the times a run's answer tells (`{when-broken(…)}`):
      // the rest of the run's words, in order.
      let told = try #require(trace["headline"] as? String)
      let headline = try #require(outcome["headline"] as? String)
      #expect(
        told == headline || (told.count > headline.count && isSubsequence(headline, of: told)),
        "\(path) \(token): \(headline) / \(told)")
      if let figures = outcome["figures"] as? String {
        let text = capture {
          RunCommand(files: [path], schedule: token).execute(console: $0)
        }
        #expect(text.output.contains(figures), "\(path) \(token): \(figures)")
      }
    }
  }
}

/// Whether the characters of `part` appear in `whole` in the same order.
private func isSubsequence(_ part: String, of whole: String) -> Bool {
  var rest = Substring(whole)
  for character in part {
    guard let found = rest.firstIndex(of: character) else { return false }
    rest = rest[rest.index(after: found)...]
  }
  return true
}

/// Every scenario file under `scenarios/` that states what `explore` must find.
private let exploredScenarioFiles: [String] = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let folder = root.appendingPathComponent("scenarios")
  let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
  return (paths ?? []).filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".model.yaml") }.sorted()
    .map { folder.appendingPathComponent($0).path }
    .filter { (try? String(contentsOfFile: $0, encoding: .utf8))?.contains("\nexplore:") == true }
}()
