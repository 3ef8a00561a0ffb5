import CommandTestSupport
import Commands
import Foundation
import ModelContract
import RacelabKernel
import Testing

/// `{when-broken(NAME)}` in an answer: when the invariant was broken, from the instant it
/// broke to the instant it held again, in the trace's instants; and the times stay out of the
/// outcomes `explore` counts.
struct AnswerWindowTests {
  /// A level that `up` raises and `down` lowers; `low` is broken while it is high. The picture
  /// row shows the level after every job, which is where `always:` is checked, so the JSON
  /// trace's `stateShown` events tell independently when `low` was broken.
  static let model = """
    kind: model
    name: levels
    processes:
      app:
        lanes: {main: serial}
        persisted:
          level: int
          ticks: int
    events:
      up:
        steps:
          - set: {app.level: 5}
      down:
        steps:
          - set: {app.level: 0}
      tick:
        steps:
          - set: {app.ticks: "app.ticks + 1"}
    invariants:
      low:
        always: "app.level < 3"
    summary:
      level: app.level
    picture:
      rows:
        level: app.level
    answers:
      - when: broken.low
        harm: "the level was high {when-broken(low)}, and ends at {level}"
      - ok: "the level stayed low"

    """

  /// The sentence of a run of `timeline` (lines of a scenario's `timeline:`).
  func headline(_ timeline: [String], format: RunCommand.Format = .text) throws -> String {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("levels.model.yaml", Self.model)
    try folder.write(
      "s.yaml",
      "name: s\nmodel: ./levels.model.yaml\ntimeline:\n"
        + timeline.map { "  - \($0)\n" }.joined())
    var command = RunCommand(files: [folder.path("s.yaml")])
    command.format = format
    let (_, output, error) = capture { command.execute(console: $0) }
    #expect(error.isEmpty, "\(error)")
    return output
  }

  func answerLine(_ timeline: [String]) throws -> String {
    let output = try headline(timeline)
    let line = output.split(separator: "\n").first {
      $0.hasPrefix("HARM: ") || $0.hasPrefix("OK: ")
    }
    return try #require(line.map(String.init), "\(output)")
  }

  @Test func aBreakThatHeldAgainGivesBothInstants() throws {
    let line = try answerLine(["{at: 1s, event: up}", "{at: 1500ms, event: down}"])
    #expect(line == "HARM: the level was high from 1.000s to 1.500s, and ends at 0")
  }

