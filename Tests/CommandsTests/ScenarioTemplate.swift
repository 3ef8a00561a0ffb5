/// A scenario file in which every string field appears once as a placeholder `<<field>>` with a
/// valid default, so a test can put a hostile value in one field at a time.
struct ScenarioTemplate {
  /// The file's lines, with placeholders.
  let lines: [String]
  /// Each placeholder's valid value.
  let defaults: [String: String]
  /// The fields that take any text, in file order.
  let freeText: [String]

  /// Builds a template from `(line, default)` pairs; a line with a placeholder gives its default.
  init(_ entries: [(String, String?)], freeText: [String]) {
    self.freeText = freeText
    lines = entries.map(\.0)
    var defaults: [String: String] = [:]
    for (line, value) in entries {
      if let field = Self.field(in: line), let value { defaults[field] = value }
    }
    self.defaults = defaults
  }

  /// The placeholders in file order.
  var fields: [String] { lines.compactMap(Self.field(in:)) }

  /// The 1-based line `field` is on.
  func line(of field: String) -> Int {
    (lines.firstIndex { Self.field(in: $0) == field } ?? -1) + 1
  }

  /// The file with `field` written as `value` (YAML source) and every other field at its default.
  func text(with field: String? = nil, as value: String = "") -> String {
    lines.map { line in
      guard let name = Self.field(in: line) else { return line }
      return line.replacingOccurrences(
        of: "<<\(name)>>", with: name == field ? value : defaults[name] ?? "")
    }.joined(separator: "\n") + "\n"
  }

  private static func field(in line: String) -> String? {
    guard let start = line.range(of: "<<"), let end = line.range(of: ">>") else { return nil }
    return String(line[start.upperBound..<end.lowerBound])
  }

  /// A timeline that uses every top-level key, every state key, every task step, every event
  /// with fields, `expect:` and `explore:`. With its defaults it breaks no invariant.
  static let timeline = ScenarioTemplate(
    [
      ("name: <<name>>", "hostile"),
      ("title: <<title>>", "Every string field in one file"),
      ("about: <<about>>", "Prose that no output prints"),
      ("model: <<model>>", "review-prompt"),
      ("runtime: <<runtime>>", "swift"),
      ("variant: <<variant>>", "cancel-guard"),
      ("clock:", nil),
      ("  start: <<start>>", "2026-08-15T21:00:00+09:00"),
      ("  timezone: <<timezone>>", "+09:00"),
      ("app:", nil),
      ("  version: <<version>>", "1.4.0"),
      ("  wins: <<wins>>", "4"),
      ("  last-attempt: <<last-attempt>>", "2025-01-01"),
      ("  last-prompted-version: <<last-prompted-version>>", "1.3.0"),
      ("  force-override: <<force-override>>", "false"),
      ("config:", nil),
      ("  win-threshold: <<win-threshold>>", "3"),
      ("  cooldown-days: <<cooldown-days>>", "120"),
      ("  delay: <<delay>>", "2s"),
      ("  transition: <<transition>>", "350ms"),
      ("system:", nil),
      ("  environment: <<environment>>", "app-store"),
      ("  shown-last-365-days: <<shown-last-365-days>>", "0"),
      ("  scene: <<scene>>", "foreground-active"),
      ("task:", nil),
      ("  - sleep: <<sleep>>", "delay"),
      ("    on-cancel: <<on-cancel>>", "return"),
      ("  - <<step>>", "guard-not-cancelled"),
      ("  - call: <<call>>", "fire"),
      ("timeline:", nil),
      ("  - at: <<at>>", "0s"),
      ("    event: <<event>>", "game-won"),
      ("  - at: 0s", nil),
      ("    event: screen-show", nil),
      ("  - at: 1s", nil),
      ("    event: scene", nil),
      ("    state: <<state>>", "foreground-inactive"),
      ("  - at: 1.5s", nil),
      ("    event: scene", nil),
      ("    state: foreground-active", nil),
      ("  - at: 3s", nil),
      ("    event: main-busy", nil),
      ("    for: <<for>>", "100ms"),
      ("  - at: 4s", nil),
      ("    event: screen-disappear", nil),
      ("    transition: <<event-transition>>", "none"),
      ("    tie: <<tie>>", "last"),
      ("  - at: 5s", nil),
      ("    event: app-update", nil),
      ("    version: <<update-version>>", "1.5.0"),
      ("  - at: 6s", nil),
      ("    event: wall-clock-shift", nil),
      ("    by: <<by>>", "-1d"),
      ("expect:", nil),
      ("  attempts: <<attempts>>", "1"),
      ("  violations: [<<expected-violation>>]", "no-fire-after-cancel"),
      ("explore:", nil),
      ("  violations: [<<explore-violation>>]", "attempt-while-visible"),
      ("  random: <<random>>", "3"),
      ("  seed: <<seed>>", "1"),
    ], freeText: ["title", "about", "version", "last-prompted-version", "update-version"])

  /// A truth table with every column of a row.
  static let table = ScenarioTemplate(
    [
      ("name: <<name>>", "hostile-table"),
      ("title: <<title>>", "Every string cell in one row"),
      ("model: review-prompt", nil),
      ("eligibility:", nil),
      ("  - wins: <<wins>>", "5"),
      ("    last-attempt: <<last-attempt>>", "never"),
      ("    today: <<today>>", "2026-08-15"),
      ("    last-prompted-version: <<last-prompted-version>>", "none"),
      ("    version: <<version>>", "1.4.0"),
      ("    force-override: <<force-override>>", "false"),
      ("    expect: <<expect>>", "true"),
    ], freeText: ["title", "last-prompted-version", "version"])
}
