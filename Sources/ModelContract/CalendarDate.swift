/// A proleptic Gregorian calendar date, convertible to and from epoch days (days since
/// 1970-01-01), for any year that fits. The arithmetic is exact and cannot overflow for years
/// in `-1_000_000...1_000_000`.
public struct CalendarDate: Hashable, Sendable {
  /// The year (1 is 1 AD; 0 is 1 BC).
  public var year: Int64
  /// The month, 1–12.
  public var month: Int64
  /// The day of the month, 1–31.
  public var day: Int64

  /// Creates a date; returns `nil` when the month or day does not exist.
  public init?(year: Int64, month: Int64, day: Int64) {
    guard (-1_000_000...1_000_000).contains(year), (1...12).contains(month), day >= 1,
      day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `epochDay` days after 1970-01-01.
  public init(epochDay: Int64) {
    // Civil-from-days over 400-year eras, in 128 bits so every Int64 day converts.
    let z = Int128(epochDay) + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.year = Int64(clamping: year)
    self.month = Int64(month)
    self.day = Int64(day)
  }

  /// Whole days from 1970-01-01 to this date (negative before it).
  public var epochDay: Int64 {
    let year = month <= 2 ? self.year - 1 : self.year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// `2026-08-15` (years outside 0–9999 are written with as many digits as they need).
  public var text: String {
    "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
  }

  static func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let padding = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + padding + digits
  }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
