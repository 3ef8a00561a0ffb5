import ModelContract

/// Folds what a long run does again and again, the same way, into one line: a daily job that
/// finds nothing to do, thirty days of it, reads as the first days and then
/// `⋮ the same again 28 times, every 1d, +2d 01:30:00.000 … +29d 01:30:00.000 (T3–T30)`.
///
/// The trace is read instant by instant. An instant repeats a block of the last one to three
/// instants written when its lines are the same as theirs, in order, once tasks and timers are
/// renumbered by first appearance and instants written relative to the instant's own, and when
/// it comes a whole number of strides after its counterpart in the block (the stride being how
/// far the first repeat is from the block): only the numbering and the time differ, and the time
/// by a multiple of the stride, so the fold line says exactly when every instant happened.
/// Blocks that repeat at least twice in a row are folded. An
/// instant with a broken invariant is never folded. Only traces whose instants are counted in
/// days fold (``InstantStyle/days``): there an instant in the text (`+3d 01:30:00.000`) is
/// never mistaken for a length (`100ms`).
struct RepeatFolder {
  /// What the folder hands on: a line to write, or a fold in place of the instants it stands
  /// for.
  enum Output: Equatable {
    case line(TraceLine)
    case fold(Fold)
  }

  /// Instants folded into one line: the line, and what a picture needs to fold the same
  /// instants into one column.
  struct Fold: Equatable {
    /// `⋮ the same again 28 times, every 1d, +2d 01:30:00.000 … +29d 01:30:00.000 (T3–T30)`.
    var text: String
    /// The instants folded, in order.
    var times: [VirtualTime]
    /// How many times the block above repeats.
    var repeats: Int
    /// How far apart the repeats are (`1d`).
    var every: String
  }

  /// One instant's lines.
  private struct Instant {
    var time: VirtualTime
    var lines: [TraceLine] = []

    /// The lines with their numbering and times made relative; `nil` when a line reports a
    /// broken invariant.
    var shape: [String]? {
      var numbers: [String: Int] = [:]
      var shape: [String] = []
      for line in lines {
        switch line {
        case .head(_, let lane, let subject, let text, let continuesJob):
          shape.append(
            "\(continuesJob ? "+" : "")\(lane)|\(RepeatFolder.relative(subject, time, &numbers))|"
              + RepeatFolder.relative(text, time, &numbers))
        case .more(let text):
          shape.append("|" + RepeatFolder.relative(text, time, &numbers))
        case .broken:
          return nil
        }
      }
      return shape
    }

    /// The task numbers the lines name.
    var tasks: [Int] {
      lines.flatMap { line -> [Int] in
        switch line {
        case .head(_, _, let subject, let text, _):
          RepeatFolder.taskNumbers(in: subject) + RepeatFolder.taskNumbers(in: text)
        case .more(let text): RepeatFolder.taskNumbers(in: text)
        case .broken: []
        }
      }
    }
  }

  /// The longest block of instants that can fold.
  static let longestBlock = 3
  /// How often a block must repeat in a row to fold.
  static let fewestRepeats = 2

  private let style: InstantStyle
  private var current: Instant?
  /// The last instants written, with their shapes, at most ``longestBlock``.
  private var written: [(instant: Instant, shape: [String]?)] = []
  /// Instants held back because they repeat the block of the last `period` written ones.
  private var held: [Instant] = []
  private var period = 0

  /// A folder for a trace whose instants are written in `style`; only ``InstantStyle/days``
  /// folds.
  init(style: InstantStyle) {
    self.style = style
  }

  /// Takes the trace's next line; hands on what is final.
  mutating func take(_ line: TraceLine, _ emit: (Output) -> Void) {
    guard style == .days else { return emit(.line(line)) }
    let time: VirtualTime? =
      switch line {
      case .head(let time, _, _, _, _), .broken(let time, _, _, _): time
      case .more: nil
      }
    if let time, time != current?.time {
      if let finished = current { settle(finished, emit) }
      current = Instant(time: time)
    }
    current?.lines.append(line)
  }

  /// Hands on everything still held, at the end of the trace.
  mutating func finish(_ emit: (Output) -> Void) {
    if let finished = current { settle(finished, emit) }
    current = nil
    release(emit)
  }

  /// Holds `instant` back when it goes on repeating a block, or hands it on.
  private mutating func settle(_ instant: Instant, _ emit: (Output) -> Void) {
    let shape = instant.shape
    if period > 0 {
      let counterpart = written[written.count - period + held.count % period]
      let stride =
        held[0].time.nanoseconds - written[written.count - period].instant.time.nanoseconds
      let shift = stride.multipliedReportingOverflow(by: Int64(held.count / period + 1))
      if shape != nil && shape == counterpart.shape && !shift.overflow
        && instant.time.nanoseconds == counterpart.instant.time.nanoseconds &+ shift.partialValue
      {
        held.append(instant)
        return
      }
      release(emit)
    }
    if let shape {
      for length in stride(from: 1, through: min(Self.longestBlock, written.count), by: 1)
      where written[written.count - length].shape == shape
        && written.suffix(length).allSatisfy({ $0.shape != nil })
      {
        period = length
        held = [instant]
        return
      }
    }
    write(instant, shape: shape, emit)
  }