  @Test func aBreakThatNeverHeldAgainRunsToTheEnd() throws {
    let line = try answerLine(["{at: 1s, event: up}", "{at: 2s, event: tick}"])
    #expect(
      line == "HARM: the level was high from 1.000s until the run ended at 2.000s, and ends at 5")
    let atEnd = try answerLine(["{at: 2s, event: up}"])
    #expect(atEnd == "HARM: the level was high at 2.000s, the run's last instant, and ends at 5")
  }

  @Test func severalBreaksGiveTheFirstTheCountAndTheLast() throws {
    let twice = try answerLine([
      "{at: 1s, event: up}", "{at: 2s, event: down}", "{at: 3s, event: up}",
      "{at: 4s, event: down}",
    ])
    #expect(
      twice == "HARM: the level was high from 1.000s to 2.000s and again from 3.000s to 4.000s, "
        + "and ends at 0")
    let thrice = try answerLine([
      "{at: 1s, event: up}", "{at: 2s, event: down}", "{at: 3s, event: up}",
      "{at: 4s, event: down}", "{at: 5s, event: up}", "{at: 6s, event: tick}",
    ])
    #expect(
      thrice == "HARM: the level was high from 1.000s to 2.000s and 2 more times, the last from "
        + "5.000s until the run ended at 6.000s, and ends at 5")
  }

  @Test func aBreakMendedAtTheSameInstantLastedAnInstant() throws {
    let line = try answerLine(["{at: 1s, event: up}", "{at: 1s, event: down}"])
    #expect(line == "HARM: the level was high for an instant at 1.000s, and ends at 0")
  }

  @Test func aRunPastTenMinutesWritesItsWindowAsItsTraceWritesInstants() throws {
    let output = try headline(["{at: 1s, event: up}", "{at: 11m, event: down}"])
    #expect(output.contains("   00:11:00.000  1  main  down"), "\(output)")
    #expect(
      output.contains(
        "\nHARM: the level was high from 00:00:01.000 to 00:11:00.000, and ends at 0\n"))
  }

  /// Runs of generated timelines, some with arrival windows (the run lands each at its
  /// window's start, as its trace shows): the sentence gives the stretches during which the
  /// JSON trace's picture row showed a high level.
  @Test func theWindowAgreesWithTheTraceOverGeneratedRuns() throws {
    var generator = SplitMix64(seed: 33)
    let events = ["up", "down", "tick"]
    for _ in 0..<25 {
      let timeline = (0..<Int(generator.next() % 6 + 1)).map { _ in
        let event = events[Int(generator.next() % 3)]
        let start = generator.next() % 4000
        return generator.next() % 3 == 0
          ? "{at: \(start)ms..\(start + generator.next() % 2000)ms, event: \(event)}"
          : "{at: \(start)ms, event: \(event)}"
      }
      let output = try headline(timeline, format: .json)
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
      let trace = try #require(document["trace"] as? [[String: Any]])
      let headline = try #require(document["headline"] as? String)
      #expect(headline == Self.expectedHeadline(trace), "\(timeline)")
    }
  }

  /// The headline the trace's events imply, worked out without the sentence's code.
  static func expectedHeadline(_ trace: [[String: Any]]) -> String {
    var spells: [(start: Int64, end: Int64?)] = []
    var level = "0"
    for event in trace where event["kind"] as? String == "stateShown" {
      let time = event["timeNanoseconds"] as? Int64 ?? 0
      let value = event["value"] as? String ?? "0"
      if value == "5" && level != "5" { spells.append((time, nil)) }
      if value != "5" && level == "5" { spells[spells.count - 1].end = time }
      level = value
    }
    guard !spells.isEmpty else { return "OK: the level stayed low" }
    let end = trace.compactMap { $0["timeNanoseconds"] as? Int64 }.max() ?? 0
    func text(_ nanoseconds: Int64) -> String {
      DurationText.instant(VirtualTime(nanoseconds: nanoseconds))
    }
    func words(_ spell: (start: Int64, end: Int64?)) -> String {
      switch spell.end {
      case nil where spell.start == end: "at \(text(end)), the run's last instant"
      case nil: "from \(text(spell.start)) until the run ended at \(text(end))"
      case let stop? where stop == spell.start: "for an instant at \(text(stop))"
      case let stop?: "from \(text(spell.start)) to \(text(stop))"
      }
    }
    var window = words(spells[0])
    if spells.count == 2 { window += " and again " + words(spells[1]) }
    if spells.count > 2 {
      window += " and \(spells.count - 1) more times, the last " + words(spells[spells.count - 1])
    }
    return "HARM: the level was high \(window), and ends at \(level)"
  }

  /// `up` lands somewhere in a window around a `tick`: the orders break `low` at different
  /// instants and end alike, so `explore` counts one outcome and lists it without times.
  @Test func exploreCountsRunsThatDifferOnlyInTheirWindowsAsOneOutcome() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("levels.model.yaml", Self.model)
    try folder.write(
      "s.yaml",
      """
      name: s
      model: ./levels.model.yaml
      timeline:
        - {at: 1s..2s, event: up}
        - {at: 1500ms, event: tick}

      """)
    let (_, output, _) = capture {
      ExploreCommand(files: [folder.path("s.yaml")]).execute(console: $0)
    }
    #expect(output.contains("outcomes (1):\n"), "\(output)")
    #expect(output.contains(" × HARM: the level was high, and ends at 5\n"), "\(output)")
  }
}
