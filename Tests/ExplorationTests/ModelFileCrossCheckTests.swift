import CommandTestSupport
import Commands
import Foundation
import ReviewPromptModel
import TestSizes
import Testing

/// The proof that the model-file language is enough, and a permanent cross-check of both
/// forms of the review-prompt flow: every scenario of `scenarios/review-prompt/`,
/// `scenarios/explore/` and `scenarios/eligibility/` that names `model: review-prompt` runs on
/// the bundled `review-prompt.model.yaml` and, through ``SwiftModels``, on the Swift model it
/// replaced (the oracle, `Tests/ReviewPromptModel`), and gives the same answer line, the same
/// summary and the same broken invariants, and prints the same trace, picture and Mermaid
/// diagram, byte for byte (the JSON trace's notes differ: a model file's lines are `say` notes
/// without typed fields); explored with its own settings, it reaches the same outcomes (summary
/// and broken invariants) and the same broken-invariant set, and `racelab explore` prints the
/// same report (outcomes, counts, shortest schedules), the schedules' scenario hash aside (it
/// covers the model file's bytes, which the Swift model has none of). A truth table
/// (`eligibility:`) prints the same rows and reasons.
struct ModelFileCrossCheckTests {
  /// The `model:` line of a scenario of the review-prompt flow.
  static let modelLine = "model: review-prompt"

  /// Scenarios where the two models cannot agree, with the reason (the Swift model is the
  /// reference). None of today's scenarios differ.
  static let knownDifferences: [String: String] = [:]

  /// Every scenario of the three folders that names the review-prompt flow, relative to the
  /// repository, sorted.
  static let scenarios: [String] = {
    var paths: [String] = []
    for folder in ["scenarios/review-prompt", "scenarios/explore", "scenarios/eligibility"] {
      let root = repositoryRoot.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(atPath: root.path)
      while let relative = walker?.nextObject() as? String {
        guard relative.hasSuffix(".yaml"), !relative.hasSuffix(".model.yaml"),
          let text = try? String(
            contentsOf: root.appendingPathComponent(relative), encoding: .utf8),
          text.split(separator: "\n").contains(Substring(modelLine))
        else { continue }
        paths.append("\(folder)/\(relative)")
      }
    }
    return paths.sorted()
  }()

  @Test("the oracle side runs the Swift model, the other the bundled file")
  func theTwoSidesAreTwoModels() throws {
    let path = repositoryRoot.appendingPathComponent(
      "scenarios/review-prompt/canonical/happy-path-original.yaml"
    ).path
    // The Swift model's notes have kinds of their own; the file's lines are `say` notes.
    let oracle = try Answers.onTheOracle { try Answers.printed(path, format: .json) }
    let file = try Answers.printed(path, format: .json)
    #expect(oracle.contains("\"mark-pending\""))
    #expect(!file.contains("\"mark-pending\""))
  }

  @Test(
    "the folders hold scenarios, a truth table among them, and every known difference names one")
  func theListsAreSound() {
    #expect(Self.scenarios.count >= 60)
    #expect(Self.scenarios.contains("scenarios/eligibility/eligibility-truth-table.yaml"))
    for (path, reason) in Self.knownDifferences {
      #expect(Self.scenarios.contains(path), "\(path) is not a scenario")
      #expect(!reason.isEmpty, "\(path) needs a reason")
    }
  }

  @Test(
    "a scenario gives the same answers on the Swift model and on the model file",
    arguments: TestSize.sample(of: scenarios.filter { knownDifferences[$0] == nil }, standard: 24))
  func sameAnswers(_ path: String) throws {
    let file = repositoryRoot.appendingPathComponent(path).path
    let text = try String(contentsOfFile: file, encoding: .utf8)
    guard text.contains("\ntimeline:") else {
      let oracleTable = try Answers.onTheOracle { try Answers.printed(file, format: .text) }
      #expect(oracleTable == (try Answers.printed(file, format: .text)), "table of \(path)")
      return
    }
    #expect(
      try Answers.onTheOracle { try Answers.run(file) } == (try Answers.run(file)), "run of \(path)"
    )
    for format in [RunCommand.Format.text, .svg, .mermaid] {
      let oracleTrace = try Answers.onTheOracle { try Answers.printed(file, format: format) }
      #expect(oracleTrace == (try Answers.printed(file, format: format)), "\(format) of \(path)")
    }
    #expect(
      try Answers.onTheOracle { try Answers.report(file) } == (try Answers.report(file)),
      "explore report of \(path)")

    let oracleExplore = try Answers.onTheOracle { try Answers.explore(file) }
    let fileExplore = try Answers.explore(file)
    #expect(oracleExplore.outcomes == fileExplore.outcomes, "outcomes of explore \(path)")
    #expect(oracleExplore.broken == fileExplore.broken, "broken invariants of explore \(path)")
  }
}

/// What the cross-check compares, read from the commands' JSON reports.
enum Answers {
  struct Explored: Equatable {
    /// Each distinct outcome: its summary with its broken invariants, as canonical JSON.
    var outcomes: Set<String>
    /// Every invariant broken in some schedule.
    var broken: Set<String>
  }

  /// `body` with `model: review-prompt` naming the Swift oracle instead of the bundled file.
  static func onTheOracle<T>(_ body: () throws -> T) rethrows -> T {
    try SwiftModels.$definitions.withValue([ReviewPromptDefinition()], operation: body)
  }

  /// The answer line, the closing summary and the broken invariants of `racelab run`.
  static func run(_ path: String) throws -> String {
    let (_, output, error) = capture {
      RunCommand(files: [path], format: .json).execute(console: $0)
    }
    #expect(error == "", "\(path): \(error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let headline = try #require(object["headline"] as? String)
    return headline + "\n" + (try canonical(try #require(object["summary"] as? [String: Any])))
  }

  /// What `racelab run` prints of the file in `format`.
  static func printed(_ path: String, format: RunCommand.Format) throws -> String {
    let (_, output, error) = capture {
      RunCommand(files: [path], format: format).execute(console: $0)
    }
    #expect(error == "", "\(path): \(error)")
    return output
  }

  /// What `racelab explore` prints of the file, each schedule's scenario hash written `HASH`.
  static func report(_ path: String) throws -> String {
    let (_, output, error) = capture { ExploreCommand(files: [path]).execute(console: $0) }
    #expect(error == "", "\(path): \(error)")
    return output.replacing(/[0-9a-f]{8}:/, with: "HASH:")
  }

  /// The outcomes and broken invariants of `racelab explore` with the scenario's own settings.
  static func explore(_ path: String) throws -> Explored {
    var command = ExploreCommand(files: [path])
    command.format = .json
    let (_, output, error) = capture { command.execute(console: $0) }
    #expect(error == "", "\(path): \(error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let outcomes = try #require(object["outcomes"] as? [[String: Any]])
    let violations = try #require(object["violations"] as? [String: Any])
    return Explored(
      outcomes: Set(
        try outcomes.map { try canonical(try #require($0["summary"] as? [String: Any])) }),
      broken: Set(violations.keys))
  }

  /// A summary as sorted JSON, its violations in name order, without the expectation verdict.
  static func canonical(_ summary: [String: Any]) throws -> String {
    var summary = summary
    summary["expectationsMet"] = nil
    if let violations = summary["violations"] as? [String] {
      summary["violations"] = violations.sorted()
    }
    let data = try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
