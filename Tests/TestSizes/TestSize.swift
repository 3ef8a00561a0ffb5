import Foundation

/// How much generated work the oracles, sweeps and corpora do in one `swift test`.
///
/// Every generated case is made from its own seed, and a smaller size runs a prefix of a
/// larger size's cases, so a case that fails at one size fails at every size that includes it.
/// Choose the size with the environment variable `RACELAB_TEST_SIZE`:
///
/// - `standard` (the default): enough cases to catch a regression in a few minutes of a debug
///   build; what `swift test` runs.
/// - `thorough`: the counts the oracles were written for, or more; what CI runs in an optimised
///   build (`.ci/run`).
public enum TestSize: String, CaseIterable, Sendable {
  case standard
  case thorough

  /// The environment variable that chooses the size.
  public static let variable = "RACELAB_TEST_SIZE"

  /// The size chosen by ``variable``, or ``standard`` when it is unset. A value that names no
  /// size also gives ``standard``; ``problem`` says so, and a test fails on it.
  public static let current: TestSize =
    parse(ProcessInfo.processInfo.environment[variable]) ?? .standard

  /// Why the environment's value of ``variable`` is not a size, or `nil` when it is one or unset.
  public static var problem: String? {
    guard let value = ProcessInfo.processInfo.environment[variable], parse(value) == nil else {
      return nil
    }
    let names = allCases.map(\.rawValue).joined(separator: " or ")
    return "\(variable)=\(value) names no test size; use \(names)"
  }

  /// The size `text` names, or `nil`; an empty value is the default.
  static func parse(_ text: String?) -> TestSize? {
    guard let text, !text.isEmpty else { return .standard }
    return TestSize(rawValue: text.lowercased())
  }

  /// `standard` at the standard size and `thorough` at the thorough size.
  public static func count(standard: Int, thorough: Int) -> Int {
    precondition(0 < standard && standard <= thorough, "a larger size must run at least as much")
    return current == .thorough ? thorough : standard
  }

  /// All of `cases` at the thorough size, their first `standard` at the standard size: for
  /// generated cases, where the first ones are as varied as the rest.
  public static func prefix<Element>(of cases: [Element], standard: Int) -> [Element] {
    Array(
      cases.prefix(
        count(standard: min(standard, max(cases.count, 1)), thorough: max(cases.count, 1))))
  }

  /// All of `items` at the thorough size, `standard` of them spread evenly at the standard size
  /// (the first and the last included): for lists in an order that groups kinds together, such
  /// as the files of several folders.
  public static func sample<Element>(of items: [Element], standard: Int) -> [Element] {
    guard current == .standard, standard < items.count else { return items }
    guard standard > 1 else { return Array(items.prefix(standard)) }
    return (0..<standard).map { items[$0 * (items.count - 1) / (standard - 1)] }
  }
}