  /// Folds the whole blocks held, if they repeat often enough, and writes the rest.
  private mutating func release(_ emit: (Output) -> Void) {
    let blocks = period > 0 ? held.count / period : 0
    var rest = held[...]
    if blocks >= Self.fewestRepeats {
      let folded = Array(held.prefix(blocks * period))
      emit(
        .fold(
          Fold(
            text: description(of: folded, blocks: blocks), times: folded.map(\.time),
            repeats: blocks, every: DurationText.format(repeatStride(of: folded)))))
      rest = held.dropFirst(blocks * period)
    }
    let pending = Array(rest)
    held = []
    period = 0
    for instant in pending { write(instant, shape: instant.shape, emit) }
  }

  private mutating func write(_ instant: Instant, shape: [String]?, _ emit: (Output) -> Void) {
    for line in instant.lines { emit(.line(line)) }
    written.append((instant, shape))
    if written.count > Self.longestBlock { written.removeFirst() }
  }

  /// `⋮ the same again 28 times, every 1d, +2d 01:30:00.000 … +29d 01:30:00.000 (T3–T30)`.
  private func description(of folded: [Instant], blocks: Int) -> String {
    let what =
      period == 1 ? "the same again" : "the \(period) instants above again, the same way,"
    // Every folded instant is its counterpart in the block above moved by a whole number of
    // strides, so the fold says exactly when each happened.
    let every = ", every \(DurationText.format(repeatStride(of: folded)))"
    let span =
      style.format(folded[0].time) + " … " + style.format(folded[folded.count - 1].time)
    let tasks = folded.flatMap(\.tasks)
    let named =
      tasks.min().map { low in
        let high = tasks.max() ?? low
        return low == high ? " (T\(low))" : " (T\(low)–T\(high))"
      } ?? ""
    return "⋮ \(what) \(blocks) times\(every), \(span)\(named)"
  }

  /// How far the first of the `folded` instants is from its counterpart in the block above.
  private func repeatStride(of folded: [Instant]) -> Int64 {
    folded[0].time.nanoseconds - written[written.count - period].instant.time.nanoseconds
  }

  /// `text` with its task and timer numbers renumbered by first appearance (in `numbers`,
  /// shared by an instant's lines) and its instants written relative to `time`.
  static func relative(
    _ text: String, _ time: VirtualTime, _ numbers: inout [String: Int]
  ) -> String {
    var result = ""
    var rest = text[...]
    while let match = rest.firstMatch(of: numbered) {
      result += rest[..<match.range.lowerBound]
      let token = String(rest[match.range])
      if let instant = dayInstant(token) {
        result += "@\(instant - time.nanoseconds)"
      } else {
        let label = token.hasPrefix("T") ? "T" : "timer #"
        let number = numbers[token] ?? numbers.count
        numbers[token] = number
        result += "\(label)⟨\(number)⟩"
      }
      rest = rest[match.range.upperBound...]
    }
    return result + rest
  }

  /// The task numbers `text` names (`T3` → 3).
  static func taskNumbers(in text: String) -> [Int] {
    text.matches(of: /\bT([0-9]+)\b/).compactMap { Int($0.1) }
  }

  /// A task (`T3`), a timer (`timer #2`) or an instant in days (`+1d 01:30:00.000`).
  nonisolated(unsafe) private static let numbered =
    /\bT[0-9]+\b|timer #[0-9]+|[+-][0-9]+d [0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?/

  /// The nanoseconds of an instant written in days, `nil` for anything else.
  private static func dayInstant(_ token: String) -> Int64? {
    guard
      let match = token.wholeMatch(
        of: /([+-])([0-9]+)d ([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?/)
    else { return nil }
    guard let days = Int64(match.2), let hours = Int64(match.3), let minutes = Int64(match.4),
      let seconds = Int64(match.5)
    else { return nil }
    var fraction: Int64 = 0
    if let digits = match.6?.dropFirst() {
      let nine = String(digits.prefix(9))
      fraction = Int64(nine + String(repeating: "0", count: 9 - nine.count)) ?? 0
    }
    let (total, overflow) = (((days * 24 + hours) * 60 + minutes) * 60 + seconds)
      .multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return nil }
    let magnitude = total.addingReportingOverflow(fraction)
    guard !magnitude.overflow else { return nil }
    return match.1 == "-" ? -magnitude.partialValue : magnitude.partialValue
  }
}
