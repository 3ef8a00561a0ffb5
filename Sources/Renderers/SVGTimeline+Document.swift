import ModelContract
import RacelabKernel

/// The layout of a timeline's shapes and the SVG document around them.
extension SVGTimeline {
  static let columnWidth = 16
  static let axisHeight = 70
  static let top = 40
  /// The height of a line of labels.
  static let lineHeight = 11
  /// The font size of labels on the rows.
  static let labelSize = 9
  /// The longest line of a label: a longer label wraps onto further lines, its row growing to
  /// hold them, so every word is drawn.
  static let longestLabel = 64
  /// The longest value a state row writes in its band.
  static let longestValue = 40
  /// A gap between instants longer than this is drawn as a break.
  static let breakAfter = VirtualTime(nanoseconds: 60_000_000_000)

  /// A text on the rows: where it starts, on which track (a row's index, or the strip under
  /// the rows), and how it looks.
  struct Label {
    var track: Int
    var x: Int
    var text: String
    var size: Int = SVGTimeline.labelSize
    var attributes = ""
    var place = SVGLabelLines.Place(track: 0, line: 0)
  }

  /// Where a row's shapes and labels go: its top, its height, and the middle of its shapes
  /// (its labels stand on lines above them).
  struct RowBox {
    var top: Int
    var height: Int
    var middle: Int
  }

  /// The width of the row names' column.
  func nameWidth(_ names: [String]) -> Int {
    max(120, 20 + (names.map { SVGLabelLines.width($0, fontSize: 12) }.max() ?? 0))
  }

  /// The x of each column: a column apart within an instant, more between instants, by the
  /// number of decimal digits of the gap in microseconds, and wide enough that every state
  /// row's value fits in its band (integers only, so every machine draws the same picture).
  func columnPositions(left: Int) -> [Int] {
    var positions: [Int] = []
    var x = left + 20
    for (index, time) in columnTimes.enumerated() {
      if index > 0 {
        let gap = time.nanoseconds - columnTimes[index - 1].nanoseconds
        x += Self.columnWidth
        if gap > 0 { x += 10 + 10 * String(max(1, gap / 1_000)).count }
      }
      positions.append(x)
    }
    // Widen where a value would not fit its band, earliest band end first: moving the columns
    // from a band's end on never narrows another band.
    var bands: [(from: Int, to: Int, width: Int)] = []
    for item in items {
      guard case .band(let from, let to, let value, _) = item.shape else { continue }
      bands.append((from, to, SVGLabelLines.width(Self.shown(value), fontSize: Self.labelSize) + 8))
    }
    for band in bands.sorted(by: { ($0.to, $0.from) < ($1.to, $1.from) }) {
      let missing = band.width - (positions[band.to] - positions[band.from])
      guard missing > 0 else { continue }
      for index in band.to..<positions.count { positions[index] += missing }
    }
    return positions
  }

