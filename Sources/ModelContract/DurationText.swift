/// Durations and instants as short, exact text, the way scenario files write them.
public enum DurationText {
  private static let units: [(name: String, nanoseconds: Int64)] = [
    ("d", 86_400_000_000_000), ("h", 3_600_000_000_000), ("m", 60_000_000_000),
    ("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000), ("ns", 1),
  ]

  /// A duration as a reader counts it: whole days, hours and minutes, then seconds with their
  /// decimals (`3d`, `31m2.5s`, `1h15m1s`, `2s`, `1.95s`); under a second, in the largest unit
  /// that writes it exactly with at most three decimals (`100ms`, `1.5us`). Scenario files
  /// accept every form it writes.
  public static func format(_ nanoseconds: Int64) -> String {
    if nanoseconds == 0 { return "0s" }
    let magnitude = nanoseconds.magnitude
    let second = UInt64(nanosecondsPerSecond)
    if magnitude >= second {
      let sign = nanoseconds < 0 ? "-" : ""
      var rest = magnitude
      var text = ""
      for unit in units.prefix(3) {
        let size = UInt64(unit.nanoseconds)
        if rest >= size { text += "\(rest / size)\(unit.name)" }
        rest %= size
      }
      if rest != 0 { text += decimal(rest, unit: second) + "s" }
      return sign + text
    }
    for unit in units {
      let size = UInt64(unit.nanoseconds)
      guard magnitude >= size else { continue }
      let thousandth = size / 1000
      if size < 1000 || magnitude % max(thousandth, 1) == 0 {
        let text = decimal(magnitude, unit: size)
        return nanoseconds < 0 ? "-\(text)\(unit.name)" : "\(text)\(unit.name)"
      }
    }
    return "\(nanoseconds)ns"
  }

  /// A signed duration with an explicit sign: `+2h`, `-30d`.
  public static func formatSigned(_ nanoseconds: Int64) -> String {
    nanoseconds < 0 ? format(nanoseconds) : "+" + format(nanoseconds)
  }

  /// An instant with millisecond precision, `2.050s`; finer digits only when needed.
  public static func instant(_ time: VirtualTime) -> String {
    let value = time.nanoseconds
    let sign = value < 0 ? "-" : ""
    let magnitude = value.magnitude
    let seconds = magnitude / 1_000_000_000
    let fraction = magnitude % 1_000_000_000
    var digits = String(fraction)
    digits = String(repeating: "0", count: 9 - digits.count) + digits
    if fraction % 1_000_000 == 0 {
      digits = String(digits.prefix(3))
    } else {
      while digits.hasSuffix("0") { digits.removeLast() }
    }
    return "\(sign)\(seconds).\(digits)s"
  }

  /// An instant counted in days, as a run that spans days shows it: `+30d 00:00:00.100`
  /// (days since the start, then the hour, minute and second of that day, the second with
  /// millisecond precision and finer digits only when needed).
  public static func dayInstant(_ time: VirtualTime) -> String {
    let value = time.nanoseconds
    let sign = value < 0 ? "-" : "+"
    let magnitude = value.magnitude
    let day = 86_400 * nanosecondsPerSecond
    return "\(sign)\(magnitude / day)d " + clock(magnitude % day)
  }

  /// An instant as hours, minutes and seconds since the start, as a run that lasts minutes or
  /// hours but less than a day shows it: `00:31:01.000` (the second with millisecond precision
  /// and finer digits only when needed).
  public static func clockInstant(_ time: VirtualTime) -> String {
    let value = time.nanoseconds
    return (value < 0 ? "-" : "") + clock(value.magnitude)
  }

  private static let nanosecondsPerSecond: UInt64 = 1_000_000_000

  /// `hh:mm:ss.mmm` for `magnitude` nanoseconds; the hours grow past two digits when needed.
  private static func clock(_ magnitude: UInt64) -> String {
    let seconds = magnitude / nanosecondsPerSecond
    let second = instant(VirtualTime(nanoseconds: Int64(magnitude % (60 * nanosecondsPerSecond))))
    let secondText = String(second.dropLast())  // without the unit
    return "\(twoDigits(seconds / 3600)):\(twoDigits(seconds / 60 % 60)):"
      + (seconds % 60 < 10 ? "0" + secondText : secondText)
  }

  private static func twoDigits(_ value: UInt64) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }

  private static func decimal(_ magnitude: UInt64, unit: UInt64) -> String {
    let whole = magnitude / unit
    var rest = magnitude % unit
    guard rest != 0 else { return String(whole) }
    var digits = ""
    var scale = unit
    while rest != 0 && scale > 1 {
      scale /= 10
      digits.append(String(rest / scale))
      rest %= scale
    }
    return "\(whole).\(digits)"
  }
}
