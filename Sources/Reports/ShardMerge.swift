import ModelContract
import RacelabKernel
import Renderers

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `racelab explore --merge SHARD.json…`: joins the `--format json` outputs of every shard of
/// one exploration into the whole verdict, as one unsharded run would give it.
public enum ShardMerge {
  /// Why the shards do not merge, in one line.
  public struct Refusal: Error, Sendable, Equatable {
    /// What is wrong, in one line: text the shards or the paths hold (a scenario's name, a
    /// string where a number belongs) is shown with its control characters escaped
    /// (``VisibleText``), so a line feed inside it cannot start a line of its own.
    public var message: String
    /// Whether no shard was given at all: a mistake in the command line rather than in a file.
    public var isUsage: Bool

    static func usage(_ message: String) -> Refusal {
      Refusal(message: VisibleText.escaping(message), isUsage: true)
    }
    static func input(_ message: String) -> Refusal {
      Refusal(message: VisibleText.escaping(message), isUsage: false)
    }
  }

  /// One shard's findings, as its JSON output gives them.
  private struct ShardResult {
    var report: ExplorationReport
    var index: Int
    var count: Int
    var subtrees: Int
  }

  /// The whole verdict of the shards whose JSON outputs `contents` holds (one object per
  /// line, each file named by its path), or why they do not merge: a line that is not a
  /// shard's output, a number out of range, shards of different explorations, a total that
  /// would pass the largest count.
  public static func merge(_ contents: [(path: String, bytes: [UInt8])])
    throws(Refusal) -> ExplorationReport
  {
    var shards: [ShardResult] = []
    for (path, bytes) in contents {
      let text = String(decoding: bytes, as: UTF8.self)
      for (number, line) in text.split(separator: "\n").enumerated() {
        do {
          shards.append(try Self.parse(Data(line.utf8)))
        } catch let problem as NotAShard {
          throw .input(
            "\(path): line \(number + 1) is not the JSON output of an explore shard"
              + (problem.reason.map { " (\($0))" } ?? ""))
        } catch {
          throw .input("\(path): line \(number + 1) is not the JSON output of an explore shard")
        }
      }
    }
    return try merge(shards)
  }

  /// Whether the schedule of token `first` comes before that of `second` in the order an
  /// exploration keeps the smallest schedule by (fewer choices off the default, then the
  /// earliest): the order of their texts when either is not a token.
  static func precedes(_ first: String, _ second: String) -> Bool {
    func schedule(_ token: String) -> Schedule? {
      token.split(separator: ":", maxSplits: 1).last.flatMap { Schedule(text: $0) }
    }
    if let one = schedule(first), let other = schedule(second), one != other { return one < other }
    return first < second
  }

  private static func merge(_ shards: [ShardResult]) throws(Refusal) -> ExplorationReport {
    guard let first = shards.first else { throw .usage("--merge needs the JSON outputs of shards") }
    let base = first.report
    for shard in shards
    where shard.report.scenarioHash != base.scenarioHash
      || shard.count != first.count || shard.subtrees != first.subtrees
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
      schedules = try Self.sum(schedules, report.schedules, of: "schedules")
      complete = complete && report.complete
      if notCovered == nil, let reason = report.verdict.notCovered {
        notCovered = "shard \(shard.index): \(reason)"
      }
      for outcome in report.outcomes {
        if let at = outcomes.firstIndex(where: {
          $0.headline == outcome.headline && $0.figures == outcome.figures
            && $0.violations == outcome.violations
        }) {
          outcomes[at].count = try Self.sum(outcomes[at].count, outcome.count, of: "outcome counts")
          if Self.precedes(outcome.schedule, outcomes[at].schedule) {
            outcomes[at].schedule = outcome.schedule
          }
        } else {
          outcomes.append(outcome)
        }
      }
      for violation in report.violations {
        if let at = violations.firstIndex(where: { $0.name == violation.name }) {
          let count = try Self.sum(
            violations[at].count, violation.count, of: "counts of \(violation.name)")
          // The shortest counterexample of all the shards, with its trace.
          if Self.precedes(violation.schedule, violations[at].schedule) {
            violations[at] = violation
          }
          violations[at].count = count
        } else {
          violations.append(violation)
        }
      }
    }
    outcomes.sort {
      $0.count != $1.count ? $0.count > $1.count : Self.precedes($0.schedule, $1.schedule)
    }
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

  /// `a + b`, or an error when the shards' figures add up past the largest count.
  private static func sum(_ a: Int, _ b: Int, of what: String) throws(Refusal) -> Int {
    let (total, overflow) = a.addingReportingOverflow(b)
    if overflow { throw .input("--merge: the shards' \(what) add up past \(Int.max)") }
    return total
  }