  /// `text` cut to `limit` characters, ending with `…` when cut.
  static func shown(_ text: String, limit: Int = SVGTimeline.longestValue) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  func document(report: RunReport) -> String {
    let (rowNames, rowIndex) = packedRows()
    let left = nameWidth(rowNames)
    let xs = columnPositions(left: left)
    // Under the heading, the scenario's title and, for a replayed schedule, which one it is:
    // a counterexample's picture says so, as its text trace does.
    let subtitles = [
      report.title.map { "\"\($0)\"" },
      report.schedule.map { schedule in
        "schedule \(schedule) · "
          + (schedule.hasSuffix(":default")
            ? "the default schedule" : "not the default schedule: a replayed ordering")
      },
    ].compactMap { $0 }
    let bodyTop = Self.top + 16 * subtitles.count + Self.axisHeight
    let esc = SVGTimelineRenderer.escape
    // The labels, each placed on a line of its row (or of the strip under the rows).
    let strip = rowNames.count
    var lines = SVGLabelLines()
    var labels: [Label] = []
    for item in items {
      // An item's labels stay together, one a line.
      var block = self.labels(item, xs: xs, track: rowIndex[item.row] ?? 0, strip: strip)
      guard let first = block.first else { continue }
      let places = lines.place(
        track: first.track, x: first.x,
        widths: block.map { SVGLabelLines.width($0.text, fontSize: $0.size) })
      for index in block.indices { block[index].place = places[index] }
      labels += block
    }
    var boxes: [RowBox] = []
    var rowTop = bodyTop
    for index in rowNames.indices {
      let count = lines.lineCount(index)
      let height = Self.lineHeight * count + 38
      boxes.append(
        RowBox(top: rowTop, height: height, middle: rowTop + Self.lineHeight * count + 22))
      rowTop += height
    }
    let bodyBottom = rowTop
    let stripBottom = bodyBottom + 8 + Self.lineHeight * lines.lineCount(strip)
    func y(_ row: TimelineRow) -> Int { boxes[rowIndex[row] ?? 0].middle }
    func baseline(_ place: SVGLabelLines.Place) -> Int {
      place.track == strip
        ? bodyBottom + 14 + Self.lineHeight * place.line
        : boxes[place.track].middle - 16 - Self.lineHeight * place.line
    }

    let heading =
      "racelab · \(report.model) · \(report.scenario) · runtime \(report.runtime) · "
      + (report.customTaskBody ? "custom task body" : "variant \(report.variant)")
    let violations = report.result.violations
    let verdict =
      report.headline + " · broken: "
      + (violations.isEmpty ? "none" : violations.joined(separator: ", "))
    let answerY = stripBottom + 24
    // The answer in lines short enough that a long answer does not widen the picture.
    let verdictLines = LineWrapping.lines(verdict, width: 130, indent: "      ")
    let notesY = answerY + 18 + 16 * (verdictLines.count - 1)
    // Under the answer, what the text trace says besides it: what other orders break, the fix.
    let notes = [report.exploreHint.map { "note: " + $0 }, report.fixHint].compactMap { $0 }
      .flatMap { LineWrapping.lines($0, width: 150, indent: "      ") }
    let legendTop = notesY + 2 + 14 * notes.count
    // A fold's column says how often and how far apart its instants came instead of when, and
    // needs no break before it.
    var folds: [Int: String] = [:]
    for item in items {
      if case .fold(let repeats, let every, _) = item.shape {
        folds[item.column] = "× \(repeats), every \(every)"
      }
    }
    func breaks(before index: Int) -> Bool {
      index > 0 && folds[index] == nil
        && columnTimes[index].nanoseconds - columnTimes[index - 1].nanoseconds
          > Self.breakAfter.nanoseconds
    }
    let legendLines = legend(
      top: legendTop, drawsBreaks: columnTimes.indices.contains(where: breaks))
    // Wide enough for the timeline, every label, the heading and the answer (bold).
    let labelsEnd = labels.map { $0.x + SVGLabelLines.width($0.text, fontSize: $0.size) }.max()
    let width = max(
      640, (xs.last ?? 0) + 40, (labelsEnd ?? 0) + 20, legendLines.width + 20,
      20 + SVGLabelLines.width(heading, fontSize: 14),
      20 + (subtitles.map { SVGLabelLines.width($0, fontSize: 12) }.max() ?? 0),
      20 + (verdictLines.map { SVGLabelLines.width($0, fontSize: 13) }.max() ?? 0),
      20 + (notes.map { SVGLabelLines.width($0, fontSize: 11) }.max() ?? 0))
    let height = legendTop + 60

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
        + "<circle cx=\"3\" cy=\"3\" r=\"1\" fill=\"#7c3aed\"/></pattern><style>.label,.value{"
        + "paint-order:stroke;stroke:#ffffff;stroke-width:3px;stroke-linejoin:round}</style></defs>",
      "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
      "<text x=\"10\" y=\"22\" font-size=\"13\" font-weight=\"bold\">\(esc(heading))</text>",
    ]
    for (index, subtitle) in subtitles.enumerated() {
      out.append("<text x=\"10\" y=\"\(38 + 16 * index)\" font-size=\"11\">\(esc(subtitle))</text>")
    }
    // Rows.
    for (index, name) in rowNames.enumerated() {
      let box = boxes[index]
      out.append(
        "<rect x=\"0\" y=\"\(box.top)\" width=\"\(width)\" height=\"\(box.height)\" "
          + "fill=\"\(index % 2 == 0 ? "#f6f7f9" : "#ffffff")\"/>")
      out.append(
        "<text x=\"10\" y=\"\(box.middle + 4)\" font-weight=\"bold\">\(esc(name))</text>")
    }
    // The time axis: a tick where each instant begins, breaks over long gaps (see `folds`).
    for (index, time) in columnTimes.enumerated()
    where index == 0 || columnTimes[index - 1] != time {
      let x = xs[index]
      out.append(
        "<line x1=\"\(x)\" y1=\"\(bodyTop - 6)\" x2=\"\(x)\" y2=\"\(bodyBottom)\" "
          + "stroke=\"#d0d4da\" stroke-width=\"1\"/>")
      out.append(
        "<text x=\"\(x)\" y=\"\(bodyTop - 10)\" transform=\"rotate(-40 \(x) \(bodyTop - 10))\">"
          + "\(esc(folds[index] ?? phrases.instants.format(time)))</text>")
      if breaks(before: index) {
        let gap = time.nanoseconds - columnTimes[index - 1].nanoseconds
        let middle = (xs[index - 1] + x) / 2
        let length = phrases.instants.length(gap)
        let tooltip = esc("a gap of \(length), not to scale")
        out.append(
          "<g><title>\(tooltip)</title><line x1=\"\(middle - 4)\" y1=\"\(bodyTop)\" "
            + "x2=\"\(middle + 4)\" y2=\"\(bodyBottom)\" stroke=\"#6b7280\" "
            + "stroke-dasharray=\"4 3\"/><text x=\"\(middle - 5)\" y=\"\(bodyBottom - 4)\" "
            + "font-size=\"14\">≈</text></g>")
      }
    }
    // Shapes in layers: areas (bands, spans, bars, the S5 stretch), the flag lines, the marks
    // over them, the broken invariants (see-through) over those, and every label on top, so no
    // mark or word is hidden under a shape drawn after it.
    for layer in 0..<4 {
      for item in items where Self.layer(item.shape) == layer {
        out.append(
          shape(item, xs: xs, y: y(item.row), bodyTop: bodyTop, bodyBottom: bodyBottom))
      }
    }
    // A state row's values, over the broken invariants' bands like every label: at the band's
    // start, and again after each break of the time axis inside it where the stretch up to the
    // next break (or the band's end) has room, so a long band still says its value where the
    // picture resumes.
    for item in items {
      guard case .band(let from, let to, let value, _) = item.shape else { continue }
      let shown = Self.shown(value)
      let width = SVGLabelLines.width(shown, fontSize: Self.labelSize) + 8
      let end = min(to, xs.count - 1)
      let resumes = (from + 1..<max(from + 1, end)).filter { breaks(before: $0) }
      let starts =
        [from]
        + zip(resumes, resumes.dropFirst() + [end]).filter { start, stop in
          xs[stop] - xs[start] >= width
        }.map(\.0)
      for start in starts {
        out.append(
          "<text x=\"\(xs[start] + 4)\" y=\"\(y(item.row) + 3)\" "
            + "font-size=\"\(Self.labelSize)\" class=\"value\">\(esc(shown))</text>")
      }
    }
    for label in labels {
      out.append(
        "<text x=\"\(label.x)\" y=\"\(baseline(label.place))\" font-size=\"\(label.size)\" "
          + "class=\"label\"\(label.attributes)>\(esc(label.text))</text>")
    }
    // The answer and the legend.
    for (index, line) in verdictLines.enumerated() {
      out.append(
        "<text x=\"10\" y=\"\(answerY + 16 * index)\" font-size=\"12\" font-weight=\"bold\""
          + "\(index > 0 ? " xml:space=\"preserve\"" : "")>\(esc(line))</text>")
    }
    for (index, note) in notes.enumerated() {
      out.append(
        "<text x=\"10\" y=\"\(notesY + 14 * index)\" xml:space=\"preserve\">"
          + "\(esc(note))</text>")
    }
    out += legendLines.lines
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// Which layer a shape is drawn in: 0 areas, 1 flag lines, 2 marks, 3 broken invariants.
  static func layer(_ shape: Shape) -> Int {
    switch shape {
    case .bar, .band, .span, .flagOnly, .queue: 0
    case .flag: 1
    case .point: 2
    case .broken: 3
    case .fold: 0
    }
  }

  /// The labels `item` writes above its shapes (a queue's contents, a bar's job and what it
  /// did), if any: a state row writes its value in its band.
  private func labels(_ item: Item, xs: [Int], track: Int, strip: Int) -> [Label] {
    switch item.shape {
    case .bar(let from, _, let label, let did, _):
      // One line when it fits; else the job, then the things it did, each on lines of its
      // own, placed last first so that the job's line stands above them.
      let x = xs[from] - 5
      let joined = did.isEmpty ? label : "\(label): \(did.joined(separator: " · "))"
      guard joined.count > Self.longestLabel else {
        return [Label(track: track, x: x, text: joined)]
      }
      let lines =
        Self.wrapped("\(label):")
        + did.flatMap { Self.wrapped($0, width: Self.longestLabel - 2).map { "  " + $0 } }
      return lines.reversed().map { Label(track: track, x: x, text: $0) }
    default:
      // A row's lines are placed upwards from its shapes, the strip's downwards from the rows.
      guard let label = label(item, xs: xs, track: track, strip: strip) else { return [] }
      let lines = Self.wrapped(label.text, width: Self.longestLabel)
      return (label.track == strip ? lines : lines.reversed()).map {
        var line = label
        line.text = $0
        return line
      }
    }
  }

  /// `text` on lines of at most `width` characters, broken at spaces, each line after the
  /// first indented.
  static func wrapped(_ text: String, width: Int = SVGTimeline.longestLabel) -> [String] {
    LineWrapping.lines(text, width: width, indent: "  ")
  }

  /// The label of a shape other than a bar, on one line before it is wrapped, or `nil`.
  private func label(_ item: Item, xs: [Int], track: Int, strip: Int) -> Label? {
    let x = xs[item.column]
    switch item.shape {
    case .bar:
      return nil
    case .span(let from, _, let label):
      return Label(track: track, x: xs[from] + 2, text: "sleep · \(label)")
    case .flag(let from, _, let label):
      return Label(track: track, x: xs[from] + 2, text: label, attributes: " fill=\"#b91c1c\"")
    case .queue(let contents, _):
      return Label(
        track: track, x: x - 4, text: contents, attributes: " font-family=\"monospace\"")
    case .point(_, let label):
      return label.map { Label(track: track, x: x + 4, text: $0) }
    case .broken(let label):
      return Label(
        track: strip, x: x + 6, text: label, size: 10,
        attributes: " font-weight=\"bold\" fill=\"#9a3412\"")
    case .fold(_, _, let text):
      return Label(track: strip, x: x - 6, text: text, attributes: " fill=\"#374151\"")
    case .band, .flagOnly:
      return nil
    }
  }

  /// The rows drawn, by name, and the row each timeline row is drawn on: tasks whose lives do
  /// not overlap share a row (the first free one), so a run of many short tasks stays short.
  func packedRows() -> (names: [String], index: [TimelineRow: Int]) {
    var lives: [TaskID: ClosedRange<Int>] = [:]
    for item in items {
      guard case .task(let task) = item.row else { continue }
      var last = item.column
      switch item.shape {
      case .bar(_, let to, _, _, _), .span(_, let to, _), .flagOnly(_, let to), .flag(_, let to, _),
        .band(_, let to, _, _):
        last = max(last, to)
      case .point, .queue, .broken, .fold: break
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

  /// The shapes of `item` (its label is drawn apart, over every shape), in a group whose
  /// class names what it is and whose tooltip explains it.
  private func shape(_ item: Item, xs: [Int], y: Int, bodyTop: Int, bodyBottom: Int) -> String {
    let esc = SVGTimelineRenderer.escape
    let x = xs[item.column]
    let title = "<title>\(esc(item.tooltip))</title>"
    switch item.shape {
    case .bar(let from, let to, _, _, let busy):
      let start = xs[from] - 5
      let length = max(10, xs[to] - xs[from] + 10)
      return "<g class=\"bar\">\(title)<rect x=\"\(start)\" y=\"\(y - 7)\" width=\"\(length)\" "
        + "height=\"14\" rx=\"3\" fill=\"\(busy ? "#4338ca" : "#93c5fd")\" stroke=\"#1e3a8a\"/></g>"
    case .band(let from, let to, _, let shade):
      let (start, length) = extent(from, to, xs: xs)
      return "<g class=\"band\">\(title)<rect x=\"\(start)\" y=\"\(y - 8)\" width=\"\(length)\" "
        + "height=\"16\" fill=\"\(shade == 0 ? "#e0f2fe" : "#eef0f3")\" stroke=\"#475569\"/></g>"
    case .span(let from, let to, _):
      let (start, length) = extent(from, to, xs: xs)
      return "<g class=\"span\">\(title)<rect x=\"\(start)\" y=\"\(y - 5)\" width=\"\(length)\" "
        + "height=\"10\" rx=\"5\" fill=\"#fef3c7\" stroke=\"#b45309\" stroke-dasharray=\"3 2\"/></g>"
    case .flagOnly(let from, let to):
      let (start, length) = extent(from, to, xs: xs)
      return "<g class=\"stretch\">\(title)<rect x=\"\(start)\" y=\"\(y - 12)\" "
        + "width=\"\(length)\" height=\"24\" fill=\"url(#flag-only)\" stroke=\"#7c3aed\" "
        + "stroke-dasharray=\"2 2\"/></g>"
    case .flag(let from, let to, _):
      let (start, length) = extent(from, to, xs: xs)
      return "<g class=\"flag\">\(title)<line x1=\"\(start)\" y1=\"\(y + 11)\" "
        + "x2=\"\(start + length)\" y2=\"\(y + 11)\" stroke=\"#b91c1c\" stroke-width=\"2\"/></g>"
    case .queue:
      return "<g class=\"queue\">\(title)<rect x=\"\(x - 4)\" y=\"\(y - 3)\" width=\"6\" "
        + "height=\"6\" fill=\"none\" stroke=\"#6b7280\"/></g>"
    case .point(let mark, _):
      return "<g class=\"mark \(mark.rawValue)\" data-x=\"\(x)\" data-y=\"\(y)\">\(title)"
        + "\(glyph(mark, x: x, y: y))</g>"
    case .fold:
      return "<g class=\"fold\">\(title)<rect x=\"\(x - 6)\" y=\"\(bodyTop)\" width=\"12\" "
        + "height=\"\(bodyBottom - bodyTop)\" fill=\"#e5e7eb\" stroke=\"#6b7280\" "
        + "stroke-dasharray=\"2 2\"/></g>"
    case .broken:
      return "<g class=\"broken\">\(title)<rect x=\"\(x - 4)\" y=\"\(bodyTop)\" width=\"8\" "
        + "height=\"\(bodyBottom - bodyTop)\" fill=\"url(#hatch)\" stroke=\"#c2410c\" "
        + "opacity=\"0.6\"/></g>"
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
    case .crash:
      "<path d=\"M\(x - 2) \(y - 9) L\(x + 4) \(y - 2) L\(x - 3) \(y + 1) L\(x + 3) \(y + 9)\" "
        + "fill=\"none\" stroke=\"#b91c1c\" stroke-width=\"2.5\"/>"
    case .decided:
      "<path d=\"M\(x) \(y - 13) L\(x + 3) \(y - 7) L\(x + 7) \(y - 7) L\(x + 4) \(y - 3) "
        + "L\(x + 5) \(y + 2) L\(x) \(y - 1) L\(x - 5) \(y + 2) L\(x - 4) \(y - 3) "
        + "L\(x - 7) \(y - 7) L\(x - 3) \(y - 7) Z\" fill=\"#7c3aed\" stroke=\"#4c1d95\"/>"
    case .lost:
      // The arrival's triangle, hollow and dashed: it was due and never came.
      "<path d=\"M\(x - 5) \(y - 6) L\(x + 5) \(y - 6) L\(x) \(y + 4) Z\" fill=\"#ffffff\" "
        + "stroke=\"#374151\" stroke-width=\"1.5\" stroke-dasharray=\"2 1.5\"/>"
    case .dropped:
      // The queue's box, struck out.
      "<rect x=\"\(x - 4)\" y=\"\(y - 4)\" width=\"8\" height=\"8\" fill=\"none\" "
        + "stroke=\"#6b7280\"/><line x1=\"\(x - 6)\" y1=\"\(y + 6)\" x2=\"\(x + 6)\" "
        + "y2=\"\(y - 6)\" stroke=\"#b91c1c\" stroke-width=\"2\"/>"
    case .stop:
      "<rect x=\"\(x - 1)\" y=\"\(y - 8)\" width=\"6\" height=\"16\" fill=\"#111827\"/>"
    case .choice:
      // A fork: the run went one of several ways.
      "<path d=\"M\(x) \(y + 7) L\(x) \(y) L\(x - 5) \(y - 6) M\(x) \(y) L\(x + 5) \(y - 6)\" "
        + "fill=\"none\" stroke=\"#0e7490\" stroke-width=\"2.5\"/>"
    }
  }

  /// The legend: an entry for each kind of mark the picture draws (`drawsBreaks`: a break in
  /// the time axis over a long gap), and none for the others, three to a column; its lines and
  /// how wide it is.
  private func legend(top: Int, drawsBreaks: Bool) -> (lines: [String], width: Int) {
    // Each entry draws its sample with its text's left edge `x` and baseline `y`.
    let entries: [(shown: Bool, sample: (Int, Int) -> String, text: String)] = [
      (draws(.arrival), { glyph(.arrival, x: $0 - 14, y: $1 - 4) }, "arrival"),
      (draws(.lost), { glyph(.lost, x: $0 - 14, y: $1 - 4) }, "never arrives (lost)"),
      (
        draws { if case .bar(_, _, _, _, false) = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 20)\" y=\"\($1 - 4)\" width=\"14\" height=\"10\" fill=\"#93c5fd\" "
            + "stroke=\"#1e3a8a\"/>"
        }, "job"
      ),
      (
        draws { if case .bar(_, _, _, _, true) = $0 { true } else { false } },
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
      (draws(.note), { glyph(.note, x: $0 - 13, y: $1 - 3) }, "note"),
      (draws(.end), { glyph(.end, x: $0 - 13, y: $1 - 3) }, "the task ends"),
      (draws(.crash), { glyph(.crash, x: $0 - 13, y: $1 - 3) }, "killed with its process"),
      (draws(.dropped), { glyph(.dropped, x: $0 - 13, y: $1 - 3) }, "queued jobs dropped"),
      (draws(.stop), { glyph(.stop, x: $0 - 15, y: $1 - 3) }, "the run stops"),
      (
        draws(.choice), { glyph(.choice, x: $0 - 13, y: $1 - 3) },
        "a choice off the default (token N=A)"
      ),
      (
        draws { if case .broken = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 17)\" y=\"\($1 - 5)\" width=\"8\" height=\"12\" fill=\"url(#hatch)\"/>"
        },
        "broken invariant"
      ),
      (draws(.decided), { glyph(.decided, x: $0 - 13, y: $1) }, "the sleep's outcome is decided"),
      (
        draws { if case .fold = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 17)\" y=\"\($1 - 8)\" width=\"8\" height=\"12\" fill=\"#e5e7eb\" "
            + "stroke=\"#6b7280\" stroke-dasharray=\"2 2\"/>"
        }, "the same again, folded into one column"
      ),
      (
        draws { if case .flagOnly = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 20)\" y=\"\($1 - 6)\" width=\"14\" height=\"12\" "
            + "fill=\"url(#flag-only)\" stroke=\"#7c3aed\"/>"
        }, "a cancel here only sets the flag (S5)"
      ),
      (
        draws { if case .band = $0 { true } else { false } },
        {
          "<rect x=\"\($0 - 20)\" y=\"\($1 - 6)\" width=\"7\" height=\"10\" fill=\"#e0f2fe\" "
            + "stroke=\"#475569\"/><rect x=\"\($0 - 13)\" y=\"\($1 - 6)\" width=\"7\" "
            + "height=\"10\" fill=\"#eef0f3\" stroke=\"#475569\"/>"
        }, "a state row's value (the shade changes with it; colour means nothing else)"
      ),
      (
        drawsBreaks,
        {
          "<line x1=\"\($0 - 17)\" y1=\"\($1 - 6)\" x2=\"\($0 - 11)\" y2=\"\($1 + 6)\" "
            + "stroke=\"#6b7280\" stroke-dasharray=\"4 3\"/><text x=\"\($0 - 19)\" "
            + "y=\"\($1 + 4)\" font-size=\"14\">≈</text>"
        }, "a long gap, not to scale"
      ),
      (
        draws { if case .flag = $0 { true } else { false } },
        {
          "<line x1=\"\($0 - 20)\" y1=\"\($1 + 1)\" x2=\"\($0 - 6)\" y2=\"\($1 + 1)\" "
            + "stroke=\"#b91c1c\" stroke-width=\"2\"/>"
        }, "the task's cancelled flag is set"
      ),
    ]
    var lines = ["<g class=\"legend\" font-size=\"10\"><title>legend</title>"]
    // Three to a column, each column as wide as its longest text.
    let shown = entries.filter(\.shown)
    var x = 30
    for first in stride(from: 0, to: shown.count, by: 3) {
      let column = shown[first..<min(first + 3, shown.count)]
      for (offset, entry) in column.enumerated() {
        let y = top + 8 + offset * 16
        lines.append("\(entry.sample(x, y))<text x=\"\(x)\" y=\"\(y)\">\(entry.text)</text>")
      }
      x += 40 + (column.map { SVGLabelLines.width($0.text, fontSize: 10) }.max() ?? 0)
    }
    lines.append("</g>")
    return (lines, x)
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
