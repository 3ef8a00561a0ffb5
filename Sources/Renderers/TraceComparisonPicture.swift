import ModelContract
import RacelabKernel

/// Renders several runs of one scenario as a self-contained SVG picture: one column per run,
/// the merged trace lines as rows aligned across the columns (a run that lacks a line leaves
/// its cell empty), and the rows that not every run has shaded and marked `≠`, so what a guard
/// or a runtime changes is seen at a glance. Each column ends with its run's answer.
///
/// A line longer than a cell wraps onto further lines of its row (and its row is as tall as its
/// longest cell), and an answer wraps within its column, so nothing is cut and no column's
/// text runs into the next; the picture is as wide as its heading. Coordinates are integers,
/// so the same runs give the same bytes.
public enum TraceComparisonPicture {
  static let characters = 92
  static let characterWidth = 6
  static let rowHeight = 15
  static let markWidth = 24
  /// The characters of an answer line a column holds (bold, 11 px).
  static let answerCharacters = 80

  /// The picture of `runs` (at least one, at most 26), ending with exactly one newline.
  public static func render(_ runs: [TraceComparison.Run]) -> String {
    precondition(!runs.isEmpty && runs.count <= 26, "compare takes 1 to 26 runs")
    let letters = TraceComparison.letters(runs.count)
    let (_, _, merged) = TraceComparison.aligned(runs)
    let first = runs[0].report
    let columnWidth = characters * characterWidth + 16
    let esc = SVGTimelineRenderer.escape
    let heading =
      "racelab compare · \(first.model) · scenario \(first.scenario)"
      + (first.title.map { " — \($0)" } ?? "")
    // Wide enough for the columns and for the heading (bold, about 9 px a character).
    let width = max(markWidth + runs.count * columnWidth + 10, 20 + 9 * heading.count)
    let warnings = runs.map { run in
      run.warning.map { LineWrapping.lines(TraceComparison.warningMark + $0, width: characters) }
        ?? []
    }
    let labelsBottom = 50 + rowHeight * (warnings.map(\.count).max() ?? 0)
    let top = labelsBottom + 20
    let cells = merged.map { wrap($0.text) }
    var rowTops: [Int] = []
    var y = top
    for lines in cells {
      rowTops.append(y)
      y += lines.count * rowHeight
    }
    let bodyBottom = y
    let answers = runs.map { run in
      let violations = run.report.result.violations
      return (
        LineWrapping.lines(run.report.headline, width: answerCharacters),
        LineWrapping.lines(
          "broken: " + (violations.isEmpty ? "none" : violations.joined(separator: ", ")),
          width: answerCharacters)
      )
    }
    let answerLines = answers.map { $0.0.count + $0.1.count }.max() ?? 0
    let height = bodyBottom + 24 + answerLines * rowHeight + 10
    let differing = merged.filter { $0.runs.count != runs.count }.count
    var out = [
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
        + #"viewBox="0 0 \#(width) \#(height)" role="img" font-family="sans-serif" "#
        + #"font-size="10">"#,
      "<title>\(esc(heading))</title>",
      "<desc>\(esc("\(runs.count) runs side by side; \(differing) of \(merged.count) "))"
        + "\(esc("trace lines are not in every run, shaded and marked ≠"))</desc>",
      "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
      "<text x=\"10\" y=\"20\" font-size=\"13\" font-weight=\"bold\" class=\"heading\">"
        + "\(esc(heading))</text>",
    ]
    func x(_ run: Int) -> Int { markWidth + run * columnWidth }
    for (run, letter) in letters.enumerated() {
      // Each warning line above the run's label, in its column.
      for (index, line) in warnings[run].enumerated() {
        out.append(
          "<text x=\"\(x(run) + 4)\" y=\"\(46 + index * rowHeight)\" fill=\"#92400e\" "
            + "class=\"warning\">\(esc(line))</text>")
      }
      out.append(
        "<text x=\"\(x(run) + 4)\" y=\"\(labelsBottom + 6)\" font-size=\"11\" "
          + "font-weight=\"bold\" class=\"run\">\(esc("\(letter)  \(runs[run].label)"))</text>")
    }
    for (index, line) in merged.enumerated() {
      let y = rowTops[index]
      let shared = line.runs.count == runs.count
      if !shared {
        out.append(
          "<rect x=\"0\" y=\"\(y)\" width=\"\(width)\" height=\"\(cells[index].count * rowHeight)\" "
            + "fill=\"#fef3c7\"/><text x=\"6\" y=\"\(y + 11)\" font-weight=\"bold\" "
            + "fill=\"#92400e\">≠</text>")
      }
      for run in line.runs {
        for (offset, text) in cells[index].enumerated() {
          out.append(
            "<text x=\"\(x(run) + 4)\" y=\"\(y + 11 + offset * rowHeight)\" "
              + "font-family=\"monospace\" xml:space=\"preserve\" class=\"cell\""
              + "\(line.text.hasPrefix("!!") ? " fill=\"#9a3412\"" : "")>\(esc(text))</text>")
        }
      }
    }
    for run in runs.indices {
      out.append(
        "<line x1=\"\(x(run))\" y1=\"\(top - 4)\" x2=\"\(x(run))\" y2=\"\(bodyBottom)\" "
          + "stroke=\"#d0d4da\"/>")
      let (headline, broken) = answers[run]
      for (offset, text) in headline.enumerated() {
        out.append(
          "<text x=\"\(x(run) + 4)\" y=\"\(bodyBottom + 24 + offset * rowHeight)\" "
            + "font-size=\"11\" font-weight=\"bold\" class=\"answer\">\(esc(text))</text>")
      }
      for (offset, text) in broken.enumerated() {
        out.append(
          "<text x=\"\(x(run) + 4)\" "
            + "y=\"\(bodyBottom + 24 + (headline.count + offset) * rowHeight)\" font-size=\"11\" "
            + "class=\"answer\">\(esc(text))</text>")
      }
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// A trace line as a cell shows it: a happening's columns closed up to two spaces, a further
  /// explanation indented under it, wrapped at the cell's width (a continuation indented).
  static func wrap(_ text: String) -> [String] {
    let visible = VisibleText.escaping(text)
    let shown =
      visible.prefix(20).allSatisfy { $0 == " " }
      ? "      " + visible.drop { $0 == " " }
      : visible.split(separator: "  ").map { $0.drop { $0 == " " } }.joined(separator: "  ")
    return LineWrapping.lines(shown, width: characters, indent: "        ")
  }
}
