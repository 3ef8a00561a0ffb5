/// Counts as people read them: `13,233,250`, `1 schedule`, `2 schedules`.
public enum Count {
  /// `value` with a comma between each group of three digits.
  public static func text(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return (value < 0 ? "-" : "") + grouped
  }

  /// `1 schedule`, `2,000 schedules`.
  public static func of(_ value: Int, _ noun: String) -> String {
    "\(text(value)) \(noun)\(value == 1 ? "" : "s")"
  }
}
