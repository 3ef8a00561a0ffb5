import RacelabKernel
import Renderers
import ScenarioFormat

/// Runs decoded scenarios through their model: the one code path shared by `run`, `check`,
/// replay and exploration (only the strategy differs).
public enum ScenarioExecution {
  /// Runs a timeline scenario with `strategy` and builds its report.
  public static func report<Strategy: SchedulingStrategy>(
    _ scenario: Scenario, timeline: [ScriptedHappening], strategy: Strategy,
    schedule: String? = nil, traceLimit: Int = .max
  ) -> RunReport {
    guard let definition = ModelCatalog.definition(named: scenario.model) else {
      preconditionFailure("the scenario layer accepted an unknown model")
    }
    return report(
      definition, scenario, timeline: timeline, strategy: strategy, schedule: schedule,
      traceLimit: traceLimit)
  }

  private static func report<Definition: ModelDefinition, Strategy: SchedulingStrategy>(
    _ definition: Definition.Type, _ scenario: Scenario, timeline: [ScriptedHappening],
    strategy: Strategy, schedule: String?, traceLimit: Int
  ) -> RunReport {
    let result = Definition.simulate(
      setup: scenario.setup, profile: scenario.runtime, timeline: timeline, strategy: strategy,
      traceLimit: traceLimit
    ).result
    let setup = scenario.setup
    return RunReport(
      scenario: scenario.name, title: scenario.title, model: scenario.model,
      runtime: scenario.runtime.name, variant: setup.variant,
      start:
        "\(setup.wallClock.localText(at: .zero)) (epoch day \(setup.wallClock.epochDay(at: .zero)))",
      initialState: Definition.initialFacts(setup),
      laneNames: Definition.makeModel(setup).laneNames, result: result,
      headline: Definition.headline(summary: result.summary),
      expectations: ExpectationChecker.check(scenario.expectations, against: result),
      schedule: schedule,
      fixHint: Definition.advice(setup: setup, runtime: scenario.runtime, result: result))
  }

  /// Runs a timeline scenario's simulation only, for exploration and benchmarks.
  public static func simulate<Definition: ModelDefinition, Strategy: SchedulingStrategy>(
    _ definition: Definition.Type, _ scenario: Scenario, timeline: [ScriptedHappening],
    strategy: Strategy, tracing: Bool = true
  ) -> (result: SimulationResult, strategy: Strategy) {
    Definition.simulate(
      setup: scenario.setup, profile: scenario.runtime, timeline: timeline, strategy: strategy,
      tracing: tracing)
  }

  /// Whether every deviation of `schedule` lands on a choice point the run reaches.
  static func fits(_ schedule: Schedule, scenario: Scenario, timeline: [ScriptedHappening]) -> Bool
  {
    explorer(for: scenario, timeline: timeline).fits(schedule)
  }

  /// An explorer of the scenario's space, type-erased over its model.
  static func explorer(for scenario: Scenario, timeline: [ScriptedHappening]) -> any ScenarioSpace {
    guard let definition = ModelCatalog.definition(named: scenario.model) else {
      preconditionFailure("the scenario layer accepted an unknown model")
    }
    return makeSpace(definition, scenario, timeline)
  }

  private static func makeSpace<Definition: ModelDefinition>(
    _ definition: Definition.Type, _ scenario: Scenario, _ timeline: [ScriptedHappening]
  ) -> any ScenarioSpace {
    Explorer<Definition>(setup: scenario.setup, profile: scenario.runtime, timeline: timeline)
  }

  /// Evaluates a truth-table scenario.
  public static func tableReport(_ scenario: Scenario, table: String, rows: [TableRow])
    -> TableReport
  {
    guard let definition = ModelCatalog.definition(named: scenario.model) else {
      preconditionFailure("the scenario layer accepted an unknown model")
    }
    let results = rows.map {
      definition.evaluate(table: table, row: $0.values, setup: scenario.setup)
    }
    let columns = definition.vocabulary.tables.first { $0.name == table }?.columns ?? []
    let cells = rows.map { row in
      columns.filter { $0.name != "expect" }.map { column in
        "\(column.name) \(row.values[column.name].map { describe($0, as: column.kind) } ?? "-")"
      }
    }
    return TableReport(
      scenario: scenario.name, title: scenario.title, model: scenario.model, table: table,
      rows: zip(cells, results).map { TableReport.Row(inputs: $0.0, result: $0.1) })
  }

  /// A setting as files write it: `never` for an absent date, `none` for other absent values.
  static func describe(_ value: SettingValue, as kind: ValueKind) -> String {
    switch value {
    case .duration(let nanoseconds): DurationText.format(nanoseconds)
    case .integer(let number): String(number)
    case .boolean(let flag): String(flag)
    case .text(let text), .word(let text): text
    case .date(let day): CalendarDate(epochDay: day).text
    case .absent: kind == .dateOrNever ? "never" : "none"
    }
  }
}
