import CommandTestSupport
import Foundation
import Testing

/// A schedule that puts two instants in an order the windows allow, but not in the earliest
/// arrivals' order, says so in its trace at the earlier of the two instants (not where the order
/// was settled), with the default order beside the one taken; the default run does not.
struct WindowOrderNarrationTests {
  /// The show lands somewhere in 60 ms and starts a 2 s sleep, so where it lands decides how
  /// T1's timer lies against the disappear at 2.001 s.
  static let scenario = """
    name: show-window
    model: review-prompt
    variant: original
    app: {wins: 4}
    timeline:
      - {at: 0s, event: game-won}
      - {at: 0s..60ms, event: screen-show}
      - {at: 2.001s, event: screen-disappear}

    """

  static let sameInstant =
    "T1's sleep timer (2.001s) at the same instant as screen-disappear (2.001s): this schedule's "
    + "order, where the windows allow others (the lines below, numbered, give their order in the "
    + "instant); by default (each window at its start) T1's sleep "
    + "timer comes before screen-disappear"

  @Test("the counterexample's trace names the order of instants it chose; the default run does not")
  func chosenOrderIsTold() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("window.yaml", Self.scenario)
    let explored = try runRacelab(["explore", "window.yaml", "--format", "json"], in: folder.url)
    let report = try #require(
      try JSONSerialization.jsonObject(with: explored.output) as? [String: Any])
    let outcomes = try #require(report["outcomes"] as? [[String: Any]])
    let broken = try #require(
      outcomes.first {
        (($0["summary"] as? [String: Any])?["violations"] as? [String])?
          .contains("no-fire-after-cancel") == true
      })
    let token = try #require(broken["schedule"] as? String)

    let replay = try runRacelab(["run", "window.yaml", "--schedule", token], in: folder.url)
    // At 2.001s, where the two instants are, before the timer fires; not at 0.001s, where the
    // show's arrival settled the order.
    let lines = replay.outputText.split(separator: "\n").map(String.init)
    let windows = try #require(lines.firstIndex { $0.contains(Self.sameInstant + " · choice ") })
    let head = "      2.001s  1  ·     windows                    "
    #expect(lines[windows].hasPrefix(head + Self.sameInstant))
    // The disappear arrives first, then the timer fires behind it.
    #expect(
      lines[windows + 1].hasPrefix("      2.001s  2  ·     screen-disappear           arrives"))
    #expect(lines[windows + 2].hasPrefix("      2.001s  3  ·     timer #1 fires"))

    let json = try runRacelab(
      ["run", "window.yaml", "--schedule", token, "--format", "json"], in: folder.url)
    let trace = try #require(
      try JSONSerialization.jsonObject(with: json.output) as? [String: Any])
    let events = try #require(trace["trace"] as? [[String: Any]])
    let ordered = events.filter { $0["kind"] as? String == "instantsOrdered" }
    #expect(
      ordered.contains {
        $0["first"] as? String == "T1's sleep timer"
          && $0["second"] as? String == "screen-disappear" && $0["order"] as? String == "same"
          && $0["defaultOrder"] as? String == "before"
          && $0["firstAtNanoseconds"] as? Int == 2_001_000_000
          && $0["secondAtNanoseconds"] as? Int == 2_001_000_000
          && $0["timeNanoseconds"] as? Int == 2_001_000_000
      })

    let plain = try runRacelab(["run", "window.yaml"], in: folder.url)
    #expect(!plain.outputText.contains("chosen where the windows allow"))
  }
}
