import Foundation
import RacelabKernel

/// What `racelab explore` found for one scenario, ready to render.
public struct ExplorationReport: Sendable {
  /// A distinct outcome.
  public struct Outcome: Sendable {
    /// The model's closing figures.
    public var summary: [TraceField]
    /// Invariants broken, in order of first occurrence.
    public var violations: [String]
    /// The model's one-line answer for it.
    public var headline: String
    /// Schedules that reached it.
    public var count: Int
    /// A token that replays one of them.
    public var schedule: String

    /// Creates an outcome.
    public init(
      summary: [TraceField], violations: [String], headline: String, count: Int, schedule: String
    ) {
      self.summary = summary
      self.violations = violations
      self.headline = headline
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
    /// The counterexample's run.
    public var trace: RunReport

    /// Creates a finding.
    public init(name: String, count: Int, schedule: String, deviations: Int, trace: RunReport) {
      self.name = name
      self.count = count
      self.schedule = schedule
      self.deviations = deviations
      self.trace = trace
    }
  }

  /// The scenario's name.
  public var scenario: String
  /// The model, runtime and variant.
  public var model: String, runtime: String, variant: String
  /// `exhaustive`, `exhaustive (no pruning)`, `random N, seed S` — and the shard, if any.
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
  /// The invariants the scenario's `explore:` block expects to break.
  public var expectedViolations: [String]
  /// Whether the findings match the expectation (and the space was covered where required).
  public var expectationsMet: Bool

  /// Creates a report.
  public init(
    scenario: String, model: String, runtime: String, variant: String, strategy: String,
    schedules: Int, complete: Bool, states: Int?, outcomes: [Outcome], violations: [Violation],
    expectedViolations: [String], expectationsMet: Bool
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
    self.expectedViolations = expectedViolations
    self.expectationsMet = expectationsMet
  }
}

/// Renders an exploration report as text: the coverage, each outcome, and for each broken
/// invariant its shortest counterexample with the full trace.
public enum ExplorationTextRenderer {
  /// The report as text, ending in one newline; replay commands name `file`.
  public static func render(_ report: ExplorationReport, file: String = "FILE") -> String {
    var lines = [
      "racelab explore · \(report.model) · runtime \(report.runtime) · variant \(report.variant)",
      "scenario \(report.scenario) · \(report.strategy)",
      "\(report.schedules) schedules · "
        + (report.states.map { "\($0) states" } ?? "states not tracked")
        + " · complete: \(report.complete)",
      "",
      "outcomes (\(report.outcomes.count)):",
    ]
    for outcome in report.outcomes {
      let broken = outcome.violations.isEmpty ? "none" : outcome.violations.joined(separator: ", ")
      lines.append("  \(outcome.count) × \(outcome.headline)")
      lines.append(
        "      broken: \(broken) · replay: racelab run \(file) --schedule \(outcome.schedule)")
    }
    lines.append("")
    if report.violations.isEmpty {
      lines.append("no invariant breaks in any schedule explored")
    }
    for violation in report.violations {
      let choices = violation.deviations == 1 ? "choice" : "choices"
      lines.append(
        "!! \(violation.name) breaks in \(violation.count) of \(report.schedules) schedules; "
          + "shortest counterexample: \(violation.deviations) \(choices) off the default, "
          + "schedule \(violation.schedule)")
      lines.append("")
      lines += TextTraceRenderer.render(violation.trace).split(
        separator: "\n", omittingEmptySubsequences: false
      ).dropLast().map { "    " + $0 }
      lines.append("")
    }
    let expected =
      report.expectedViolations.isEmpty ? "none" : report.expectedViolations.joined(separator: ", ")
    lines.append(
      "expected to break: \(expected) → "
        + (report.expectationsMet ? "as expected" : "NOT as expected"))
    return lines.map { line in
      var line = line
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n") + "\n"
  }
}

/// Renders an exploration report as one JSON object with sorted keys: `schedules`, `complete`,
/// `states`, `outcomes[] {summary, count, schedule}`, `violations {NAME: {count, schedule,
/// trace}}`.
public enum ExplorationJSONRenderer {
  /// The report as JSON, ending in one newline.
  public static func render(_ report: ExplorationReport) -> String {
    let outcomes = report.outcomes.map { outcome in
      JSONValue.object([
        (
          "summary",
          .object(
            TraceEventJSON.members(outcome.summary) + [
              ("violations", .array(outcome.violations.map(JSONValue.string)))
            ])
        ),
        ("count", .int(Int64(outcome.count))),
        ("schedule", .string(outcome.schedule)),
      ])
    }
    let violations = report.violations.map { violation in
      (
        violation.name,
        JSONValue.object([
          ("count", .int(Int64(violation.count))),
          ("schedule", .string(violation.schedule)),
          ("deviations", .int(Int64(violation.deviations))),
          ("trace", JSONTraceRenderer.traceEvents(of: violation.trace)),
        ])
      )
    }
    let document = JSONValue.object([
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
      ("expectationsMet", .bool(report.expectationsMet)),
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
