import ModelContract
import RacelabKernel

/// Renders a run as the text trace, the project's golden format: a header, one line per
/// happening in virtual time, and a closing summary that answers the question first.
///
/// The output depends only on the report: no real time, no paths, no hash order, so the same
/// report gives the same bytes on every machine and run. Text from the scenario (a title, a
/// version) is shown with its control characters escaped (``VisibleText``): it can neither drive
/// the reader's terminal nor start a line of its own.
public enum TextTraceRenderer {
  /// The text trace of `report`, ending with exactly one newline.
  public static func render(_ report: RunReport) -> String {
    let phrases = Phrasebook(
      words: RuntimeWords(runtime: report.runtime), laneNames: report.laneNames)
    let body = RuleGlossary.glossingFirstUses(
      TraceNarrator.lines(of: report.result.trace, phrases: phrases))
    let layout = TraceLayout(laneNames: report.laneNames, lines: body)
    var lines = header(of: report)
    lines.append("")
    lines.append(layout.columnHeader)
    lines += layout.format(body)
    lines.append("")
    lines += TraceSummary.lines(of: report)
    return lines.map(VisibleText.escaping).joined(separator: "\n") + "\n"
  }

  private static func header(of report: RunReport) -> [String] {
    [
      "racelab · \(report.model) · runtime \(report.runtime) · "
        + (report.customTaskBody ? "custom task body" : "variant \(report.variant)"),
      "scenario \(report.scenario)" + (report.title.map { " — \"\($0)\"" } ?? ""),
      (["start \(report.start)"] + report.initialState).joined(separator: " · "),
    ]
  }
}