  /// A line that is not a shard's output, and what about it says so, where known.
  private struct NotAShard: Error {
    var reason: String?
  }

  /// `value` as a whole number in `range`: JSON's `5` or `5.0`, not `5.5`, `1e30`, `-5` (below
  /// the range), `true` or `"5"`.
  private static func wholeNumber(
    _ value: JSONValue?, _ what: String, from lowest: Int, to highest: Int
  ) throws -> Int {
    var whole: Int?
    switch value {
    case .integer(let number): whole = number
    // A JSON number written with a fraction or an exponent: whole only if exactly so.
    case .number(let number): whole = Int(exactly: number)
    default: whole = nil
    }
    // No range is formed: a shard with 0 schedules makes `1...0`, which would trap.
    guard let whole, whole >= lowest, whole <= highest else {
      let shown = value.map(Self.shown) ?? "missing"
      throw NotAShard(
        reason: "\(what) is \(shown), not a whole number from \(lowest) to \(highest)")
    }
    return whole
  }

  /// A JSON value as a reason shows it.
  private static func shown(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .integer(let number): "\(number)"
    case .number(let number): "\(number)"
    case .string(let text): text
    case .array, .object: "not a number"
    }
  }

  /// One shard's JSON object, read back.
  private static func parse(_ data: Data) throws -> ShardResult {
    guard let object = JSONValue(parsing: data), let shard = object["shard"],
      shard.members != nil
    else { throw NotAShard() }
    let count = try wholeNumber(shard["count"], "the shard count", from: 1, to: Int.max)
    let index = try wholeNumber(shard["index"], "the shard index", from: 1, to: count)
    let subtrees = try wholeNumber(
      shard["subtrees"], "the number of subtrees", from: 0, to: Int.max)
    let mine = try wholeNumber(shard["mine"], "the shard's subtrees", from: 0, to: subtrees)
    let schedules = try wholeNumber(object["schedules"], "schedules", from: 0, to: Int.max)
    func text(_ key: String, in object: JSONValue = object) throws -> String {
      guard let value = object[key]?.text else { throw NotAShard() }
      return value
    }
    func words(_ value: JSONValue?) throws -> [String] {
      guard let items = value?.items else { throw NotAShard() }
      return try items.map { item in
        guard let word = item.text else { throw NotAShard() }
        return word
      }
    }
    let outcomes = try (object["outcomes"]?.items ?? []).map { outcome in
      let count = try wholeNumber(outcome["count"], "an outcome's count", from: 1, to: schedules)
      guard let summary = outcome["summary"] else { throw NotAShard() }
      let broken = try words(summary["violations"])
      var figures: String?
      if outcome["figures"] != nil { figures = try text("figures", in: outcome) }
      return ExplorationReport.Outcome(
        summary: [], violations: broken, headline: try text("headline", in: outcome),
        figures: figures, count: count, schedule: try text("schedule", in: outcome))
    }
    let found = object["violations"]?.members ?? [:]
    let violations = try found.keys.sorted().map { name in
      let finding = found[name] ?? [:]
      let count = try wholeNumber(finding["count"], "the count of \(name)", from: 1, to: schedules)
      let deviations = try wholeNumber(
        finding["deviations"], "the deviations of \(name)", from: 0, to: Int.max)
      return ExplorationReport.Violation(
        name: name, count: count, schedule: try text("schedule", in: finding),
        deviations: deviations, trace: nil)
    }
    var states: Int?
    if let value = object["states"], value != .null {
      states = try wholeNumber(value, "states", from: 0, to: Int.max)
    }
    let report = ExplorationReport(
      scenario: try text("scenario"), model: try text("model"), runtime: try text("runtime"),
      variant: try text("variant"), strategy: try text("strategy"),
      schedules: schedules, complete: object["complete"]?.flag ?? false, states: states,
      outcomes: outcomes, violations: violations,
      verdict: .init(
        expected: try words(object["expectedViolations"]), missing: [],
        unexpected: try words(object["unexpectedViolations"]),
        notCovered: object["notCovered"]?.text),
      shard: .init(index: index, count: count, subtrees: subtrees, mine: mine),
      scenarioHash: try text("scenarioHash"), replayCommand: try text("replayCommand"))
    // Every schedule ends in exactly one outcome: the counts use up the schedules exactly
    // (subtracted, so no sum can overflow).
    var left = schedules
    for outcome in outcomes {
      guard outcome.count <= left else {
        throw NotAShard(reason: "its outcome counts add up to more than its \(schedules) schedules")
      }
      left -= outcome.count
    }
    guard left == 0 else {
      throw NotAShard(
        reason:
          "its outcome counts add up to \(schedules - left), not to its \(schedules) schedules")
    }
    return ShardResult(report: report, index: index, count: count, subtrees: subtrees)
  }
}
