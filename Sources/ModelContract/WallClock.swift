/// The device's wall clock, separate from the monotonic clock that sleeps wait on.
///
/// A user can move the wall clock (``shift(byNanoseconds:)``); the monotonic clock never moves
/// back. Calendar days come from the wall clock in a fixed UTC offset. All arithmetic is done in
/// 128 bits, so no input can overflow it.
public struct WallClock: Hashable, Sendable {
  /// Nanoseconds since 1970-01-01T00:00:00Z at `t = 0`.
  public var startNanosecondsSinceEpoch: Int64
  /// The UTC offset, in seconds, used to turn wall time into a local calendar date.
  public var utcOffsetSeconds: Int32
  /// The sum of every shift applied so far, in nanoseconds.
  public private(set) var shiftNanoseconds: Int128 = 0

  /// The length of a calendar day.
  public static let nanosecondsPerDay: Int128 = 86_400 * 1_000_000_000

  /// Creates a wall clock that reads `startNanosecondsSinceEpoch` at `t = 0`.
  public init(startNanosecondsSinceEpoch: Int64, utcOffsetSeconds: Int32) {
    self.startNanosecondsSinceEpoch = startNanosecondsSinceEpoch
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// Moves the wall clock by a signed amount; the monotonic clock is unaffected.
  public mutating func shift(byNanoseconds amount: Int64) {
    shiftNanoseconds += Int128(amount)
  }

  /// Local wall time at virtual instant `time`, in nanoseconds since the Unix epoch, offset applied.
  public func localNanosecondsSinceEpoch(at time: VirtualTime) -> Int128 {
    Int128(startNanosecondsSinceEpoch) + Int128(time.nanoseconds) + shiftNanoseconds
      + Int128(utcOffsetSeconds) * 1_000_000_000
  }

  /// Whole days from 1970-01-01 to the local calendar date at `time` (negative before 1970).
  public func epochDay(at time: VirtualTime) -> Int64 {
    let day = Self.floorDivide(localNanosecondsSinceEpoch(at: time), Self.nanosecondsPerDay)
    return Int64(clamping: day)
  }

  /// `value / divisor` rounded towards negative infinity.
  public static func floorDivide(_ value: Int128, _ divisor: Int128) -> Int128 {
    let quotient = value / divisor
    return (value % divisor < 0) ? quotient - 1 : quotient
  }
}

extension WallClock {
  /// The local wall time at `time`, as `2026-08-15 21:00:00 +09:00`.
  public func localText(at time: VirtualTime) -> String {
    let local = localNanosecondsSinceEpoch(at: time)
    let day = Self.floorDivide(local, Self.nanosecondsPerDay)
    let secondOfDay = Int64((local - day * Self.nanosecondsPerDay) / 1_000_000_000)
    let date = CalendarDate(epochDay: Int64(clamping: day))
    let offset = Int64(utcOffsetSeconds)
    let sign = offset < 0 ? "-" : "+"
    let hours = CalendarDate.padded(Int64(offset.magnitude / 3600), 2)
    let minutes = CalendarDate.padded(Int64(offset.magnitude % 3600 / 60), 2)
    return "\(date.text) \(CalendarDate.padded(secondOfDay / 3600, 2)):"
      + "\(CalendarDate.padded(secondOfDay % 3600 / 60, 2)):"
      + "\(CalendarDate.padded(secondOfDay % 60, 2)) \(sign)\(hours):\(minutes)"
  }
}
