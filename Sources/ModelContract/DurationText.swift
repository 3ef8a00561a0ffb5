/// Durations and instants as short, exact text, the way scenario files write them.
public enum DurationText {
  private static let units: [(name: String, nanoseconds: Int64)] = [
    ("d", 86_400_000_000_000), ("h", 3_600_000_000_000), ("m", 60_000_000_000),
    ("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000), ("ns", 1),
  ]

  /// A non-negative duration in the largest unit that writes it exactly with at most three
  /// decimals: `2s`, `1.95s`, `100ms`, `3d`.
  public static func format(_ nanoseconds: Int64) -> String {
    if nanoseconds == 0 { return "0s" }
    let magnitude = nanoseconds.magnitude
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
