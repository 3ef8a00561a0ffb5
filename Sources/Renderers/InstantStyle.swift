import ModelContract

/// How a text trace writes its instants: in seconds (`2.050s`), or, when the run reaches a
/// day, counted in days (`+30d 00:00:00.100`), so that a month of a subscription reads as days
/// and hours instead of millions of seconds. One trace uses one style throughout, for its
/// instants and for the lengths it names.
enum InstantStyle: Sendable, Equatable {
  case seconds
  case days

  /// A day in nanoseconds.
  static let day: Int64 = 86_400_000_000_000

  /// The style of a trace whose latest instant is `latest`.
  init(latest: VirtualTime) {
    self = latest.nanoseconds >= Self.day ? .days : .seconds
  }

  /// A length of `nanoseconds`: as an instant's seconds (`0.100s`), or, among instants in
  /// days, in the largest unit that writes it exactly (`100ms`, `25h`, `30d`).
  func length(_ nanoseconds: Int64) -> String {
    switch self {
    case .seconds: DurationText.instant(VirtualTime(nanoseconds: nanoseconds))
    case .days: DurationText.format(nanoseconds)
    }
  }

  /// `time` in this style.
  func format(_ time: VirtualTime) -> String {
    switch self {
    case .seconds: DurationText.instant(time)
    case .days: DurationText.dayInstant(time)
    }
  }
}
