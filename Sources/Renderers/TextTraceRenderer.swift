import ModelContract
import RacelabKernel

/// Renders a run as the text trace, the project's golden format: a header, one line per
/// happening in virtual time, and a closing summary that answers the question first.
///
/// The output depends only on the report: no real time, no paths, no hash order, so the same
/// report gives the same bytes on every machine and run. Text from the scenario (a title, a
/// version) is shown with its control characters escaped (``VisibleText``): it can neither drive
/// the reader's terminal nor start a line of its own.
///
/// A run too long to keep streams instead: ``TextTraceMeasure`` reads it once for the widths of
/// the columns, and ``TextTraceWriter`` writes it during a second, identical run. Rendering a
/// kept trace goes through the same two, so both give the same bytes.
public enum TextTraceRenderer {
  /// The text trace of `report`, ending with exactly one newline; `brief` leaves out the
  /// bookkeeping and keeps the facts (`ReadingATrace.md`, "The brief trace").
  public static func render(_ report: RunReport, brief: Bool = false) -> String {
    let measure = TextTraceMeasure(
      runtime: report.runtime, laneNames: report.laneNames, brief: brief)
    for event in report.result.trace { measure.receive(event) }
    var text = ""
    let writer = TextTraceWriter(report: report, columns: measure.finish(), brief: brief) {
      text += $0
    }
    for event in report.result.trace { writer.receive(event) }
    writer.finish()
    return text
  }
}

/// The widths of a text trace's columns, which depend on its every line.
public struct TextTraceColumns: Sendable {
  let layout: TraceLayout
  /// The picture's state rows as the run began (`state keychain-uuid none · …`).
  let startRows: [String]
}

/// The first pass of a streamed text trace: narrates the run's events and keeps only what
/// the columns must fit.
public final class TextTraceMeasure: TraceSink {
  private let laneNames: [String]
  private var narrator: TraceNarrator
  private var extent = TraceLayout.Extent()

  /// A measure of a run on `runtime` with lanes `laneNames`, as its report will name them,
  /// told in full or `brief`.
  public init(runtime: String, laneNames: [String], brief: Bool = false) {
    self.laneNames = laneNames
    self.narrator = TraceNarrator(
      phrases: Phrasebook(words: RuntimeWords(runtime: runtime), laneNames: laneNames),
      brief: brief)
  }

  /// Reads the run's next event.
  public func receive(_ event: TraceEvent) {
    narrator.read(event)
    narrator.drain { extent.include($0) }
  }

  /// The columns, once the run's last event was received.
  public func finish() -> TextTraceColumns {
    narrator.close()
    narrator.drain { extent.include($0) }
    return TextTraceColumns(
      layout: TraceLayout(laneNames: laneNames, extent: extent),
      startRows: narrator.startRows.map { "\($0.row) \($0.value)" })
  }
}

/// The second pass of a streamed text trace: writes the header at once, each line of the body
/// as soon as it is final, and the summary at ``finish()``, in chunks of whole lines.
public final class TextTraceWriter: StreamedTraceWriter {
  private let report: RunReport
  private let layout: TraceLayout
  private var output: ChunkedOutput
  private var narrator: TraceNarrator
  private var glossing = RuleGlossary.Glossing()
  private var terms: TermGlossing
  private var places = TraceLayout.InstantPlaces()
  private var folder: RepeatFolder

  /// A writer of `report`'s trace in `columns` (measured on the same run), handing text to
  /// `write` in chunks of about `chunkSize` bytes that end at a line's end. The report's trace
  /// is not read: the events come through ``receive(_:)``.
  public init(
    report: RunReport, columns: TextTraceColumns, brief: Bool = false, chunkSize: Int = 1 << 16,
    write: @escaping (String) -> Void
  ) {
    self.report = report
    self.layout = columns.layout
    self.output = ChunkedOutput(size: chunkSize, write: write)
    self.narrator = TraceNarrator(
      phrases: Phrasebook(
        words: RuntimeWords(runtime: report.runtime), laneNames: report.laneNames,
        instants: columns.layout.instants), brief: brief)
    self.folder = RepeatFolder(style: columns.layout.instants)
    self.terms = TermGlossing(notes: report.termNotes)
    for line in Self.header(of: report, startRows: columns.startRows) { append(line) }
    append("")
    append(layout.columnHeader)
  }

  /// Writes what the run's next event finishes.
  public func receive(_ event: TraceEvent) {
    narrator.read(event)
    narrator.drain { line in folder.take(line) { writeBody($0) } }
  }

  /// Writes the rest of the body and the summary; the text then ends with one newline.
  public func finish() {
    narrator.close()
    narrator.drain { line in folder.take(line) { writeBody($0) } }
    folder.finish { writeBody($0) }
    append("")
    for line in TraceSummary.lines(of: report) { append(line) }
    output.finish()
  }

  private func writeBody(_ output: RepeatFolder.Output) {
    switch output {
    case .line(let line):
      let glossed = terms.gloss(glossing.gloss(line))
      append(layout.format(glossed, place: places.place(of: glossed)))
    case .fold(let fold):
      append(layout.format(.more(fold.text), place: nil))
    }
  }

  private func append(_ line: String) {
    output.append(VisibleText.escaping(line) + "\n")
  }

  private static func header(of report: RunReport, startRows: [String]) -> [String] {
    var lines = [
      "racelab · \(report.model) · runtime \(report.runtime) · "
        + (report.customTaskBody ? "custom task body" : "variant \(report.variant)"),
      "scenario \(report.scenario)" + (report.title.map { " — \"\($0)\"" } ?? ""),
    ]
    if let about = report.about {
      let words = about.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      lines += LineWrapping.lines("about: " + words, width: 100, indent: "       ")
    }
    if let exploreHint = report.exploreHint {
      lines += LineWrapping.lines("note: " + exploreHint, width: 100, indent: "      ")
    }
    lines.append((["start \(report.start)"] + report.initialState).joined(separator: " · "))
    if !startRows.isEmpty { lines.append("state " + startRows.joined(separator: " · ")) }
    if let schedule = report.schedule {
      let marks = schedule.split(separator: ":").last.map {
        $0.split(separator: ",").map { "choice \($0)" }.joined(separator: ", ")
      }
      let text =
        "schedule \(schedule) · "
        + (schedule.hasSuffix(":default")
          ? "the default schedule, as racelab run shows the file"
          : "not the default schedule: the file's expectations describe the default one; "
            + "where it chooses otherwise, the line says so (\(marks ?? ""))")
      lines += LineWrapping.lines(text, width: 100, indent: "         ")
    }
    return lines
  }
}
