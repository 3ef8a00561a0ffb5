import ModelContract
import RacelabKernel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `racelab explore` found for one scenario, ready to render.
public struct ExplorationReport: Sendable {
  /// A distinct outcome.
  public struct Outcome: Sendable {
    /// The model's closing figures.
    public var summary: [TraceField]
    /// Invariants broken, in order of first occurrence.
    public var violations: [String]
    /// The model's one-line answer for it (its figures when the model states none).
    public var headline: String
    /// The closing figures when ``headline`` is the model's answer.
    public var figures: String?
    /// Schedules that reached it.
    public var count: Int
    /// A token that replays one of them.
    public var schedule: String

    /// Creates an outcome.
    public init(
      summary: [TraceField], violations: [String], headline: String, figures: String? = nil,
      count: Int, schedule: String
    ) {
      self.summary = summary
      self.violations = violations
      self.headline = headline
      self.figures = figures
      self.count = count
      self.schedule = schedule
    }
  }

  /// An invariant broken somewhere, with its shortest counterexample.
  public struct Violation: Sendable {
    /// The invariant.
    public var name: String
    /// Schedules that broke it.
    public var count: Int
    /// The shortest counterexample's token.
    public var schedule: String
    /// How many choices it takes that differ from the default schedule.
    public var deviations: Int
    /// The counterexample's run (absent in a merge of shards: the replay command shows it).
    public var trace: RunReport?

    /// Creates a finding.
    public init(name: String, count: Int, schedule: String, deviations: Int, trace: RunReport?) {
      self.name = name
      self.count = count
      self.schedule = schedule
      self.deviations = deviations
      self.trace = trace
    }
  }

  /// The part of the space a shard explored.
  public struct Shard: Sendable, Equatable {
    /// This shard's number, from 1.
    public var index: Int
    /// How many shards there are.
    public var count: Int
    /// How many subtrees the space has.
    public var subtrees: Int
    /// How many of them this shard explored.
    public var mine: Int

    /// Creates a shard description.
    public init(index: Int, count: Int, subtrees: Int, mine: Int) {
      self.index = index
      self.count = count
      self.subtrees = subtrees
      self.mine = mine
    }
  }

  /// What was found against what the file's `explore:` block expects.
  public struct Verdict: Sendable, Equatable {
    /// The invariants the file expects to break.
    public var expected: [String]
    /// Expected to break, but no schedule broke them.
    public var missing: [String]
    /// Broken, but not expected.
    public var unexpected: [String]
    /// Why the space was not covered, when it should have been.
    public var notCovered: String?
    /// Why the expectation is shown but not checked (an override replaced the variant or
    /// runtime it was written for), or `nil` when it is checked.
    public var notChecked: String?

    /// Creates a verdict.
    public init(
      expected: [String], missing: [String], unexpected: [String], notCovered: String? = nil
    ) {
      self.expected = expected
      self.missing = missing
      self.unexpected = unexpected
      self.notCovered = notCovered
    }
  }

  /// The scenario's name.
  public var scenario: String
  /// The model, runtime and variant.
  public var model: String, runtime: String, variant: String
  /// `exhaustive`, `exhaustive (no pruning)`, `random N, seed S`.
  public var strategy: String
  /// Schedules run.
  public var schedules: Int
  /// Whether the space was covered completely.
  public var complete: Bool
  /// Distinct states seen (`nil` when not tracked: random sampling, or no pruning).
  public var states: Int?
  /// Distinct outcomes, the most common first.
  public var outcomes: [Outcome]
  /// Invariants broken anywhere, by name.
  public var violations: [Violation]
  /// The findings against the file's expectation.
  public var verdict: Verdict
  /// The shard explored, when only one part of the space was.
  public var shard: Shard?
  /// The hash the schedule tokens carry (the file's bytes, variant and runtime).
  public var scenarioHash: String
  /// The command that runs the file as explored; a replay adds `--schedule TOKEN`.
  public var replayCommand: String

