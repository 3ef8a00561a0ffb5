import ModelContract
import RacelabKernel

/// The columns of the text trace: a marker (`!!` on a broken invariant), a right-aligned virtual
/// time at least as wide as `9999.999s` and as the trace's longest time, the happening's place
/// in its instant (1, 2, … among the happenings at that time, so the order of one instant is
/// read from the number and not only from the page; a broken invariant is a report, not a
/// happening, and has none), the lane, a subject, then the explanation. Widths count Characters, so `·` and `→` take one column each. A longer
/// subject pushes the rest of its line instead of being cut.
struct TraceLayout {
  static let minimumTimeWidth = 9
  static let subjectWidth = 25
  static let gap = "  "
  /// Starts a line that reports a broken invariant.
  static let brokenMarker = "!! "
  /// Starts every other line.
  static let noMarker = "   "

  let laneWidth: Int
  let timeWidth: Int
  let orderWidth: Int
  /// How the time column and the explanations write instants.
  let instants: InstantStyle

  /// A layout whose lane column fits `laneNames` and the column header, and whose time and
  /// place columns fit `extent`.
  init(laneNames: [String], extent: Extent) {
    laneWidth = ([Self.laneHeader, TraceNarrator.noLane] + laneNames).map(\.count).max() ?? 0
    instants = InstantStyle(latest: extent.latest)
    timeWidth =
      switch instants {
      case .seconds: extent.widestTime
      case .clock: extent.widestClockTime
      case .days: extent.widestDayTime
      }
    orderWidth = max(Self.orderHeader.count, String(extent.mostPlaces).count)
  }

  /// A layout whose lane column fits `laneNames` and the column header, and whose time column
  /// fits the times of `lines`.
  init(laneNames: [String], lines: [TraceLine]) {
    var extent = Extent()
    for line in lines { extent.include(line) }
    self.init(laneNames: laneNames, extent: extent)
  }

  /// What the time and place columns must fit, gathered one line at a time, so that a trace
  /// read as a stream is measured without being kept.
  struct Extent {
    /// The widest time shown in seconds, at least ``TraceLayout/minimumTimeWidth``.
    private(set) var widestTime = TraceLayout.minimumTimeWidth
    /// The widest time shown as a clock.
    private(set) var widestClockTime = 0
    /// The widest time shown in days.
    private(set) var widestDayTime = 0
    /// The latest time shown.
    private(set) var latest = VirtualTime.zero
    /// The most happenings at one instant, at least 1.
    private(set) var mostPlaces = 1
    private var places = InstantPlaces()

    /// Widens the extent to fit `line`, the next line of the trace.
    mutating func include(_ line: TraceLine) {
      switch line {
      case .head(let time, _, _, _, _), .broken(let time, _, _, _):
        widestTime = max(widestTime, DurationText.instant(time).count)
        widestClockTime = max(widestClockTime, DurationText.clockInstant(time).count)
        widestDayTime = max(widestDayTime, DurationText.dayInstant(time).count)
        latest = max(latest, time)
      case .more: break
      }
      if let place = places.place(of: line) { mostPlaces = max(mostPlaces, place) }
    }
  }

  /// Numbers the happenings of each instant, line by line.
  struct InstantPlaces {
    private var instant: VirtualTime?
    private var place = 0

    /// The place of `line`, the next line of the trace, among the happenings of its instant,
    /// counting from 1; `nil` for a further explanation, for a new subject inside the job above
    /// and for a broken invariant.
    mutating func place(of line: TraceLine) -> Int? {
      guard case .head(let time, _, _, _, false) = line else { return nil }
      place = time == instant ? place + 1 : 1
      instant = time
      return place
    }
  }

  private static let laneHeader = "lane"
  private static let orderHeader = "#"

  /// `     time  #  lane  what happens`.
  var columnHeader: String {
    Self.noMarker + Self.padLeft("time", timeWidth) + Self.gap
      + Self.padLeft(Self.orderHeader, orderWidth) + Self.gap
      + Self.padRight(Self.laneHeader, laneWidth)
      + Self.gap + "what happens"
  }

  /// The text of each body line, in order, each happening numbered within its instant.
  func format(_ lines: [TraceLine]) -> [String] {
    var places = InstantPlaces()
    return lines.map { format($0, place: places.place(of: $0)) }
  }

  /// The text of `line`, numbered `place` within its instant.
  func format(_ line: TraceLine, place: Int?) -> String {
    switch line {
    case .head(let time, let lane, let subject, let text, _):
      row(Self.noMarker, time, place, lane, subject, text)
    case .more(let text):
      trimmed(Self.spaces(explanationColumn) + text)
    case .broken(let time, let lane, let invariant, let detail):
      row(Self.brokenMarker, time, place, lane, "BROKEN", "\(detail) · invariant \(invariant)")
    }
  }

  private var explanationColumn: Int {
    Self.noMarker.count + timeWidth + Self.gap.count + orderWidth + Self.gap.count + laneWidth
      + Self.gap.count + Self.subjectWidth + Self.gap.count
  }

  /// Pads the lane and the subject as they will be shown, control characters escaped, so a
  /// subject such as `app-update 1.5\u{1B}` keeps the columns after it in place.
  private func row(
    _ marker: String, _ time: VirtualTime, _ place: Int?, _ lane: String, _ subject: String,
    _ text: String
  ) -> String {
    trimmed(
      marker + Self.padLeft(instants.format(time), timeWidth) + Self.gap
        + Self.padLeft(place.map(String.init) ?? "", orderWidth) + Self.gap
        + Self.padRight(VisibleText.escaping(lane), laneWidth) + Self.gap
        + Self.padRight(VisibleText.escaping(subject), Self.subjectWidth) + Self.gap + text)
  }

  private func trimmed(_ text: String) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text
  }

  static func padLeft(_ text: String, _ width: Int) -> String {
    spaces(width - text.count) + text
  }

  static func padRight(_ text: String, _ width: Int) -> String {
    text + spaces(width - text.count)
  }

  /// `count` spaces (none for a count below 1); the common widths are made once.
  private static func spaces(_ count: Int) -> String {
    guard count > 0 else { return "" }
    return count < blanks.count ? blanks[count] : String(repeating: " ", count: count)
  }

  private static let blanks = (0...80).map { String(repeating: " ", count: $0) }
}
