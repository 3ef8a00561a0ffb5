import ModelLanguage
import RacelabKernel
import Renderers
import Reports

/// `racelab run FILE…`: runs each file (every scenario of a folder, standard input for `-`)
/// and prints its trace, or its table.
public struct RunCommand: Sendable {
  /// Output formats.
  public enum Format: String, Sendable, CaseIterable {
    case text
    case json
    /// A Mermaid `sequenceDiagram` of the timeline (a truth table has none).
    case mermaid
    /// An SVG swimlane picture of the timeline (a truth table has none).
    case svg

    /// Whether the format draws a timeline, which a truth table does not have.
    var drawsTimeline: Bool { self == .mermaid || self == .svg }
  }

  /// The operands: files, folders, `-`.
  public var files: [String]
  /// The output format.
  public var format: Format = .text
  /// Overrides of every file's variant and runtime.
  public var overrides = Overrides()
  /// A schedule token from `racelab explore` to replay (one file only).
  public var schedule: String?
  /// How large files and runs may be.
  public var limits = ScenarioLimits()
  /// Whether the text trace is brief: its facts without the bookkeeping (hops, calls, returns,
  /// rule names, default world choices, normal task ends, timers whose task runs next).
  public var brief = false

  /// Creates the command.
  public init(
    files: [String], format: Format = .text, overrides: Overrides = Overrides(),
    schedule: String? = nil
  ) {
    self.files = files
    self.format = format
    self.overrides = overrides
    self.schedule = schedule
  }

  /// Runs every file; the status is the worst of the files'.
  public func execute(console: Console) -> ExitStatus {
    var junit: JUnitReport?
    return ScenarioFiles.each(
      files, overrides: overrides, limits: limits, console: console, junit: &junit
    ) { file, console in
      var replay: ScheduleToken?
      if let schedule {
        do throws(CommandError) {
          replay = try ScenarioRunner.token(schedule, for: file)
        } catch {
          console.report(error)
          return .badInput
        }
      }
      // A text trace or JSON document is written while the run goes, so a run of any length
      // fits in memory; a picture needs the whole trace.
      let output =
        format.drawsTimeline
        ? ScenarioRunner.render(file, format: format, replay: replay)
        : ScenarioRunner.write(
          file, format: format, replay: replay, brief: brief, console: console)
      if let incomplete = output.incomplete {
        console.report(incomplete)
        return .badInput
      }
      if format.drawsTimeline { console.write(output.text) }
      console.annotate(output.failedExpectations, path: file.displayPath)
      return output.held ? .success : .failure
    }
  }
}
