import ModelContract
import RacelabKernel
import Renderers

/// One run of real code replayed, with its trace in racelab's words: the text trace, its JSON
/// document and its SVG picture, drawn by the renderers that draw a model's runs.
public struct RaceRun: Sendable, CustomStringConvertible {
  /// The body's result as text, or ``RaceOutcome/unfinished``.
  public var result: String
  /// Checks and invariants broken, in order.
  public var violations: [String]
  /// What racelab could not control.
  public var problems: [String]
  /// Whether the schedule fitted the run (every deviation fell on a choice point it reached).
  public var fitted: Bool
  /// The run as the renderers read it.
  let report: RunReport

  init(record: RealCodeRunRecord, schedule: Schedule, fitted: Bool) {
    result = record.result ?? RaceOutcome.unfinished
    violations = record.violations.map(\.name)
    problems = record.problems
    self.fitted = fitted
    let summary = [TraceField("result", .text(result))]
    var report = RunReport(
      scenario: "replay", title: nil, model: "real code", runtime: "swift",
      variant: "as written", start: "t = 0 on racelab's clock", initialState: [],
      laneNames: record.laneNames,
      result: SimulationResult(
        endTime: record.endTime, trace: record.events, violations: violations,
        violationTimes: record.violations.map(\.time), summary: summary),
      headline: "result \(result)", expectations: [], schedule: schedule.text)
    report.expectationsNotChecked = "real code states its checks with Race.check and Race.always"
    self.report = report
  }

  /// The text trace: a header, one line per thing that happened at its virtual time, and the
  /// result.
  public var text: String {
    TextTraceRenderer.render(report)
  }

  /// The text trace's lines.
  public var trace: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The run as a JSON document, as `racelab run --format json` writes a model's.
  public var json: String {
    JSONTraceRenderer.render(report)
  }

  /// The run as an SVG timeline, as `racelab run --format svg` draws a model's.
  public var svg: String {
    SVGTimelineRenderer.render(report)
  }

  /// The text trace, then what racelab could not control.
  public var description: String {
    text + problems.map { "problem: \($0)\n" }.joined()
  }
}
