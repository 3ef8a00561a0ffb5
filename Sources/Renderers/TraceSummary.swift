/// The closing lines of the text trace: the answer first, then broken invariants,
/// expectations, the schedule and the fix.
enum TraceSummary {
  static func lines(of report: RunReport) -> [String] {
    let violations = report.result.violations
    var lines = [
      report.headline,
      "broken: " + (violations.isEmpty ? "none" : violations.joined(separator: ", ")),
    ]
    if let reason = report.expectationsNotChecked {
      for check in report.expectations {
        lines.append("expect \(check.key): \(check.expected) (actual \(check.actual))")
      }
      lines.append("expectations: \(reason), not checked")
    } else {
      for check in report.expectations {
        lines.append(
          "expect \(check.key): \(check.expected) "
            + (check.holds ? "✓" : "✗ (actual \(check.actual))"))
      }
      lines.append(verdict(report.expectations))
    }
    if let schedule = report.schedule { lines.append("schedule \(schedule)") }
    if let fixHint = report.fixHint { lines.append(fixHint) }
    return lines
  }

  /// `expectations: all 3 hold`, `expectations: 1 of 3 FAILED`, `expectations: none`.
  private static func verdict(_ checks: [ExpectationCheck]) -> String {
    let failed = checks.filter { !$0.holds }.count
    if checks.isEmpty { return "expectations: none" }
    return failed == 0
      ? "expectations: all \(checks.count) hold"
      : "expectations: \(failed) of \(checks.count) FAILED"
  }
}
