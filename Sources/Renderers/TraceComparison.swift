import ModelContract
import RacelabKernel

/// Renders several runs of one scenario (under other variants or runtimes) as one text trace:
/// the lines every run shares once, the lines where they differ marked, each with the letters
/// of the runs that have it, then each run's answer.
///
/// The runs are compared line by line with `CollectionDifference` against the first run, all
/// laid out in one set of columns, so a line that reads the same in two runs is the same line.
/// Lines of a later run that the first lacks follow the first run's line they come after; runs
/// that add the same lines at the same place share them.
public enum TraceComparison {
  /// One run to compare: what it is called in the legend, its report, and what the reader
  /// must know before trusting its outcome.
  public struct Run: Sendable {
    /// `variant cancel-guard · runtime swift`.
    public var label: String
    /// The run.
    public var report: RunReport
    /// A warning the legend shows under the run: that the variant's own file starts from
    /// another state, for one.
    public var warning: String?

    /// Creates a run.
    public init(label: String, report: RunReport, warning: String? = nil) {
      self.label = label
      self.report = report
      self.warning = warning
    }
  }

  /// Leads a run's warning in the legend.
  static let warningMark = "⚠ warning: "

  /// Marks a line that not every run has.
  static let differs = "≠"

  /// The comparison of `runs` (at least one, at most 26), ending with exactly one newline.
  public static func render(_ runs: [Run]) -> String {
    precondition(!runs.isEmpty && runs.count <= 26, "compare takes 1 to 26 runs")
    let letters = self.letters(runs.count)
    let first = runs[0].report
    let (narrated, layout, merged) = aligned(runs)

    var lines = [
      "racelab compare · \(first.model) · scenario \(first.scenario)"
        + (first.title.map { " — \"\($0)\"" } ?? "")
    ]
    for (letter, run) in zip(letters, runs) {
      lines.append("\(letter)  \(run.label)")
      if let warning = run.warning { lines.append("   \(warningMark)\(warning)") }
    }
    lines.append("")
    let markerWidth = runs.count + 3
    lines.append(TraceLayout.padRight("runs", markerWidth) + layout.columnHeader)
    var firstDifference: (index: Int, line: MergedLine)?
    for (index, line) in merged.enumerated() {
      let shared = line.runs.count == runs.count
      if !shared && firstDifference == nil { firstDifference = (index, line) }
      let marks = letters.indices.map { line.runs.contains($0) ? letters[$0] : " " }.joined()
      lines.append(
        TraceLayout.padRight(marks + " " + (shared ? " " : differs), markerWidth) + line.text)
    }
    lines.append("")
    for (letter, run) in zip(letters, runs) {
      let violations = run.report.result.violations
      lines.append("\(letter)  \(run.report.headline)")
      lines.append(
        "   broken: " + (violations.isEmpty ? "none" : violations.joined(separator: ", ")))
    }
    if let (index, line) = firstDifference {
      let (time, subject) = happening(of: line.line, in: narrated[line.run])
      lines.append(
        "first difference: trace line \(index + 1), in the happening at "
          + "\(DurationText.instant(time)) · \(subject)")
    } else {
      lines.append("the traces are the same")
    }
    return lines.map(VisibleText.escaping).joined(separator: "\n") + "\n"
  }

  /// `A`, `B`, … for `count` runs.
  static func letters(_ count: Int) -> [String] {
    (0..<count).map { String(UnicodeScalar(UInt8(ascii: "A") + UInt8($0))) }
  }

  /// Each run's narrated lines, the one layout they share, and their merged lines.
  static func aligned(
    _ runs: [Run]
  ) -> (narrated: [[TraceLine]], layout: TraceLayout, merged: [MergedLine]) {
    let laneNames = runs[0].report.laneNames
    let narrated = runs.map {
      TraceNarrator.lines(
        of: $0.report.result.trace,
        phrases: Phrasebook(words: RuntimeWords(runtime: $0.report.runtime), laneNames: laneNames))
    }
    let layout = TraceLayout(laneNames: laneNames, lines: narrated.flatMap { $0 })
    return (narrated, layout, merge(narrated.map(layout.format)))
  }

  /// The instant and subject of the happening line `index` of `lines` belongs to.
  static func happening(of index: Int, in lines: [TraceLine]) -> (VirtualTime, String) {
    for line in lines[...index].reversed() {
      switch line {
      case .head(let time, _, let subject, _, _): return (time, subject)
      case .broken(let time, _, _, _): return (time, "BROKEN")
      case .more: continue
      }
    }
    return (.zero, "")
  }

  /// One line of the merged trace and the runs (indices) that have it.
  struct MergedLine: Equatable {
    var text: String
    var runs: [Int]
    /// Where it comes from: the first run that has it, and its line there.
    var run: Int
    var line: Int
  }

  /// The lines of every run, in the first run's order, with what later runs add placed after
  /// the first run's line they follow.
  static func merge(_ runs: [[String]]) -> [MergedLine] {
    let base = runs[0]
    var owners = Array(repeating: [0], count: base.count)
    // additions[i + 1]: lines placed after base line i (index 0: before every base line).
    var additions: [[MergedLine]] = Array(repeating: [], count: base.count + 1)
    for run in runs.indices.dropFirst() {
      let lines = runs[run]
      let difference = lines.difference(from: base)
      var removed = Set<Int>()
      var inserted = Set<Int>()
      for change in difference {
        switch change {
        case .remove(let offset, _, _): removed.insert(offset)
        case .insert(let offset, _, _): inserted.insert(offset)
        }
      }
      var baseIndex = 0
      var added: [[(text: String, line: Int)]] = Array(repeating: [], count: base.count + 1)
      for (offset, line) in lines.enumerated() {
        // The first run's lines that this run lacks come before what it has instead.
        while removed.contains(baseIndex) { baseIndex += 1 }
        if inserted.contains(offset) {
          added[baseIndex].append((line, offset))
          continue
        }
        owners[baseIndex].append(run)
        baseIndex += 1
      }
      for slot in added.indices where !added[slot].isEmpty {
        add(added[slot], of: run, to: &additions[slot])
      }
    }
    var merged = additions[0]
    for index in base.indices {
      merged.append(MergedLine(text: base[index], runs: owners[index], run: 0, line: index))
      merged += additions[index + 1]
    }
    return merged
  }

  /// Adds `lines` of `run` to the lines placed at one point: a run that adds exactly what an
  /// earlier run added there shares its lines.
  private static func add(
    _ lines: [(text: String, line: Int)], of run: Int, to slot: inout [MergedLine]
  ) {
    let texts = lines.map(\.text)
    var start = 0
    while start + lines.count <= slot.count {
      let window = slot[start..<(start + lines.count)]
      if window.map(\.text) == texts && window.allSatisfy({ !$0.runs.contains(run) }) {
        for index in start..<(start + lines.count) { slot[index].runs.append(run) }
        return
      }
      start += 1
    }
    slot += lines.map { MergedLine(text: $0.text, runs: [run], run: run, line: $0.line) }
  }
}
