import RacelabKernel
import Renderers
import ScenarioFormat

/// `racelab run FILE… [--format text|json] [--variant V] [--runtime R]`: runs each file and
/// prints its trace (or its table).
public struct RunCommand: Sendable {
  /// Output formats.
  public enum Format: String, Sendable, CaseIterable {
    case text
    case json
  }

  /// The scenario files, in the order given.
  public var files: [String]
  /// The output format.
  public var format: Format = .text
  /// A variant that overrides every file's.
  public var variant: String?
  /// A runtime that overrides every file's.
  public var runtime: String?
  /// A schedule token from `racelab explore` to replay (one file only).
  public var schedule: String?

  /// Creates the command.
  public init(
    files: [String], format: Format = .text, variant: String? = nil, runtime: String? = nil,
    schedule: String? = nil
  ) {
    self.files = files
    self.format = format
    self.variant = variant
    self.runtime = runtime
    self.schedule = schedule
  }

  /// Runs every file; the status is the worst of the files'.
  public func execute(console: Console) -> ExitStatus {
    ScenarioFiles.each(files, variant: variant, runtime: runtime, console: console) {
      path, scenario, bytes in
      var replay: ScheduleToken?
      if let schedule {
        guard
          let token = Self.token(
            schedule, for: scenario, bytes: bytes, path: path, console: console)
        else { return .badInput }
        replay = token
      }
      let (text, held) = Self.render(scenario, format: format, replay: replay)
      console.write(text)
      return held ? .success : .failure
    }
  }

  /// The scenario's output in `format` (replaying `replay` if given), and whether its
  /// expectations held.
  static func render(_ scenario: Scenario, format: Format, replay: ScheduleToken? = nil) -> (
    text: String, held: Bool
  ) {
    switch scenario.content {
    case .timeline(let timeline):
      let report = ScenarioExecution.report(
        scenario, timeline: timeline, strategy: ReplayStrategy(replay?.schedule ?? .default),
        schedule: replay?.text)
      let text =
        format == .json ? JSONTraceRenderer.render(report) : TextTraceRenderer.render(report)
      return (text, report.expectationsMet)
    case .table(let name, let rows):
      let report = ScenarioExecution.tableReport(scenario, table: name, rows: rows)
      let text =
        format == .json ? TableJSONRenderer.render(report) : TableTextRenderer.render(report)
      return (text, report.allHold)
    }
  }

  /// Parses and checks a schedule token against the scenario it is replayed on.
  static func token(
    _ text: String, for scenario: Scenario, bytes: [UInt8], path: String, console: Console
  ) -> ScheduleToken? {
    guard let token = ScheduleToken(text) else {
      console.writeError(
        "racelab: error: '\(text)' is not a schedule token (racelab explore prints them, "
          + "such as 3fa2c9d1:12=1,15=2)\n")
      return nil
    }
    let expected = ScheduleToken.hash(
      bytes: bytes, variant: scenario.setup.variant, runtime: scenario.runtime.name)
    guard token.scenarioHash == expected else {
      console.writeError(
        "racelab: error: \(path): the token was made for another version of this scenario "
          + "(token \(token.scenarioHash), file \(expected)); run racelab explore again\n")
      return nil
    }
    guard case .timeline(let timeline) = scenario.content,
      ScenarioExecution.fits(token.schedule, scenario: scenario, timeline: timeline)
    else {
      console.writeError(
        "racelab: error: \(path): the token's choices do not fit this scenario's choice points\n")
      return nil
    }
    return token
  }

}
