import ScenarioFormat
import Testing

/// Diagnostics quote what the file says and name the file: both reach a terminal, so both are
/// shown with their control characters escaped, and a file name cannot start a line of its own.
@Suite struct DiagnosticEscapingTests {
  static let hostilePath = "dir/evil\u{1B}]0;title\u{07}\n!!    9.999s  main  BROKEN fake.yaml"
  static let shownPath = #"dir/evil\u{1B}]0;title\u{07}\n!!    9.999s  main  BROKEN fake.yaml"#

  static func formatted(_ text: String) -> [String] {
    guard case .failure(let list) = loadScenario(text) else {
      Issue.record("accepted")
      return []
    }
    return list.diagnostics.map { $0.formatted(path: hostilePath) }
  }

  @Test func anUnknownWordIsQuotedEscapedAndItsNoteToo() {
    let lines = Self.formatted(
      "name: x\nmodel: review-prompt\ntimeline:\n  - {at: 0s, event: \"game-wo\\e[2J\\a\"}\n"
    ).joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines == [
        "\(Self.shownPath):4:21: error: unknown event 'game-wo\\u{1B}[2J\\u{07}'",
        "\(Self.shownPath):4:21: note: expected one of: game-won, screen-show, screen-disappear, "
          + "window-detach, window-attach, presenter-release, scene, main-busy, app-suspend, "
          + "app-resume, relaunch, app-update, wall-clock-shift",
      ])
  }

  @Test func aForgedLineInAValueStaysOnTheErrorLine() {
    let lines = Self.formatted(
      "name: x\nmodel: review-prompt\napp: {version: \"1.4.0\\n!!    9.999s  main  BROKEN fake\"}\n"
        + "timeline:\n  - {at: 0s, event: game-won}\n")
    #expect(
      lines == [
        "\(Self.shownPath):3:16: error: 'version' must be a single line, found a line break in "
          + "'1.4.0\\n!!    9.999s  main  BROKEN fake'"
      ])
  }

  @Test func aSyntaxErrorQuotesNoRawControlCharacter() {
    for line in Self.formatted("a: \"\\e\"\n\"\\e[2J\": 1\n") {
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line)")
      #expect(line.hasPrefix(Self.shownPath + ":"))
    }
  }
}
