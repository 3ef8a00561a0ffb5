/// Parses durations as scenario and model files write them: a decimal number and a unit (`ns us
/// ms s m h d`), or several joined (`1h30m`), optionally signed (`-30d`, `+2h`) where the field
/// allows.
package enum DurationSyntax {
  static let units: [(name: String, nanoseconds: Int64)] = [
    ("ns", 1), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000), ("m", 60_000_000_000),
    ("h", 3_600_000_000_000), ("d", 86_400_000_000_000),
  ]

  package enum Failure: Error, Equatable {
    case malformed
    case negative
    /// `+2h` where only an unsigned duration is allowed.
    case signed
    case tooFine
    case tooLarge
  }

  /// The duration in nanoseconds. A sign is accepted only when `signed` is true.
  package static func parse(_ text: String, signed: Bool) -> Result<Int64, Failure> {
    let bytes = Array(text.utf8)
    var index = 0
    var negative = false
    if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      index = 1
      if !signed { return .failure(negative ? .negative : .signed) }
    }
    guard index < bytes.count else { return .failure(.malformed) }
    var total: Int64 = 0
    while index < bytes.count {
      let numberStart = index
      while index < bytes.count && (isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".")) {
        index += 1
      }
      let unitStart = index
      while index < bytes.count && bytes[index] >= 97 && bytes[index] <= 122 { index += 1 }
      guard let unit = unitNanoseconds(bytes[unitStart..<index]) else {
        return .failure(.malformed)
      }
      switch scaled(bytes[numberStart..<unitStart], by: unit) {
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

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  /// The size of the unit spelled by `name`, if it is one of ``units``.
  private static func unitNanoseconds(_ name: ArraySlice<UInt8>) -> Int64? {
    for unit in units where unit.name.utf8.elementsEqual(name) { return unit.nanoseconds }
    return nil
  }

  /// `digits` (with at most one `.`) times `unit` nanoseconds, exactly.
  private static func scaled(_ digits: ArraySlice<UInt8>, by unit: Int64) -> Result<Int64, Failure>
  {
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
  package static func message(_ failure: Failure, text: String) -> String {
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
