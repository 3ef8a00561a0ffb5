import ModelContract
import RacelabKernel

/// The layout of a timeline's shapes and the SVG document around them.
extension SVGTimeline {
  static let labelWidth = 120
  static let columnWidth = 16
  static let rowHeight = 40
  static let axisHeight = 70
  static let top = 40
  /// A gap between instants longer than this is drawn as a break.
  static let breakAfter = VirtualTime(nanoseconds: 60_000_000_000)

  /// The x of each column: a column apart within an instant, more between instants, by the
  /// number of decimal digits of the gap in microseconds (integers only, so every machine
  /// draws the same picture).
  func columnPositions() -> [Int] {
    var positions: [Int] = []
    var x = Self.labelWidth + 20
    for (index, time) in columnTimes.enumerated() {
      if index > 0 {
        let gap = time.nanoseconds - columnTimes[index - 1].nanoseconds
        x += Self.columnWidth
        if gap > 0 { x += 10 + 10 * String(max(1, gap / 1_000)).count }
      }
      positions.append(x)
    }
    return positions
  }

  func document(report: RunReport) -> String {
    let xs = columnPositions()
    let (rowNames, rowIndex) = packedRows()
    let bodyTop = Self.top + Self.axisHeight
    let bodyBottom = bodyTop + rowNames.count * Self.rowHeight
    let heading =
      "racelab · \(report.model) · \(report.scenario) · runtime \(report.runtime) · "
      + (report.customTaskBody ? "custom task body" : "variant \(report.variant)")
    let violations = report.result.violations
    let verdict =
      report.headline + " · broken: "
      + (violations.isEmpty ? "none" : violations.joined(separator: ", "))
    // Wide enough for the timeline and for the heading and the answer (bold, about 8 px a
    // character).
    let width = max(640, (xs.last ?? 0) + 200, 20 + 8 * max(heading.count, verdict.count))
    let legendTop = bodyBottom + 56
    let height = legendTop + 60
    func y(_ row: TimelineRow) -> Int { bodyTop + (rowIndex[row] ?? 0) * Self.rowHeight + 20 }
    let esc = SVGTimelineRenderer.escape

    var out = [
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
        + #"viewBox="0 0 \#(width) \#(height)" role="img" font-family="sans-serif" "#
        + #"font-size="11">"#,
      "<title>\(esc(heading))</title>",
      "<desc>\(esc((report.title.map { $0 + ". " } ?? "") + verdict))</desc>",
      "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
        + "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffd8a8\"/>"
        + "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#c2410c\" stroke-width=\"3\"/>"
        + "</pattern><pattern id=\"flag-only\" width=\"6\" height=\"6\" "
        + "patternUnits=\"userSpaceOnUse\"><rect width=\"6\" height=\"6\" fill=\"#ede9fe\"/>"
        + "<circle cx=\"3\" cy=\"3\" r=\"1\" fill=\"#7c3aed\"/></pattern></defs>",
      "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
      "<text x=\"10\" y=\"22\" font-size=\"13\" font-weight=\"bold\">\(esc(heading))</text>",
    ]
    // Rows.
    for (index, name) in rowNames.enumerated() {
      let rowTop = bodyTop + index * Self.rowHeight
      out.append(
        "<rect x=\"0\" y=\"\(rowTop)\" width=\"\(width)\" height=\"\(Self.rowHeight)\" "
          + "fill=\"\(index % 2 == 0 ? "#f6f7f9" : "#ffffff")\"/>")
      out.append(
        "<text x=\"10\" y=\"\(rowTop + 24)\" font-weight=\"bold\">\(esc(name))</text>")
    }
    // The time axis: a tick where each instant begins, breaks over long gaps.
    for (index, time) in columnTimes.enumerated()
    where index == 0 || columnTimes[index - 1] != time {
      let x = xs[index]
      out.append(
        "<line x1=\"\(x)\" y1=\"\(bodyTop - 6)\" x2=\"\(x)\" y2=\"\(bodyBottom)\" "
          + "stroke=\"#d0d4da\" stroke-width=\"1\"/>")
      out.append(
        "<text x=\"\(x)\" y=\"\(bodyTop - 10)\" transform=\"rotate(-40 \(x) \(bodyTop - 10))\">"
          + "\(esc(phrases.instants.format(time)))</text>")
      let gap = index > 0 ? time.nanoseconds - columnTimes[index - 1].nanoseconds : 0
      if gap > Self.breakAfter.nanoseconds {
        let middle = (xs[index - 1] + x) / 2
        let length = phrases.instants.length(gap)
        let tooltip = esc("a gap of \(length), not to scale")
        out.append(
          "<g><title>\(tooltip)</title><line x1=\"\(middle - 4)\" y1=\"\(bodyTop)\" "
            + "x2=\"\(middle + 4)\" y2=\"\(bodyBottom)\" stroke=\"#6b7280\" "
            + "stroke-dasharray=\"4 3\"/><text x=\"\(middle - 5)\" y=\"\(bodyBottom + 16)\" "
            + "font-size=\"14\">≈</text></g>")
      }
    }
    // Shapes: spans and bars first, points over them, broken invariants on top.
    let ordered =
      items.filter { if case .broken = $0.shape { false } else { true } }
      + items.filter { if case .broken = $0.shape { true } else { false } }
    // Labels of neighbouring bars or queues on a row, and of successive broken invariants,
    // alternate between two heights so they do not run into each other.
    var barsOnRow: [TimelineRow: Int] = [:]
    var brokenCount = 0
    var brokenLabels: [String] = []
    for item in ordered {
      var stagger = 0
      switch item.shape {
      case .bar:
        stagger = barsOnRow[item.row, default: 0] % 2
        barsOnRow[item.row, default: 0] += 1
      case .broken:
        stagger = brokenCount % 3
        brokenCount += 1
      case .queue:
        stagger = barsOnRow[item.row, default: 0] % 2
        barsOnRow[item.row, default: 0] += 1
      case .span, .flagOnly, .flag, .point: break
      }
      out.append(
        shape(
          item, xs: xs, y: y(item.row), stagger: stagger, bodyTop: bodyTop,
          bodyBottom: bodyBottom))
      if case .broken(let name) = item.shape {
        brokenLabels.append(
          "<text x=\"\(xs[item.column] + 6)\" y=\"\(bodyBottom - 4 - 12 * stagger)\" "
            + "font-size=\"10\" font-weight=\"bold\" fill=\"#9a3412\">"
            + "\(esc("BROKEN \(name)"))</text>")
      }
    }
    // Over every band, so no band hides another's name.
    out += brokenLabels
    // The answer and the legend.
    out.append(
      "<text x=\"10\" y=\"\(bodyBottom + 36)\" font-size=\"12\" font-weight=\"bold\">"
        + "\(esc(verdict))</text>")
    out += legend(top: legendTop)
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// The rows drawn, by name, and the row each timeline row is drawn on: tasks whose lives do
  /// not overlap share a row (the first free one), so a run of many short tasks stays short.
  func packedRows() -> (names: [String], index: [TimelineRow: Int]) {
    var lives: [TaskID: ClosedRange<Int>] = [:]
    for item in items {
      guard case .task(let task) = item.row else { continue }
      var last = item.column
      switch item.shape {
      case .bar(_, let to, _, _), .span(_, let to, _), .flagOnly(_, let to), .flag(_, let to, _):
        last = max(last, to)
      case .point, .queue, .broken: break
      }
      let life = lives[task].map { min($0.lowerBound, item.column)...max($0.upperBound, last) }
      lives[task] = life ?? item.column...last
    }
    var names: [String] = []
    var index: [TimelineRow: Int] = [:]
    var slotEnds: [Int] = []
    var slotTasks: [[TaskID]] = []
    var taskSlots: [TaskID: Int] = [:]
    for task in lives.keys.sorted() {
      let life = lives[task] ?? 0...0
      let slot = slotEnds.firstIndex { $0 < life.lowerBound } ?? slotEnds.count
      if slot == slotEnds.count {
        slotEnds.append(life.upperBound)
        slotTasks.append([task])
      } else {
        slotEnds[slot] = life.upperBound
        slotTasks[slot].append(task)
      }
      taskSlots[task] = slot
    }
    var taskRowsPlaced = false
    for row in rows.sorted() {
      if case .task = row {
        if !taskRowsPlaced {
          let first = names.count
          for tasks in slotTasks {
            names.append(
              tasks.count <= 3
                ? tasks.map(\.description).joined(separator: ", ")
                : "\(tasks[0]) … \(tasks[tasks.count - 1]) (\(tasks.count))")
          }
          for (packed, slot) in taskSlots { index[.task(packed)] = first + slot }
          taskRowsPlaced = true
        }
        continue
      }
      index[row] = names.count
      names.append(rowName(row))
    }
    return (names, index)
  }

  private func shape(
    _ item: Item, xs: [Int], y: Int, stagger: Int, bodyTop: Int, bodyBottom: Int
  ) -> String {
    let esc = SVGTimelineRenderer.escape
    let x = xs[item.column]
    let title = "<title>\(esc(item.tooltip))</title>"
    switch item.shape {
    case .bar(let from, let to, let label, let busy):
      let start = xs[from] - 5
      let length = max(10, xs[to] - xs[from] + 10)
      return "<g>\(title)<rect x=\"\(start)\" y=\"\(y - 7)\" width=\"\(length)\" height=\"14\" "
        + "rx=\"3\" fill=\"\(busy ? "#4338ca" : "#93c5fd")\" stroke=\"#1e3a8a\"/>"
        + "<text x=\"\(start)\" y=\"\(stagger == 0 ? y - 10 : y - 19)\" font-size=\"9\">"
        + "\(esc(label))</text></g>"
    case .span(let from, let to, let label):
      let (start, length) = extent(from, to, xs: xs)
      return "<g>\(title)<rect x=\"\(start)\" y=\"\(y - 5)\" width=\"\(length)\" height=\"10\" "
        + "rx=\"5\" fill=\"#fef3c7\" stroke=\"#b45309\" stroke-dasharray=\"3 2\"/>"
        + "<text x=\"\(start + 4)\" y=\"\(y + 16)\" font-size=\"9\">sleep · \(esc(label))</text></g>"
    case .flagOnly(let from, let to):
      let (start, length) = extent(from, to, xs: xs)
      return "<g>\(title)<rect x=\"\(start)\" y=\"\(y - 12)\" width=\"\(length)\" height=\"24\" "
        + "fill=\"url(#flag-only)\" stroke=\"#7c3aed\" stroke-dasharray=\"2 2\"/></g>"
    case .flag(let from, let to, let label):
      let (start, length) = extent(from, to, xs: xs)
      return "<g>\(title)<line x1=\"\(start)\" y1=\"\(y + 11)\" x2=\"\(start + length)\" "
        + "y2=\"\(y + 11)\" stroke=\"#b91c1c\" stroke-width=\"2\"/><text x=\"\(start + 4)\" "
        + "y=\"\(y + 19)\" font-size=\"8\" fill=\"#b91c1c\">\(esc(label))</text></g>"
    case .queue(let contents, _):
      return "<g>\(title)<text x=\"\(x - 4)\" y=\"\(stagger == 0 ? y - 2 : y + 12)\" "
        + "font-size=\"9\" font-family=\"monospace\">\(esc(contents))</text></g>"
    case .point(let mark, let label):
      let text =
        label.map {
          "<text x=\"\(x + 6)\" y=\"\(y - 9)\" font-size=\"9\" "
            + "transform=\"rotate(-30 \(x + 6) \(y - 9))\">\(esc($0))</text>"
        } ?? ""
      return "<g>\(title)\(glyph(mark, x: x, y: y))\(text)</g>"
    case .broken:
      return "<g>\(title)<rect x=\"\(x - 4)\" y=\"\(bodyTop)\" width=\"8\" "
        + "height=\"\(bodyBottom - bodyTop)\" fill=\"url(#hatch)\" stroke=\"#c2410c\"/></g>"
    }
  }

  /// Where a span from column `from` to column `to` starts, and how long it is (at least 6).
  private func extent(_ from: Int, _ to: Int, xs: [Int]) -> (start: Int, length: Int) {
    (xs[from], max(6, xs[to] - xs[from]))
  }

  /// The glyph of a point: each kind has its own shape, so none relies on colour alone.
  private func glyph(_ mark: Mark, x: Int, y: Int) -> String {
    switch mark {
    case .arrival:
      "<path d=\"M\(x - 5) \(y - 6) L\(x + 5) \(y - 6) L\(x) \(y + 4) Z\" fill=\"#374151\"/>"
    case .cancel:
      "<path d=\"M\(x - 5) \(y - 5) L\(x + 5) \(y + 5) M\(x + 5) \(y - 5) L\(x - 5) \(y + 5)\" "
        + "stroke=\"#b91c1c\" stroke-width=\"2.5\"/>"
    case .timer:
      "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"5\" fill=\"#f59e0b\" stroke=\"#92400e\"/>"
    case .resume:
      "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"5\" fill=\"#ffffff\" stroke=\"#047857\" "
        + "stroke-width=\"2\"/>"
    case .note:
      "<rect x=\"\(x - 3)\" y=\"\(y - 3)\" width=\"6\" height=\"6\" fill=\"#6b7280\"/>"
    case .end:
      "<line x1=\"\(x)\" y1=\"\(y - 8)\" x2=\"\(x)\" y2=\"\(y + 8)\" stroke=\"#111827\" "
        + "stroke-width=\"2\"/>"
    case .decided:
      "<path d=\"M\(x) \(y - 13) L\(x + 3) \(y - 7) L\(x + 7) \(y - 7) L\(x + 4) \(y - 3) "
        + "L\(x + 5) \(y + 2) L\(x) \(y - 1) L\(x - 5) \(y + 2) L\(x - 4) \(y - 3) "
        + "L\(x - 7) \(y - 7) L\(x - 3) \(y - 7) Z\" fill=\"#7c3aed\" stroke=\"#4c1d95\"/>"
    }
  }

  /// The legend: an entry for each kind of mark the picture draws, and none for the others,
  /// three to a column.
  private func legend(top: Int) -> [String] {
    // Each entry draws its sample with its text's left edge `x` and baseline `y`.
    let entries: [(shown: Bool, sample: (Int, Int) -> String, text: String)] = [
      (draws(.arrival), { glyph(.arrival, x: $0 - 14, y: $1 - 4) }, "arrival"),
      (
        draws { if case .bar(_, _, _, false) = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 20)\" y=\"\($1 - 4)\" width=\"14\" height=\"10\" fill=\"#93c5fd\" "
            + "stroke=\"#1e3a8a\"/>"
        }, "job"
      ),
      (
        draws { if case .bar(_, _, _, true) = $0 { true } else { false } },
        { "<rect x=\"\($0 - 20)\" y=\"\($1 - 4)\" width=\"14\" height=\"10\" fill=\"#4338ca\"/>" },
        "job holding its lane"
      ),
      (
        draws { if case .span = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 20)\" y=\"\($1 - 8)\" width=\"14\" height=\"8\" rx=\"4\" "
            + "fill=\"#fef3c7\" stroke=\"#b45309\"/>"
        }, "sleep until its timer"
      ),
      (draws(.timer), { glyph(.timer, x: $0 - 13, y: $1 + 1) }, "timer expires"),
      (draws(.cancel), { glyph(.cancel, x: $0 - 13, y: $1 + 1) }, "cancel"),
      (draws(.resume), { glyph(.resume, x: $0 - 13, y: $1 - 4) }, "resumption (returned or threw)"),
      (draws(.note), { glyph(.note, x: $0 - 13, y: $1 + 1) }, "note (hover for the text)"),
      (
        draws { if case .broken = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 17)\" y=\"\($1 - 5)\" width=\"8\" height=\"12\" fill=\"url(#hatch)\"/>"
        },
        "broken invariant"
      ),
      (draws(.decided), { glyph(.decided, x: $0 - 13, y: $1) }, "the sleep's outcome is decided"),
      (
        draws { if case .flagOnly = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 20)\" y=\"\($1 - 6)\" width=\"14\" height=\"12\" "
            + "fill=\"url(#flag-only)\" stroke=\"#7c3aed\"/>"
        }, "a cancel here only sets the flag (S5)"
      ),
      (
        draws { if case .flag = $0 { true } else { false } },
        {
          "<line x1=\"\($0 - 20)\" y1=\"\($1 + 1)\" x2=\"\($0 - 6)\" y2=\"\($1 + 1)\" "
            + "stroke=\"#b91c1c\" stroke-width=\"2\"/>"
        }, "the task's cancelled flag is set"
      ),
    ]
    var lines = ["<g font-size=\"10\"><title>legend</title>"]
    for (index, entry) in entries.filter(\.shown).enumerated() {
      let x = 30 + index / 3 * 200
      let y = top + 8 + index % 3 * 16
      lines.append("\(entry.sample(x, y))<text x=\"\(x)\" y=\"\(y)\">\(entry.text)</text>")
    }
    lines.append("</g>")
    return lines
  }

  /// Whether the picture draws a point marked `mark`.
  private func draws(_ mark: Mark) -> Bool {
    draws { if case .point(mark, _) = $0 { true } else { false } }
  }

  /// Whether the picture draws a shape that `matches`.
  private func draws(_ matches: (Shape) -> Bool) -> Bool {
    items.contains { matches($0.shape) }
  }
}
