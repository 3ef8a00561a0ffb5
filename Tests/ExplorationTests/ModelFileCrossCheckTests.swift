import CommandTestSupport
import Commands
import Foundation
import ReviewPromptModel
import TestSizes
import Testing

/// The proof that the model-file language is enough, and a permanent cross-check of both
/// models: every scenario of `scenarios/review-prompt/` and `scenarios/explore/` runs on the
/// built-in review-prompt model and on the bundled `review-prompt.model.yaml`, with
/// only its `model:` line changed, and gives the same answer line, the same summary and the same
/// broken invariants, and prints the same trace, picture and Mermaid diagram, byte for byte
/// (the JSON trace's notes differ: a model file's lines are `say` notes without typed fields);
/// explored with its own settings, it reaches the same outcomes (summary and broken invariants)
/// and the same broken-invariant set, and `racelab explore` prints the same report (outcomes,
/// counts, shortest schedules), the file's path and the schedules' scenario hash aside (the
/// hash is of the scenario's bytes, whose `model:` line differs).
struct ModelFileCrossCheckTests {
  /// The model file, relative to the repository.
  static let modelFile = "Sources/ModelLibrary/models/review-prompt.model.yaml"
  /// The `model:` line of a scenario written for the built-in model.
  static let builtInLine = "model: review-prompt"
  /// The line that replaces it.
  static let fileLine = "model: ./review-prompt.model.yaml"

  /// Scenarios where the two models cannot agree, with the reason (the built-in model is the
  /// reference). Eligibility-table scenarios belong here: model files have no tables. None of
  /// today's scenarios differ.
  static let knownDifferences: [String: String] = [:]

  /// Every scenario of both folders, relative to the repository, sorted.
  static let scenarios: [String] = {
    var paths: [String] = []
    for folder in ["scenarios/review-prompt", "scenarios/explore"] {
      let root = repositoryRoot.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(atPath: root.path)
      while let relative = walker?.nextObject() as? String {
        guard relative.hasSuffix(".yaml"), !relative.hasSuffix(".model.yaml") else { continue }
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

  @Test("both folders hold scenarios, and every known difference names one of them")
  func theListsAreSound() {
    #expect(Self.scenarios.count >= 60)
    for (path, reason) in Self.knownDifferences {
      #expect(Self.scenarios.contains(path), "\(path) is not a scenario")
      #expect(!reason.isEmpty, "\(path) needs a reason")
    }
  }

  @Test(
    "a scenario gives the same answers on the built-in model and on the model file",
    arguments: TestSize.sample(of: scenarios.filter { knownDifferences[$0] == nil }, standard: 24))
  func sameAnswers(_ path: String) throws {
    let original = repositoryRoot.appendingPathComponent(path)
    let text = String(decoding: try Data(contentsOf: original), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(
      lines.filter { $0 == Self.builtInLine }.count == 1,
      "\(path) does not name the built-in model on a line of its own")
    try #require(
      text.contains("\ntimeline:"),
      "\(path) is not a timeline scenario; list it under knownDifferences (no tables in model files)"
    )
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-cross-check-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(contentsOf: repositoryRoot.appendingPathComponent(Self.modelFile)).write(
      to: folder.appendingPathComponent("review-prompt.model.yaml"))
    let changed = lines.map { $0 == Self.builtInLine ? Substring(Self.fileLine) : $0 }
      .joined(separator: "\n")
    let copy = folder.appendingPathComponent(original.lastPathComponent)
    try Data(changed.utf8).write(to: copy)

    let builtInRun = try Answers.onTheOracle { try Answers.run(original.path) }
    let fileRun = try Answers.run(copy.path)
    #expect(builtInRun == fileRun, "run of \(path)")
    for format in [RunCommand.Format.text, .svg, .mermaid] {
      let builtInTrace = try Answers.onTheOracle {
        try Answers.printed(original.path, format: format)
      }
      let fileTrace = try Answers.printed(copy.path, format: format)
      #expect(builtInTrace == fileTrace, "\(format) of \(path)")
    }
    #expect(
      try Answers.onTheOracle { try Answers.report(original.path) }
        == (try Answers.report(copy.path)),
      "explore report of \(path)")

    let builtInExplore = try Answers.onTheOracle { try Answers.explore(original.path) }
    let fileExplore = try Answers.explore(copy.path)
    #expect(builtInExplore.outcomes == fileExplore.outcomes, "outcomes of explore \(path)")
    #expect(builtInExplore.broken == fileExplore.broken, "broken invariants of explore \(path)")
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

  /// What `racelab explore` prints of the file, its path written `FILE` and each schedule's
  /// scenario hash `HASH`.
  static func report(_ path: String) throws -> String {
    let (_, output, error) = capture { ExploreCommand(files: [path]).execute(console: $0) }
    #expect(error == "", "\(path): \(error)")
    return output.replacingOccurrences(of: path, with: "FILE").replacing(
      /[0-9a-f]{8}:/, with: "HASH:")
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