  /// Creates a report.
  public init(
    scenario: String, model: String, runtime: String, variant: String, strategy: String,
    schedules: Int, complete: Bool, states: Int?, outcomes: [Outcome], violations: [Violation],
    verdict: Verdict, shard: Shard? = nil, scenarioHash: String = "",
    replayCommand: String = "racelab run FILE"
  ) {
    self.scenario = scenario
    self.model = model
    self.runtime = runtime
    self.variant = variant
    self.strategy = strategy
    self.schedules = schedules
    self.complete = complete
    self.states = states
    self.outcomes = outcomes
    self.violations = violations
    self.verdict = verdict
    self.shard = shard
    self.scenarioHash = scenarioHash
    self.replayCommand = replayCommand
  }

  /// The invariants the scenario's `explore:` block expects to break.
  public var expectedViolations: [String] { verdict.expected }

  /// Whether the findings match the expectation: for a shard, nothing unexpected broke; for the
  /// whole space, exactly the expected invariants broke and the space was covered.
  public var expectationsMet: Bool {
    if verdict.notChecked != nil { return true }
    if shard != nil { return verdict.unexpected.isEmpty }
    return verdict.missing.isEmpty && verdict.unexpected.isEmpty && verdict.notCovered == nil
  }
}

/// Renders an exploration report as text: the coverage, each outcome, and for each broken
/// invariant its shortest counterexample with the full trace. Text from the scenario and the
/// file name are shown with their control characters escaped (``VisibleText``).
public enum ExplorationTextRenderer {
  /// The report as text, ending in one newline.
  public static func render(_ report: ExplorationReport) -> String {
    var coverage = report.strategy
    if let shard = report.shard {
      coverage +=
        ", shard \(shard.index)/\(shard.count) (\(shard.mine) of "
        + "\(Count.of(shard.subtrees, "subtree")))"
    }
    var lines = [
      "racelab explore · \(report.model) · runtime \(report.runtime) · variant \(report.variant)",
      "scenario \(report.scenario) · \(coverage)",
      "\(Count.of(report.schedules, "schedule")) · "
        + (report.states.map { Count.of($0, "state") } ?? "states not tracked")
        + " · complete: \(report.complete)",
      "",
      "outcomes (\(report.outcomes.count)):",
    ]
    for outcome in report.outcomes {
      let broken = outcome.violations.isEmpty ? "none" : outcome.violations.joined(separator: ", ")
      lines.append("  \(Count.text(outcome.count)) × \(outcome.headline)")
      if let figures = outcome.figures { lines.append("      \(figures)") }
      lines.append(
        "      broken: \(broken) · replay: \(report.replayCommand) --schedule \(outcome.schedule)")
    }
    lines.append("")
    if report.violations.isEmpty {
      lines.append("no invariant breaks in any schedule explored")
    }
    var shown: [String: String] = [:]
    for violation in report.violations {
      let choices = violation.deviations == 1 ? "choice" : "choices"
      let head =
        "!! \(violation.name) breaks in \(Count.text(violation.count)) of "
        + "\(Count.of(report.schedules, "schedule")); shortest counterexample: "
      if let first = shown[violation.schedule] {
        lines.append(head + "the one shown for \(first) above, schedule \(violation.schedule)")
        lines.append("")
        continue
      }
      shown[violation.schedule] = violation.name
      lines.append(
        head + "\(violation.deviations) \(choices) off the default, schedule \(violation.schedule)")
      lines.append("    replay: \(report.replayCommand) --schedule \(violation.schedule)")
      lines.append("")
      if let trace = violation.trace {
        lines += TextTraceRenderer.render(trace).split(
          separator: "\n", omittingEmptySubsequences: false
        ).dropLast().map { "    " + $0 }
        lines.append("")
      }
    }
    lines.append(verdictLine(report))
    return lines.map { line in
      var line = VisibleText.escaping(line)
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n") + "\n"
  }

  /// `expected to break: a, b → as expected`, or what differs.
  public static func verdictLine(_ report: ExplorationReport) -> String {
    let verdict = report.verdict
    let expected = verdict.expected.isEmpty ? "none" : verdict.expected.joined(separator: ", ")
    var line = "expected to break: \(expected) → "
    if let reason = verdict.notChecked { return line + "\(reason), not checked" }
    var differences: [String] = []
    if !verdict.missing.isEmpty {
      differences.append("missing: " + verdict.missing.joined(separator: ", "))
    }
    if !verdict.unexpected.isEmpty {
      differences.append("unexpected: " + verdict.unexpected.joined(separator: ", "))
    }
    if let shard = report.shard {
      line +=
        differences.isEmpty
        ? "nothing unexpected in shard \(shard.index)/\(shard.count); merge every shard's "
          + "--format json output with racelab explore --merge for the whole verdict"
        : "NOT as expected · " + differences.joined(separator: " · ")
      return line
    }
    if let notCovered = verdict.notCovered {
      differences.append("space not covered (\(notCovered))")
    }
    return line
      + (differences.isEmpty
        ? "as expected" : "NOT as expected · " + differences.joined(separator: " · "))
  }
}

/// Renders an exploration report as one JSON object with sorted keys: `schedules`, `complete`,
/// `states`, `outcomes[] {summary, count, schedule, headline, figures (when the headline is the
/// model's answer)}`, `violations {NAME: {count, schedule, trace}}`.
public enum ExplorationJSONRenderer {
  /// The report as JSON, ending in one newline.
  public static func render(_ report: ExplorationReport) -> String {
    let outcomes = report.outcomes.map { outcome in
      JSONValue.object(
        [
          (
            "summary",
            .object(
              TraceEventJSON.members(outcome.summary) + [
                ("violations", .array(outcome.violations.map(JSONValue.string)))
              ])
          ),
          ("count", .int(Int64(outcome.count))),
          ("schedule", .string(outcome.schedule)),
          ("headline", .string(outcome.headline)),
        ] + (outcome.figures.map { [("figures", JSONValue.string($0))] } ?? []))
    }
    let violations = report.violations.map { violation in
      (
        violation.name,
        JSONValue.object([
          ("count", .int(Int64(violation.count))),
          ("schedule", .string(violation.schedule)),
          ("deviations", .int(Int64(violation.deviations))),
          ("trace", violation.trace.map(JSONTraceRenderer.traceEvents) ?? .null),
        ])
      )
    }
    let document = JSONValue.object([
      ("formatVersion", .int(JSONFormat.version)),
      ("scenario", .string(report.scenario)),
      ("model", .string(report.model)),
      ("runtime", .string(report.runtime)),
      ("variant", .string(report.variant)),
      ("strategy", .string(report.strategy)),
      ("schedules", .int(Int64(report.schedules))),
      ("complete", .bool(report.complete)),
      ("states", report.states.map { .int(Int64($0)) } ?? .null),
      ("outcomes", .array(outcomes)),
      ("violations", .object(violations)),
      ("expectedViolations", .array(report.expectedViolations.map(JSONValue.string))),
      ("missingViolations", .array(report.verdict.missing.map(JSONValue.string))),
      ("unexpectedViolations", .array(report.verdict.unexpected.map(JSONValue.string))),
      ("notCovered", report.verdict.notCovered.map(JSONValue.string) ?? .null),
      ("notChecked", report.verdict.notChecked.map(JSONValue.string) ?? .null),
      ("expectationsMet", .bool(report.expectationsMet)),
      ("scenarioHash", .string(report.scenarioHash)),
      ("replayCommand", .string(report.replayCommand)),
      (
        "shard",
        report.shard.map { shard in
          JSONValue.object([
            ("index", .int(Int64(shard.index))), ("count", .int(Int64(shard.count))),
            ("subtrees", .int(Int64(shard.subtrees))), ("mine", .int(Int64(shard.mine))),
          ])
        } ?? .null
      ),
    ])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

extension JSONTraceRenderer {
  /// A run's trace events as a JSON array, one object per event.
  static func traceEvents(of report: RunReport) -> JSONValue {
    let events = TraceEventJSON(laneNames: report.laneNames)
    return .array(report.result.trace.map(events.object))
  }
}
