/// Parses durations as scenario files write them: a decimal number and a unit (`ns us ms s m h
/// d`), or several joined (`1h30m`), optionally signed (`-30d`, `+2h`) where the field allows.
enum DurationSyntax {
  static let units: [(name: String, nanoseconds: Int64)] = [
    ("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000),
    ("h", 3_600_000_000_000), ("d", 86_400_000_000_000),
  ]

  enum Failure: Error, Equatable {
    case malformed
    case negative
    /// `+2h` where only an unsigned duration is allowed.
    case signed
    case tooFine
    case tooLarge
  }

  /// The duration in nanoseconds. A sign is accepted only when `signed` is true.
  static func parse(_ text: String, signed: Bool) -> Result<Int64, Failure> {
    var bytes = Substring(text).utf8[...]
    var negative = false
    if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      bytes = bytes.dropFirst()
      if !signed { return .failure(negative ? .negative : .signed) }
    }
    guard !bytes.isEmpty else { return .failure(.malformed) }
    var total: Int64 = 0
    while !bytes.isEmpty {
      let number = bytes.prefix { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }
      bytes = bytes.dropFirst(number.count)
      let unitBytes = bytes.prefix { $0 >= 97 && $0 <= 122 }
      bytes = bytes.dropFirst(unitBytes.count)
      let unitName = String(decoding: unitBytes, as: UTF8.self)
      guard let unit = units.first(where: { $0.name == unitName }) else {
        return .failure(.malformed)
      }
      switch scaled(Array(number), by: unit.nanoseconds) {
      case .success(let value):
        let (sum, overflow) = total.addingReportingOverflow(value)
        if overflow { return .failure(.tooLarge) }
        total = sum
      case .failure(let failure):
        return .failure(failure)
      }
    }
    return .success(negative ? -total : total)
  }

  /// `digits` (with at most one `.`) times `unit` nanoseconds, exactly.
  private static func scaled(_ digits: [UInt8], by unit: Int64) -> Result<Int64, Failure> {
    let parts = digits.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = parts.first, !whole.isEmpty else {
      return .failure(.malformed)
    }
    if parts.count == 2 && parts[1].isEmpty { return .failure(.malformed) }
    var value: Int64 = 0
    for digit in whole {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int64(digit - 48))
      if overflow1 || overflow2 { return .failure(.tooLarge) }
      value = sum
    }
    let (scaledWhole, overflow) = value.multipliedReportingOverflow(by: unit)
    if overflow { return .failure(.tooLarge) }
    guard parts.count == 2 else { return .success(scaledWhole) }
    var fraction: Int64 = 0
    var scale = unit
    for digit in parts[1] {
      let digitValue = Int64(digit - 48)
      if scale % 10 != 0 {
        if digitValue != 0 { return .failure(.tooFine) }
        continue
      }
      scale /= 10
      fraction += digitValue * scale
    }
    let (sum, overflow2) = scaledWhole.addingReportingOverflow(fraction)
    return overflow2 ? .failure(.tooLarge) : .success(sum)
  }

  /// The message for a failure, naming what was written.
  static func message(_ failure: Failure, text: String) -> String {
    switch failure {
    case .malformed:
      "'\(text)' is not a duration; write a number and a unit (ns, us, ms, s, m, h, d), "
        + "such as 250ms, 1.5s or 1h30m"
    case .negative: "'\(text)': durations cannot be negative here"
    case .signed:
      "'\(text)': a sign is allowed only on signed durations such as 'by:' of "
        + "wall-clock-shift; write the duration without it"
    case .tooFine: "'\(text)' is finer than the 1 ns resolution"
    case .tooLarge: "'\(text)' does not fit in 64-bit nanoseconds (about 292 years)"
    }
  }
}
