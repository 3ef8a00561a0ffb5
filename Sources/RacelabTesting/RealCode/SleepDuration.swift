/// A sleep's duration recovered from measurements of its deadline.
///
/// `Task.sleep(for: d)` turns `d` into a deadline on a real clock before racelab sees it, so
/// racelab sees only bounds: the deadline measured when the request arrived (at most `d`) and
/// measured from the start of the job that slept (at least `d`). The duration taken is the
/// roundest value between them: the multiple of the largest power of ten that fits, the
/// smallest such. Durations people write (`2s`, `350ms`, `1.5ms`) come out exact as long as
/// the job ran for less than their last digit before sleeping; the README says so.
enum SleepDuration {
  /// The duration of a sleep whose deadline was measured as `request`, in nanoseconds; `nil`
  /// when the clock's durations are not `Duration`s.
  static func recovered(from request: DeadlineRequest) -> Int64? {
    guard let low = request.atArrival.map(nanoseconds) else { return nil }
    let high = request.fromJobStart.map(nanoseconds) ?? low
    return roundest(from: max(0, low), through: max(0, low, high))
  }

  /// The roundest value in `low...high` (both non-negative).
  static func roundest(from low: Int64, through high: Int64) -> Int64 {
    var unit: Int64 = 1_000_000_000_000_000_000
    while unit > 1 {
      let (quotient, remainder) = low.quotientAndRemainder(dividingBy: unit)
      let candidate =
        remainder == 0
        ? low
        : (quotient + 1).multipliedReportingOverflow(by: unit)
          .partialValue
      if candidate >= low && candidate <= high { return candidate }
      unit /= 10
    }
    return low
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
