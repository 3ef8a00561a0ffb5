import ModelContract
import RacelabKernel
import Renderers
import ScenarioFormat
import YAML

/// Runs and replays loaded scenario files: the one service `run`, `check` and `explore` share.
enum ScenarioRunner {
  /// What rendering one file gave.
  struct Output {
    /// The trace, table or JSON.
    var text: String
    /// Whether its expectations held (or were not checked).
    var held: Bool
    /// The model's one-line answers in it, for painting on a terminal.
    var headlines: [String]
    /// Why the output is not the whole run (the trace passed its limit), if it is not.
    var incomplete: CommandError?
    /// The expectations that did not hold, each with where the file writes it.
    var failedExpectations: [(location: SourceLocation?, check: ExpectationCheck)] = []
  }

  /// The file's output in `format`, replaying `replay` if given.
  static func render(_ file: ScenarioFile, format: RunCommand.Format, replay: ScheduleToken? = nil)
    -> Output
  {
    let scenario = file.scenario
    switch scenario.content {
    case .timeline(let timeline):
      let report = self.report(
        file, timeline: timeline, schedule: replay?.schedule ?? .default,
        token: replay?.text)
      guard !report.result.traceOverflowed else {
        return Output(text: "", held: false, headlines: [], incomplete: traceTooLong(file))
      }
      let text =
        switch format {
        case .text: TextTraceRenderer.render(report)
        case .json: JSONTraceRenderer.render(report)
        case .mermaid: MermaidTraceRenderer.render(report)
        case .svg: SVGTimelineRenderer.render(report)
        }
      return output(text, of: report, file)
    case .table(let name, let rows):
      guard !format.drawsTimeline else {
        return Output(
          text: "", held: false, headlines: [],
          incomplete: .input(
            "\(file.displayPath): a truth-table scenario has no timeline to draw; "
              + "use --format text or json"))
      }
      let report = ScenarioExecution.tableReport(
        file.definition, scenario, table: name, rows: rows)
      let text =
        format == .json ? TableJSONRenderer.render(report) : TableTextRenderer.render(report)
      return Output(text: text, held: report.allHold, headlines: [])
    }
  }

  /// Runs the file and writes its text trace or JSON document to `console` while it runs,
  /// keeping none of the trace (a table is written once it is complete); the output's text is
  /// empty. The text trace's first run measures its columns; the JSON document's first run
  /// gives the members written before the trace.
  static func write(
    _ file: ScenarioFile, format: RunCommand.Format, replay: ScheduleToken?, brief: Bool = false,
    console: Console
  ) -> Output {
    guard case .timeline(let timeline) = file.scenario.content else {
      let output = render(file, format: format, replay: replay)
      if output.incomplete == nil {
        console.write(
          format == .text ? console.paint(output.text, headlines: output.headlines) : output.text)
      }
      return output
    }
    let text = TextTraceMeasure(
      runtime: file.scenario.runtime.name, laneNames: file.definition.laneNames, brief: brief)
    let report = ScenarioExecution.stream(
      file.definition, file.scenario, timeline: timeline,
      strategy: ReplayStrategy(replay?.schedule ?? .default), schedule: replay?.text,
      traceLimit: file.limits.traceEvents, measure: format == .text ? text : DiscardedTrace(),
      adjust: { report in
        report.expectationsNotChecked = file.expectationsNotChecked(
          along: replay?.schedule ?? .default)
        report.exploreHint = file.exploreHint(for: report, along: replay?.schedule ?? .default)
        report.customTaskBody = file.scenario.setup.replacesTaskBodies
        report.defaultViolations = file.defaultViolations(
          timeline: timeline, along: replay?.schedule ?? .default)
      },
      writer: { report -> any StreamedTraceWriter in
        guard format == .text else { return JSONTraceWriter(report: report, write: console.write) }
        return TextTraceWriter(report: report, columns: text.finish(), brief: brief) {
          console.write(console.paint($0, headlines: [report.headline]))
        }
      })
    guard !report.result.traceOverflowed else {
      return Output(text: "", held: false, headlines: [], incomplete: traceTooLong(file))
    }
    return output("", of: report, file)
  }

