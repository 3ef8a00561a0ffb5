/// The closing lines of the text trace: the answer first, then broken invariants,
/// expectations, the schedule and the fix.
enum TraceSummary {
  static func lines(of report: RunReport) -> [String] {
    let violations = report.result.violations
    var lines = [report.headline]
    if let figures = report.figures { lines.append(figures) }
    lines.append("broken: " + (violations.isEmpty ? "none" : violations.joined(separator: ", ")))
    if let usual = report.defaultViolations { lines.append(comparison(violations, usual)) }
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

  /// `the default schedule breaks uuid-stable, loads-agree too; only this schedule breaks
  /// no-silent-save-failure`: which of a replayed schedule's breaks the default run has.
  private static func comparison(_ violations: [String], _ usual: [String]) -> String {
    let shared = violations.filter(usual.contains)
    let only = violations.filter { !usual.contains($0) }
    let missing = usual.filter { !violations.contains($0) }
    var parts: [String] = []
    if !shared.isEmpty {
      parts.append("the default schedule breaks \(shared.joined(separator: ", ")) too")
    }
    if !only.isEmpty { parts.append("only this schedule breaks \(only.joined(separator: ", "))") }
    if !missing.isEmpty {
      parts.append(
        "the default schedule breaks \(missing.joined(separator: ", ")), which this one does not")
    }
    if parts.isEmpty { parts.append("the default schedule breaks nothing either") }
    return parts.joined(separator: "; ")
  }

  /// `expectations: all 3 hold`, `expectations: 1 of 3 FAILED`, `expectations: none`; when
  /// invariants broke and no expectation names `violations`, says that they fail nothing and
  /// how to pin them.
  private static func verdict(_ checks: [ExpectationCheck], violations: [String]) -> String {
    let failed = checks.filter { !$0.holds }.count
    if checks.isEmpty {
      guard !violations.isEmpty else { return "expectations: none" }
      return "expectations: none, so the broken invariants above do not fail the run "
        + "(pin them with expect: {violations: [\(violations.joined(separator: ", "))]})"
    }
    let verdict =
      failed == 0
      ? "expectations: all \(checks.count) hold"
      : "expectations: \(failed) of \(checks.count) FAILED"
    guard !violations.isEmpty, !checks.contains(where: { $0.key == "violations" }) else {
      return verdict
    }
    return verdict + "; they do not name violations, so the broken invariants above are not "
      + "checked (pin them with violations: [\(violations.joined(separator: ", "))])"
  }
}
