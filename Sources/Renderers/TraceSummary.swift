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
      lines.append(verdict(report.expectations, violations: violations))
    }
    if let schedule = report.schedule { lines.append("schedule \(schedule)") }
    if let fixHint = report.fixHint { lines.append(fixHint) }
    return lines
  }

  /// `expectations: all 3 hold`, `expectations: 1 of 3 FAILED`, `expectations: none`; with
  /// none and invariants broken, says that nothing fails the run and how to pin them.
  private static func verdict(_ checks: [ExpectationCheck], violations: [String]) -> String {
    let failed = checks.filter { !$0.holds }.count
    if checks.isEmpty {
      guard !violations.isEmpty else { return "expectations: none" }
      return "expectations: none, so the broken invariants above do not fail the run "
        + "(pin them with expect: {violations: [\(violations.joined(separator: ", "))]})"
    }
    return failed == 0
      ? "expectations: all \(checks.count) hold"
      : "expectations: \(failed) of \(checks.count) FAILED"
  }
}
