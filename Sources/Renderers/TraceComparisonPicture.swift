import ModelContract
import RacelabKernel

/// Renders several runs of one scenario as a self-contained SVG picture: one column per run,
/// the merged trace lines as rows aligned across the columns (a run that lacks a line leaves
/// its cell empty), and the rows that not every run has shaded and marked `≠`, so what a guard
/// or a runtime changes is seen at a glance. Each column ends with its run's answer.
///
/// A line longer than a cell shows its start and `…`; the whole line is the cell's tooltip.
/// Coordinates are integers, so the same runs give the same bytes.
public enum TraceComparisonPicture {
  static let characters = 92
  static let characterWidth = 6
  static let rowHeight = 15
  static let markWidth = 24

  /// The picture of `runs` (at least one, at most 26), ending with exactly one newline.
  public static func render(_ runs: [TraceComparison.Run]) -> String {
    precondition(!runs.isEmpty && runs.count <= 26, "compare takes 1 to 26 runs")
    let letters = TraceComparison.letters(runs.count)
    let (_, _, merged) = TraceComparison.aligned(runs)
    let first = runs[0].report
    let columnWidth = characters * characterWidth + 16
    let width = markWidth + runs.count * columnWidth + 10
    let top = 70
    let bodyBottom = top + merged.count * rowHeight
    let height = bodyBottom + 30 + 2 * rowHeight + 10
    let esc = SVGTimelineRenderer.escape
    let heading =
      "racelab compare · \(first.model) · scenario \(first.scenario)"
      + (first.title.map { " — \($0)" } ?? "")
    let differing = merged.filter { $0.runs.count != runs.count }.count
    var out = [
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
        + #"viewBox="0 0 \#(width) \#(height)" role="img" font-family="sans-serif" "#
        + #"font-size="10">"#,
      "<title>\(esc(heading))</title>",
      "<desc>\(esc("\(runs.count) runs side by side; \(differing) of \(merged.count) "))"
        + "\(esc("trace lines are not in every run, shaded and marked ≠"))</desc>",
      "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
      "<text x=\"10\" y=\"20\" font-size=\"13\" font-weight=\"bold\">\(esc(heading))</text>",
    ]
    func x(_ run: Int) -> Int { markWidth + run * columnWidth }
    for (run, letter) in letters.enumerated() {
      out.append(
        "<text x=\"\(x(run) + 4)\" y=\"\(top - 14)\" font-size=\"11\" font-weight=\"bold\">"
          + "\(esc("\(letter)  \(runs[run].label)"))</text>")
      if let warning = runs[run].warning {
        // Above the run's label, cut to its column; the whole warning is the tooltip.
        let shown = TraceComparison.warningMark + warning
        out.append(
          "<text x=\"\(x(run) + 4)\" y=\"\(top - 30)\" fill=\"#92400e\"><title>\(esc(shown))"
            + "</title>\(esc(cell(shown)))</text>")
      }
    }
    for (index, line) in merged.enumerated() {
      let y = top + index * rowHeight
      let shared = line.runs.count == runs.count
      if !shared {
        out.append(
          "<rect x=\"0\" y=\"\(y)\" width=\"\(width)\" height=\"\(rowHeight)\" "
            + "fill=\"#fef3c7\"/><text x=\"6\" y=\"\(y + 11)\" font-weight=\"bold\" "
            + "fill=\"#92400e\">≠</text>")
      }
      let text = cell(line.text)
      for run in line.runs {
        out.append(
          "<text x=\"\(x(run) + 4)\" y=\"\(y + 11)\" font-family=\"monospace\" "
            + "xml:space=\"preserve\"\(line.text.hasPrefix("!!") ? " fill=\"#9a3412\"" : "")>"
            + "<title>\(esc(line.text))</title>\(esc(text))</text>")
      }
    }
    for run in runs.indices {
      out.append(
        "<line x1=\"\(x(run))\" y1=\"\(top - 4)\" x2=\"\(x(run))\" y2=\"\(bodyBottom)\" "
          + "stroke=\"#d0d4da\"/>")
      let violations = runs[run].report.result.violations
      out.append(
        "<text x=\"\(x(run) + 4)\" y=\"\(bodyBottom + 24)\" font-size=\"11\" "
          + "font-weight=\"bold\">\(esc(runs[run].report.headline))</text>")
      out.append(
        "<text x=\"\(x(run) + 4)\" y=\"\(bodyBottom + 24 + rowHeight)\" font-size=\"11\">"
          + esc("broken: " + (violations.isEmpty ? "none" : violations.joined(separator: ", ")))
          + "</text>")
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// A trace line as a cell shows it: a happening's columns closed up to two spaces, a further
  /// explanation indented under it, cut at the cell's width.
  static func cell(_ text: String) -> String {
    let visible = VisibleText.escaping(text)
    let shown =
      visible.prefix(20).allSatisfy { $0 == " " }
      ? "      " + visible.drop { $0 == " " }
      : visible.split(separator: "  ").map { $0.drop { $0 == " " } }.joined(separator: "  ")
    guard shown.count > characters else { return shown }
    return String(shown.prefix(characters - 1)) + "…"
  }
}