  /// The output `text` of `report`, a run of `file`, with the expectations that did not hold.
  private static func output(_ text: String, of report: RunReport, _ file: ScenarioFile) -> Output {
    var output = Output(text: text, held: report.expectationsMet, headlines: [report.headline])
    let expectations = file.scenario.expectations
    if report.expectationsNotChecked == nil, report.expectations.count == expectations.count {
      output.failedExpectations = zip(expectations, report.expectations)
        .filter { !$0.1.holds }
        .map { written, check in (written.location, check) }
    }
    return output
  }

  /// A sink that drops every event: the first run of a streamed JSON document only needs the
  /// report.
  private final class DiscardedTrace: TraceSink {
    func receive(_ event: TraceEvent) {}
  }

  /// Why a run of `file` has no output: its trace passed the limit.
  static func traceTooLong(_ file: ScenarioFile) -> CommandError {
    .input(
      "\(file.displayPath): the trace is longer than the limit of "
        + "\(file.limits.traceEvents) events (raise it with --limits trace-events=N)")
  }

  /// The file's run along `schedule`, with its expectations checked unless an override
  /// replaced what they were written for or the schedule is not the default.
  static func report(
    _ file: ScenarioFile, timeline: [ScriptedHappening], schedule: Schedule, token: String?
  ) -> RunReport {
    var report = ScenarioExecution.report(
      file.definition, file.scenario, timeline: timeline, strategy: ReplayStrategy(schedule),
      schedule: token,
      traceLimit: file.limits.traceEvents)
    report.expectationsNotChecked = file.expectationsNotChecked(along: schedule)
    report.exploreHint = file.exploreHint(for: report, along: schedule)
    report.customTaskBody = file.scenario.setup.replacesTaskBodies
    report.defaultViolations = file.defaultViolations(timeline: timeline, along: schedule)
    return report
  }

  /// The hash a token for this file, as loaded, carries.
  static func hash(of file: ScenarioFile) -> String {
    ScheduleToken.hash(
      bytes: file.bytes + file.modelBytes, variant: file.scenario.setup.variant,
      runtime: file.scenario.runtime.name)
  }

  /// Parses `text` and checks it against the file it replays; says what to change when the
  /// token was made for the same file under other overrides.
  static func token(_ text: String, for file: ScenarioFile) throws(CommandError) -> ScheduleToken {
    guard let token = ScheduleToken(text) else {
      throw .input(
        "'\(text)' is not a schedule token (racelab explore prints them, such as "
          + "3fa2c9d1:12=1,15=2)")
    }
    guard token.scenarioHash == hash(of: file) else {
      var message =
        "\(file.displayPath): the token was made for another version of this scenario"
      if let flags = overridesGiving(token.scenarioHash, for: file) {
        message +=
          flags.isEmpty
          ? "; it was made without --variant or --runtime: drop them"
          : "; it was made with \(flags.joined(separator: " ")): add that to the command"
      } else {
        message +=
          " (token \(token.scenarioHash), file \(hash(of: file))); run racelab explore again"
      }
      throw .input(message)
    }
    guard case .timeline(let timeline) = file.scenario.content,
      ScenarioExecution.explorer(file.definition, file.scenario, timeline: timeline)
        .fits(token.schedule)
    else {
      throw .input(
        "\(file.displayPath): the token's choices do not fit this scenario's choice points")
    }
    return token
  }

  /// The overrides under which this file's bytes give `hash`, as flags (empty: the file's own
  /// variant and runtime); `nil` when none does.
  private static func overridesGiving(_ hash: String, for file: ScenarioFile) -> [String]? {
    let variants = file.definition.vocabulary.variants.map(\.name)
    for runtime in RuntimeProfile.all.map(\.name) {
      for variant in variants
      where ScheduleToken.hash(
        bytes: file.bytes + file.modelBytes, variant: variant, runtime: runtime) == hash
      {
        return (variant == file.ownVariant ? [] : ["--variant", variant])
          + (runtime == file.ownRuntime ? [] : ["--runtime", runtime])
      }
    }
    return nil
  }
}
