import Foundation
import Renderers

/// `racelab explore --merge SHARD.json…`: joins the `--format json` outputs of every shard of
/// one exploration into the whole verdict, as one unsharded run would give it.
struct ShardMerge {
  /// The shards' JSON outputs (one object each; a file may hold several lines).
  var files: [String]

  /// One shard's findings, as its JSON output gives them.
  private struct ShardResult {
    var report: ExplorationReport
    var index: Int
    var count: Int
  }

  func execute(console: Console) -> ExitStatus {
    var shards: [ShardResult] = []
    for path in files {
      guard let bytes = ScenarioFiles.read(path, console: console) else { return .badInput }
      let text = String(decoding: bytes, as: UTF8.self)
      for (number, line) in text.split(separator: "\n").enumerated() {
        do {
          shards.append(try Self.parse(Data(line.utf8)))
        } catch {
          console.report(
            .input("\(path): line \(number + 1) is not the JSON output of an explore shard"))
          return .badInput
        }
      }
    }
    do {
      let merged = try Self.merge(shards)
      console.write(
        console.paint(
          ExplorationTextRenderer.render(merged),
          headlines: merged.outcomes.map(\.headline)))
      return merged.expectationsMet ? .success : .failure
    } catch {
      console.report(error)
      return .badInput
    }
  }

  private static func merge(_ shards: [ShardResult]) throws(CommandError) -> ExplorationReport {
    guard let first = shards.first else { throw .usage("--merge needs the JSON outputs of shards") }
    let base = first.report
    for shard in shards
    where shard.report.scenarioHash != base.scenarioHash
      || shard.count != first.count
    {
      throw .input(
        "the shards are not parts of one exploration (scenario \(base.scenario) "
          + "\(base.scenarioHash), \(first.count) shards; found \(shard.report.scenario) "
          + "\(shard.report.scenarioHash), \(shard.count) shards)")
    }
    let indices = shards.map(\.index).sorted()
    var notCovered: String?
    if indices != Array(1...first.count) {
      let missing = (1...first.count).filter { !indices.contains($0) }
      let twice = Set(indices.filter { index in indices.filter { $0 == index }.count > 1 })
      notCovered =
        missing.isEmpty
        ? "shard \(twice.sorted().map(String.init).joined(separator: ", ")) given twice"
        : "shard \(missing.map(String.init).joined(separator: ", ")) missing"
      if !twice.isEmpty { throw .input("--merge: \(notCovered ?? "")") }
    }
    var outcomes: [ExplorationReport.Outcome] = []
    var violations: [ExplorationReport.Violation] = []
    var complete = notCovered == nil
    var schedules = 0
    for shard in shards.sorted(by: { $0.index < $1.index }) {
      let report = shard.report
      schedules += report.schedules
      complete = complete && report.complete
      if notCovered == nil, let reason = report.verdict.notCovered {
        notCovered = "shard \(shard.index): \(reason)"
      }
      for outcome in report.outcomes {
        if let at = outcomes.firstIndex(where: {
          $0.headline == outcome.headline && $0.violations == outcome.violations
        }) {
          outcomes[at].count += outcome.count
          outcomes[at].schedule = min(outcomes[at].schedule, outcome.schedule)
        } else {
          outcomes.append(outcome)
        }
      }
      for violation in report.violations {
        if let at = violations.firstIndex(where: { $0.name == violation.name }) {
          violations[at].count += violation.count
        } else {
          violations.append(violation)
        }
      }
    }
    outcomes.sort { ($1.count, $0.schedule) < ($0.count, $1.schedule) }
    violations.sort { $0.name < $1.name }
    let found = violations.map(\.name)
    let expected = base.verdict.expected
    var verdict = ExplorationReport.Verdict(
      expected: expected, missing: expected.filter { !found.contains($0) },
      unexpected: found.filter { !expected.contains($0) })
    verdict.notCovered = notCovered
    return ExplorationReport(
      scenario: base.scenario, model: base.model, runtime: base.runtime, variant: base.variant,
      strategy: "\(base.strategy), \(shards.count) of \(first.count) shards merged",
      // States seen by several shards cannot be told apart from their counts: not summed.
      schedules: schedules, complete: complete, states: nil, outcomes: outcomes,
      violations: violations, verdict: verdict, scenarioHash: base.scenarioHash,
      replayCommand: base.replayCommand)
  }

  private struct NotAShard: Error {}

  /// One shard's JSON object, read back.
  private static func parse(_ data: Data) throws -> ShardResult {
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let shard = object["shard"] as? [String: Any], let index = shard["index"] as? Int,
      let count = shard["count"] as? Int, let subtrees = shard["subtrees"] as? Int,
      let mine = shard["mine"] as? Int
    else { throw NotAShard() }
    func text(_ key: String, in object: [String: Any] = object) throws -> String {
      guard let value = object[key] as? String else { throw NotAShard() }
      return value
    }
    func words(_ key: String) throws -> [String] {
      guard let value = object[key] as? [String] else { throw NotAShard() }
      return value
    }
    let outcomes = try (object["outcomes"] as? [[String: Any]] ?? []).map { outcome in
      guard let count = outcome["count"] as? Int,
        let summary = outcome["summary"] as? [String: Any],
        let broken = summary["violations"] as? [String]
      else { throw NotAShard() }
      return ExplorationReport.Outcome(
        summary: [], violations: broken, headline: try text("headline", in: outcome),
        count: count, schedule: try text("schedule", in: outcome))
    }
    let found = object["violations"] as? [String: [String: Any]] ?? [:]
    let violations = try found.keys.sorted().map { name in
      let finding = found[name] ?? [:]
      guard let count = finding["count"] as? Int, let deviations = finding["deviations"] as? Int
      else { throw NotAShard() }
      return ExplorationReport.Violation(
        name: name, count: count, schedule: try text("schedule", in: finding),
        deviations: deviations, trace: nil)
    }
    let report = ExplorationReport(
      scenario: try text("scenario"), model: try text("model"), runtime: try text("runtime"),
      variant: try text("variant"), strategy: try text("strategy"),
      schedules: object["schedules"] as? Int ?? 0, complete: object["complete"] as? Bool ?? false,
      states: object["states"] as? Int, outcomes: outcomes, violations: violations,
      verdict: .init(
        expected: try words("expectedViolations"), missing: [],
        unexpected: try words("unexpectedViolations"),
        notCovered: object["notCovered"] as? String),
      shard: .init(index: index, count: count, subtrees: subtrees, mine: mine),
      scenarioHash: try text("scenarioHash"), replayCommand: try text("replayCommand"))
    return ShardResult(report: report, index: index, count: count)
  }
}
