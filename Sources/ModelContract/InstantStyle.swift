/// How a trace writes its instants: in seconds (`2.050s`); when the run reaches ten
/// minutes, as a clock (`00:31:01.000`); when it reaches a day, counted in days
/// (`+30d 00:00:00.100`). So half an hour in the background reads as minutes and a month of a
/// subscription as days and hours, instead of thousands or millions of seconds. One trace uses
/// one style throughout, for its instants, for the lengths it names and for the times its
/// answer gives.
public enum InstantStyle: Sendable, Equatable {
  /// In seconds: `2.050s`.
  case seconds
  /// As a clock: `00:31:01.000`.
  case clock
  /// In days since the start: `+30d 00:00:00.100`.
  case days

  /// A day in nanoseconds.
  public static let day: Int64 = 86_400_000_000_000
  /// Ten minutes in nanoseconds: the first instant a trace writes as a clock.
  public static let tenMinutes: Int64 = 600_000_000_000

  /// The style of a trace whose latest instant is `latest`.
  public init(latest: VirtualTime) {
    switch latest.nanoseconds {
    case Self.day...: self = .days
    case Self.tenMinutes...: self = .clock
    default: self = .seconds
    }
  }

  /// A length of `nanoseconds`: as an instant's seconds (`0.100s`), or, among instants
  /// written as a clock or in days, in the largest unit that writes it exactly (`100ms`,
  /// `30m`, `25h`, `30d`).
  public func length(_ nanoseconds: Int64) -> String {
    switch self {
    case .seconds: DurationText.instant(VirtualTime(nanoseconds: nanoseconds))
    case .clock, .days: DurationText.format(nanoseconds)
    }
  }

  /// `time` in this style.
  public func format(_ time: VirtualTime) -> String {
    switch self {
    case .seconds: DurationText.instant(time)
    case .clock: DurationText.clockInstant(time)
    case .days: DurationText.dayInstant(time)
    }
  }
}
