/// A sleep's duration recovered from measurements of its deadline.
///
/// `Task.sleep(for: d)` turns `d` into a deadline on a real clock before racelab sees it, so
/// racelab sees only bounds: the deadline measured when the request arrived (at most `d`) and
/// measured from the start of the job that slept (at least `d`). The duration taken is the
/// roundest value between them: the multiple of the largest power of ten that fits, the
/// smallest such. Durations people write (`2s`, `350ms`, `1.5ms`) come out exact when the
/// bounds are close, as they are unless the thread was held up while the job ran: a reading
/// whose bounds are far apart is uncertain, and a run with an uncertain one is run again.
enum SleepDuration {
  /// A duration and whether the bounds determine it.
  struct Reading: Equatable {
    var nanoseconds: Int64
    /// `false` when the bounds are ``uncertainWidth`` or more apart (the thread was held
    /// up, or the job ran that long before it slept), or when the value taken is zero though
    /// the job had run for more than ``uncertainZeroBound``.
    var certain: Bool
  }

  /// The duration of a sleep whose deadline was measured as `request`; `nil` when the
  /// clock's durations are not `Duration`s.
  static func read(_ request: DeadlineRequest) -> Reading? {
    bounds(of: request).map { reading(from: $0.lowerBound, through: $0.upperBound) }
  }

  /// The durations the deadline measured as `request` allows; `nil` when the clock's
  /// durations are not `Duration`s.
  static func bounds(of request: DeadlineRequest) -> ClosedRange<Int64>? {
    guard let measured = request.atArrival.map(nanoseconds) else { return nil }
    let low = max(0, measured)
    return low...max(low, request.fromJobStart.map(nanoseconds) ?? low)
  }

  /// The roundest value in `low...high` (both non-negative), and whether it is certain.
  static func reading(from low: Int64, through high: Int64) -> Reading {
    var unit: Int64 = 1_000_000_000_000_000_000
    while unit >= 1 {
      let candidate = smallestMultiple(of: unit, atLeast: low)
      if let candidate, candidate <= high {
        let certain =
          high - low < uncertainWidth && (candidate != 0 || high <= uncertainZeroBound)
        return Reading(nanoseconds: candidate, certain: certain)
      }
      unit /= 10
    }
    return Reading(nanoseconds: low, certain: true)
  }

  /// Bounds this far apart (1 ms) or further could hold a value other than the one taken.
  static let uncertainWidth: Int64 = 1_000_000

  /// Past this, a job that sleeps for zero may as well have slept for a duration its thread
  /// was held up for (100 µs).
  static let uncertainZeroBound: Int64 = 100_000

  /// The smallest multiple of `unit` that is at least `low`, or `nil` past `Int64.max`.
  private static func smallestMultiple(of unit: Int64, atLeast low: Int64) -> Int64? {
    let (quotient, remainder) = low.quotientAndRemainder(dividingBy: unit)
    if remainder == 0 { return low }
    let (next, overflow) = (quotient + 1).multipliedReportingOverflow(by: unit)
    return overflow ? nil : next
  }

  /// `duration` in whole nanoseconds, saturating.
  static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    let (sum, overflowed) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    return overflowed ? (seconds < 0 ? .min : .max) : sum
  }
}
