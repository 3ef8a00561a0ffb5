import ModelContract
import RacelabKernel

/// The columns of the text trace: a marker (`!!` on a broken invariant), a right-aligned virtual
/// time at least as wide as `9999.999s` and as the trace's longest time, the lane, a subject,
/// then the explanation. Widths count Characters, so `·` and `→` take one column each. A longer
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
  }

  private static let laneHeader = "lane"

  /// `     time  lane  what happens`.
  var columnHeader: String {
    Self.noMarker + Self.padLeft("time", timeWidth) + Self.gap
      + Self.padRight(Self.laneHeader, laneWidth)
      + Self.gap + "what happens"
  }

  /// The text of one body line.
  func format(_ line: TraceLine) -> String {
    switch line {
    case .head(let time, let lane, let subject, let text):
      row(
        Self.noMarker + Self.padLeft(DurationText.instant(time), timeWidth), lane, subject,
        text)
    case .more(let text):
      trimmed(String(repeating: " ", count: explanationColumn) + text)
    case .broken(let time, let lane, let invariant, let detail):
      row(
        Self.brokenMarker + Self.padLeft(DurationText.instant(time), timeWidth),
        lane, "BROKEN", "\(invariant) · \(detail)")
    }
  }

  private var explanationColumn: Int {
    Self.noMarker.count + timeWidth + Self.gap.count + laneWidth + Self.gap.count
      + Self.subjectWidth
      + Self.gap.count
  }

  /// Pads the lane and the subject as they will be shown, control characters escaped, so a
  /// subject such as `app-update 1.5\u{1B}` keeps the columns after it in place.
  private func row(_ time: String, _ lane: String, _ subject: String, _ text: String) -> String {
    trimmed(
      time + Self.gap + Self.padRight(VisibleText.escaping(lane), laneWidth) + Self.gap
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
