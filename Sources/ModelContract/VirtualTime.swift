/// An instant on the simulator's monotonic clock: whole nanoseconds since the run's `t = 0`.
///
/// Virtual time never depends on real time. Arithmetic saturates at the representable range, so
/// a sleep scheduled near the end of time lands at ``VirtualTime/end`` instead of overflowing.
public struct VirtualTime: Hashable, Comparable, Sendable {
  /// Nanoseconds since `t = 0`.
  public var nanoseconds: Int64

  /// Creates an instant `nanoseconds` after `t = 0`.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// The start of every run.
  public static let zero = VirtualTime(nanoseconds: 0)

  /// The last representable instant.
  public static let end = VirtualTime(nanoseconds: .max)

  /// The instant `nanoseconds` later, saturating at ``end`` (and at `Int64.min` for negatives).
  public func advanced(by nanoseconds: Int64) -> VirtualTime {
    let (sum, overflow) = self.nanoseconds.addingReportingOverflow(nanoseconds)
    if overflow { return VirtualTime(nanoseconds: nanoseconds > 0 ? .max : .min) }
    return VirtualTime(nanoseconds: sum)
  }

  /// The instant as a `Duration` since `t = 0`.
  public var duration: Duration { .nanoseconds(nanoseconds) }

  /// Orders by value.
  public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }
}

extension Duration {
  /// The duration in whole nanoseconds, or `nil` when it does not fit in 64 bits.
  public var wholeNanoseconds: Int64? {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return nil }
    let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    return overflow2 ? nil : total
  }
}
