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

  /// A layout whose lane column fits `laneNames` and the column header, and whose time column
  /// fits the times of `lines`.
  init(laneNames: [String], lines: [TraceLine]) {
    laneWidth = ([Self.laneHeader, TraceNarrator.noLane] + laneNames).map(\.count).max() ?? 0
    var widest = Self.minimumTimeWidth
    for line in lines {
      switch line {
      case .head(let time, _, _, _), .broken(let time, _, _, _):
        widest = max(widest, DurationText.instant(time).count)
      case .more: break
      }
    }
    timeWidth = widest
    orderWidth = max(
      Self.orderHeader.count, String(Self.places(of: lines).compactMap { $0 }.max() ?? 1).count)
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
    zip(lines, Self.places(of: lines)).map { line, place in format(line, place: place) }
  }

  /// Each head line's place among the happenings of its instant, counting from 1; `nil` for a
  /// further explanation and for a broken invariant.
  private static func places(of lines: [TraceLine]) -> [Int?] {
    var places: [Int?] = []
    places.reserveCapacity(lines.count)
    var instant: VirtualTime?
    var place = 0
    for line in lines {
      switch line {
      case .head(let time, _, _, _):
        place = time == instant ? place + 1 : 1
        instant = time
        places.append(place)
      case .more, .broken: places.append(nil)
      }
    }
    return places
  }

  private func format(_ line: TraceLine, place: Int?) -> String {
    switch line {
    case .head(let time, let lane, let subject, let text):
      row(Self.noMarker, time, place, lane, subject, text)
    case .more(let text):
      trimmed(String(repeating: " ", count: explanationColumn) + text)
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
      marker + Self.padLeft(DurationText.instant(time), timeWidth) + Self.gap
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
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  static func padRight(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
