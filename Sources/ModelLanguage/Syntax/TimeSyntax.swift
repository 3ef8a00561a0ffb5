import ModelContract

/// Parses calendar dates (`2026-05-01`), UTC offsets (`+09:00`) and RFC 3339 times
/// (`2026-08-15T21:00:00+09:00`).
package enum TimeSyntax {
  /// An RFC 3339 time: nanoseconds since the Unix epoch and the offset it was written in.
  package struct Timestamp: Equatable {
    package var nanosecondsSinceEpoch: Int64
    package var utcOffsetSeconds: Int32

    /// The time `nanosecondsSinceEpoch` after the Unix epoch, written `utcOffsetSeconds` east
    /// of UTC.
    package init(nanosecondsSinceEpoch: Int64, utcOffsetSeconds: Int32) {
      self.nanosecondsSinceEpoch = nanosecondsSinceEpoch
      self.utcOffsetSeconds = utcOffsetSeconds
    }
  }

  /// `YYYY-MM-DD` as an epoch day.
  package static func date(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
      let day = number(bytes[8..<10]), year >= 1,
      let date = CalendarDate(year: year, month: month, day: day)
    else { return nil }
    return date.epochDay
  }

  /// `Z` or `±HH:MM` as seconds east of UTC.
  package static func offset(_ text: String) -> Int32? {
    let bytes = Array(text.utf8)
    if bytes == [UInt8(ascii: "Z")] || bytes == [UInt8(ascii: "z")] { return 0 }
    guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
      bytes[3] == UInt8(ascii: ":"), let hours = number(bytes[1..<3]),
      let minutes = number(bytes[4..<6]), hours <= 23, minutes <= 59
    else { return nil }
    let seconds = Int32(hours * 3600 + minutes * 60)
    return bytes[0] == UInt8(ascii: "-") ? -seconds : seconds
  }

  /// Whether `text` looks like an attempt at an RFC 3339 time: it starts with something shaped
  /// like a date (`DDDD-DD-DD`), valid or not, so `2026-13-01T00:00:00Z` is reported as a bad
  /// time rather than as a bad duration.
  package static func looksLikeTimestamp(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count > 10 else { return false }
    return bytes[0..<10].indices.allSatisfy { index in
      index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : digitValue(bytes[index]) != nil
    }
  }

  /// An RFC 3339 time; `nil` when malformed or outside the 64-bit nanosecond range
  /// (1677–2262).
  package static func timestamp(_ text: String) -> Timestamp? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20,
      let day = date(String(decoding: bytes[0..<10], as: UTF8.self)),
      [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]),
      let second = number(bytes[17..<19]), hour <= 23, minute <= 59, second <= 59
    else { return nil }
    var index = 19
    var fraction: Int64 = 0
    if bytes[index] == UInt8(ascii: ".") {
      index += 1
      var scale: Int64 = 100_000_000
      let start = index
      while index < bytes.count, let digit = digitValue(bytes[index]) {
        if scale == 0 && digit != 0 { return nil }
        fraction += digit * scale
        scale /= 10
        index += 1
      }
      if index == start { return nil }
    }
    guard let offset = offset(String(decoding: bytes[index...], as: UTF8.self)) else { return nil }
    let local = Int128(day) * 86_400 + Int128(hour * 3600 + minute * 60 + second)
    let utcNanoseconds = (local - Int128(offset)) * 1_000_000_000 + Int128(fraction)
    guard let value = Int64(exactly: utcNanoseconds) else { return nil }
    return Timestamp(nanosecondsSinceEpoch: value, utcOffsetSeconds: offset)
  }

  private static func digitValue(_ byte: UInt8) -> Int64? {
    (48...57).contains(byte) ? Int64(byte - 48) : nil
  }

  private static func number(_ bytes: ArraySlice<UInt8>) -> Int64? {
    var value: Int64 = 0
    for byte in bytes {
      guard let digit = digitValue(byte) else { return nil }
      value = value * 10 + digit
    }
    return bytes.isEmpty ? nil : value
  }
}
