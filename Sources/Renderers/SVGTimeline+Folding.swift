import ModelContract
import RacelabKernel

/// Folds a picture's columns where the text trace folds its lines: a month of a daily job that
/// changes nothing is drawn as its first day, then one column that stands for the rest
/// (`× 29, every 1d`), labelled with the trace's own fold line.
extension SVGTimeline {
  /// The folds the text trace of `report` makes: the run narrated as the text trace narrates
  /// it, in the same style of instants, its lines handed to the same ``RepeatFolder``.
  static func folds(of report: RunReport) -> [RepeatFolder.Fold] {
    let measure = TextTraceMeasure(runtime: report.runtime, laneNames: report.laneNames)
    for event in report.result.trace { measure.receive(event) }
    let instants = measure.finish().layout.instants
    guard instants == .days else { return [] }
    var narrator = TraceNarrator(
      phrases: Phrasebook(
        words: RuntimeWords(runtime: report.runtime), laneNames: report.laneNames,
        instants: instants))
    var folder = RepeatFolder(style: instants)
    var folds: [RepeatFolder.Fold] = []
    func keep(_ output: RepeatFolder.Output) {
      if case .fold(let fold) = output { folds.append(fold) }
    }
    for event in report.result.trace {
      narrator.read(event)
      narrator.drain { folder.take($0, keep) }
    }
    narrator.close()
    narrator.drain { folder.take($0, keep) }
    folder.finish(keep)
    return folds
  }

  /// The columns and items with the columns of each of `folds`' instants made one: an item
  /// drawn only there is left out, one that reaches into them starts or ends at the fold's
  /// column, and the fold is an item of its own there. The fold's column has the time of its
  /// last instant, so the gap after it is the gap the run had.
  func folded(_ folds: [RepeatFolder.Fold]) -> (columnTimes: [VirtualTime], items: [Item]) {
    var foldOfTime: [VirtualTime: Int] = [:]
    for (index, fold) in folds.enumerated() {
      for time in fold.times { foldOfTime[time] = index }
    }
    // Where each old column goes, and the fold each old column is in.
    var moved: [Int] = []
    var foldOfColumn: [Int: Int] = [:]
    var foldColumns: [Int: Int] = [:]
    var times: [VirtualTime] = []
    for (column, time) in columnTimes.enumerated() {
      guard let fold = foldOfTime[time] else {
        moved.append(times.count)
        times.append(time)
        continue
      }
      foldOfColumn[column] = fold
      if let at = foldColumns[fold] {
        moved.append(at)
      } else {
        foldColumns[fold] = times.count
        moved.append(times.count)
        times.append(folds[fold].times.last ?? time)
      }
    }
    var kept: [Item] = []
    for item in items {
      // An item drawn only within one fold's instants goes with them.
      let folded = item.shape.columns(at: item.column).map { foldOfColumn[$0] }
      if let first = folded[0], folded.allSatisfy({ $0 == first }) { continue }
      var moving = item
      moving.column = moved[item.column]
      moving.shape = item.shape.moving { moved[$0] }
      kept.append(moving)
    }
    for (index, fold) in folds.enumerated() {
      guard let column = foldColumns[index] else { continue }
      kept.append(
        Item(
          row: .world, column: column,
          shape: .fold(repeats: fold.repeats, every: fold.every, text: fold.text),
          tooltip: fold.text))
    }
    return (times, kept)
  }
}

extension SVGTimeline.Shape {
  /// The columns a shape at `column` takes: its own, and where it starts and ends.
  func columns(at column: Int) -> [Int] {
    switch self {
    case .bar(let from, let to, _, _, _), .band(let from, let to, _, _), .span(let from, let to, _),
      .flagOnly(let from, let to), .flag(let from, let to, _):
      [column, from, to]
    case .queue, .point, .broken, .fold:
      [column]
    }
  }

  /// The shape with its columns moved by `move`.
  func moving(_ move: (Int) -> Int) -> Self {
    switch self {
    case .bar(let from, let to, let label, let did, let busy):
      .bar(from: move(from), to: move(to), label: label, did: did, busy: busy)
    case .band(let from, let to, let value, let shade):
      .band(from: move(from), to: move(to), value: value, shade: shade)
    case .span(let from, let to, let label):
      .span(from: move(from), to: move(to), label: label)
    case .flagOnly(let from, let to):
      .flagOnly(from: move(from), to: move(to))
    case .flag(let from, let to, let label):
      .flag(from: move(from), to: move(to), label: label)
    case .queue, .point, .broken, .fold:
      self
    }
  }
}
