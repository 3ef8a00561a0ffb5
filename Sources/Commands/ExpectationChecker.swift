import ModelContract
import RacelabKernel
import Renderers
import ScenarioFormat

/// Compares a scenario's `expect:` block with what a run produced.
enum ExpectationChecker {
  static func check(_ expectations: [Expectation], against result: SimulationResult)
    -> [ExpectationCheck]
  {
    expectations.map { expectation in
      switch expectation.value {
      case .summary(let field, let expected, let kind):
        let actual = result.summary.first { $0.name == field }?.value
        return ExpectationCheck(
          key: expectation.key, expected: expected.written(as: kind),
          actual: actual?.written(as: kind) ?? "missing", holds: actual == expected)
      case .violations(let expected):
        let list = { (names: [String]) in "[" + names.joined(separator: ", ") + "]" }
        return ExpectationCheck(
          key: expectation.key, expected: list(expected), actual: list(result.violations),
          holds: Set(expected) == Set(result.violations))
      }
    }
  }
}
