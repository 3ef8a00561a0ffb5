import CommandTestSupport
import Commands
import Foundation
import Testing

/// What `racelab explore --format json` reported for one file.
struct ExploreOutput {
  /// An outcome: its summary (the violations included) as canonical JSON text, and its count.
  struct Outcome: Hashable {
    var summary: String
    var count: Int
    var schedule: String
  }

  var status: ExitStatus
  var schedules: Int
  var complete: Bool
  var outcomes: [Outcome]
  /// Invariant → shortest counterexample token.
  var violations: [String: String]
  /// Invariant → the number of deviations of that counterexample.
  var deviations: [String: Int]

  /// Runs `command` (its format set to JSON) on `path` and decodes the report.
  init(_ command: ExploreCommand, path: String) throws {
    var command = command
    command.files = [path]
    command.format = .json
    let (status, output, error) = capture { command.execute(console: $0) }
    #expect(error == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    self.status = status
    schedules = try #require(object["schedules"] as? Int)
    complete = try #require(object["complete"] as? Bool)
    let outcomes = try #require(object["outcomes"] as? [[String: Any]])
    self.outcomes = try outcomes.map { outcome in
      let summary = try JSONSerialization.data(
        withJSONObject: try #require(outcome["summary"]), options: [.sortedKeys])
      return Outcome(
        summary: String(decoding: summary, as: UTF8.self),
        count: try #require(outcome["count"] as? Int),
        schedule: try #require(outcome["schedule"] as? String))
    }
    let violations = try #require(object["violations"] as? [String: [String: Any]])
    self.violations = try violations.mapValues { try #require($0["schedule"] as? String) }
    deviations = try violations.mapValues { try #require($0["deviations"] as? Int) }
  }

  /// The distinct outcome summaries.
  var summaries: Set<String> { Set(outcomes.map(\.summary)) }
}
