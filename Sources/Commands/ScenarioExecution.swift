import ModelContract
import RacelabKernel
import Renderers
import ScenarioFormat

/// Runs decoded scenarios through the model they are bound to: the one code path shared by
/// `run`, `check`, replay and exploration (only the strategy differs).
public enum ScenarioExecution {
  /// Runs a timeline scenario on `definition` with `strategy` and builds its report.
  public static func report<Strategy: SchedulingStrategy>(
    _ definition: some ModelDefinition, _ scenario: Scenario, timeline: [ScriptedHappening],
    strategy: Strategy, schedule: String? = nil, traceLimit: Int = .max
  ) -> RunReport {
    let result = definition.simulate(
      setup: scenario.setup, profile: scenario.runtime, timeline: timeline, strategy: strategy,
      traceLimit: traceLimit
    ).result
    return report(definition, scenario, result: result, schedule: schedule)
  }

  /// The invariants the default schedule of a timeline scenario breaks, in the order they broke.
  static func defaultViolations(
    _ definition: some ModelDefinition, _ scenario: Scenario, timeline: [ScriptedHappening],
    traceLimit: Int
  ) -> [String] {
    definition.simulate(
      setup: scenario.setup, profile: scenario.runtime, timeline: timeline,
      strategy: ReplayStrategy(.default), traceLimit: traceLimit
    ).result.violations
  }

  /// Runs a timeline scenario on `definition` with `strategy` and writes its output while it
  /// runs, keeping none of the trace: a first run streams to `measure` and gives the report
  /// (which `adjust` finishes), then a second, identical run streams to the writer `writer`
  /// makes for that report. Returns the report, whose trace is empty; when the trace passes
  /// `traceLimit`, no writer is made and the report's result says so.
  static func stream<Strategy: SchedulingStrategy>(
    _ definition: some ModelDefinition, _ scenario: Scenario, timeline: [ScriptedHappening],
    strategy: Strategy, schedule: String?, traceLimit: Int, measure: any TraceSink,
    adjust: (inout RunReport) -> Void, writer: (RunReport) -> any StreamedTraceWriter
  ) -> RunReport {
    let start = ScenarioStart(definition, setup: scenario.setup, timeline: timeline)
    let instants = start.settledArrivalInstants(profile: scenario.runtime, strategy: strategy)
    let result = start.simulate(
      profile: scenario.runtime, strategy: strategy, arrivalInstants: instants,
      streamingTo: measure, traceLimit: traceLimit
    ).result
    var report = report(definition, scenario, result: result, schedule: schedule)
    adjust(&report)
    guard !result.traceOverflowed else { return report }
    let output = writer(report)
    _ = start.simulate(
      profile: scenario.runtime, strategy: strategy, arrivalInstants: instants,
      streamingTo: output, traceLimit: traceLimit)
    output.finish()
    return report
  }

  /// The report of `result`, a run of `scenario` on `definition`.
  private static func report(
    _ definition: some ModelDefinition, _ scenario: Scenario, result: SimulationResult,
    schedule: String?
  ) -> RunReport {
    let setup = scenario.setup
    let closing = definition.closing(summary: result.summary, violations: result.violations)
    // The advice reads the run's answer, which the closing takes off the summary.
    let fixHint = definition.advice(setup: setup, runtime: scenario.runtime, result: result)
    var result = result
    result.summary = closing.summary
    var report = RunReport(
      scenario: scenario.name, title: scenario.title, model: definition.vocabulary.name,
      runtime: scenario.runtime.name, variant: setup.variant,
      start:
        "\(setup.wallClock.localText(at: .zero)) (epoch day \(setup.wallClock.epochDay(at: .zero)))",
      initialState: definition.initialFacts(setup), laneNames: definition.laneNames,
      result: result, headline: closing.headline,
      expectations: ExpectationChecker.check(scenario.expectations, against: result),
      schedule: schedule,
      fixHint: fixHint)
    report.figures = closing.figures
    report.about = scenario.about
    report.termNotes = definition.termNotes(setup)
    return report
  }

  /// An explorer of the scenario's space on `definition`, with the model type erased.
  static func explorer(
    _ definition: any ModelDefinition, _ scenario: Scenario, timeline: [ScriptedHappening]
  ) -> ScenarioSpace {
    ScenarioSpace(
      definition, setup: scenario.setup, profile: scenario.runtime, timeline: timeline)
  }

  /// Evaluates a truth-table scenario on `definition`: a row shows the inputs it gives.
  public static func tableReport(
    _ definition: some ModelDefinition, _ scenario: Scenario, table: String, rows: [TableRow]
  ) -> TableReport {
    let results = rows.map {
      definition.evaluate(table: table, row: $0.values, setup: scenario.setup)
    }
    let vocabulary = definition.vocabulary
    let columns =
      (vocabulary.tables + vocabulary.functions).first { $0.name == table }?.columns ?? []
    let cells = rows.map { row in
      columns.compactMap { column in
        row.values[column.name].map { "\(column.name) \($0.written(as: column.kind))" }
      }
    }
    return TableReport(
      scenario: scenario.name, title: scenario.title, model: definition.vocabulary.name,
      table: table,
      rows: zip(cells, results).map { TableReport.Row(inputs: $0.0, result: $0.1) })
  }
}
