import CommandTestSupport
import Commands
import Foundation
import Testing

/// `maybe: true` on a timeline entry: `run` delivers it; `explore` also tries it lost.
struct MaybeHappeningTests {
  static let scenario = """
    name: maybe-disappear
    model: review-prompt
    variant: cancel-guard
    app: {wins: 4}
    timeline:
      - {at: 0s, event: game-won}
      - {at: 0s, event: screen-show}
      - {at: 1s, event: screen-disappear, maybe: true}

    """

  @Test("run delivers a maybe happening")
  func runDelivers() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("maybe.yaml", Self.scenario)
    let result = try runRacelab(["run", "maybe.yaml"], in: folder.url)
    #expect(result.status == 0)
    #expect(result.outputText.contains("cooldown kept"))
    #expect(!result.outputText.contains("never arrives"))
  }

  @Test("explore tries the happening delivered and lost, and the lost one replays")
  func exploreLosesIt() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("maybe.yaml", Self.scenario)
    let explored = try runRacelab(["explore", "maybe.yaml", "--format", "json"], in: folder.url)
    let report = try #require(
      try JSONSerialization.jsonObject(with: explored.output) as? [String: Any])
    let outcomes = try #require(report["outcomes"] as? [[String: Any]])
    #expect(outcomes.count == 2)
    #expect(report["complete"] as? Bool == true)
    let consumed = try #require(
      outcomes.first { ($0["summary"] as? [String: Any])?["cooldownConsumed"] as? Bool == true })
    let token = try #require(consumed["schedule"] as? String)
    let replay = try runRacelab(["run", "maybe.yaml", "--schedule", token], in: folder.url)
    #expect(replay.outputText.contains("screen-disappear"))
    #expect(replay.outputText.contains("never arrives: lost (maybe: true)"))
    #expect(replay.outputText.contains("\n1 attempt (1.0.0), 1 request, "))
  }

  @Test("maybe takes true or false")
  func maybeIsABoolean() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "bad.yaml", Self.scenario.replacingOccurrences(of: "maybe: true", with: "maybe: perhaps"))
    let result = try runRacelab(["run", "bad.yaml"], in: folder.url)
    #expect(result.status == 2)
    #expect(
      result.errorText.contains(
        "bad.yaml:8:46: error: 'maybe' must be true or false, found 'perhaps'"))
  }

  @Test("lost: true loses the happening in every run, and the trace says so at its instant")
  func lostInEveryRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "lost.yaml", Self.scenario.replacingOccurrences(of: "maybe: true", with: "lost: true"))
    let run = try runRacelab(["run", "lost.yaml"], in: folder.url)
    #expect(run.status == 0)
    #expect(
      run.outputText.contains(
        "      1.000s  1  ·     screen-disappear           never arrives: lost (lost: true)"))
    #expect(run.outputText.contains("\n1 attempt (1.0.0), 1 request, "))
    // explore explores it as if the entry were not there: no choice of its own.
    try folder.write(
      "gone.yaml",
      Self.scenario.replacingOccurrences(
        of: "  - {at: 1s, event: screen-disappear, maybe: true}\n", with: ""))
    let lost = try Self.explored("lost.yaml", in: folder)
    let gone = try Self.explored("gone.yaml", in: folder)
    #expect(lost["schedules"] as? Int == gone["schedules"] as? Int)
    let summaries = { (report: [String: Any]) in
      (report["outcomes"] as? [[String: Any]] ?? []).compactMap { Self.summary(of: $0) }
    }
    #expect(summaries(lost) == summaries(gone))
    #expect(!summaries(lost).isEmpty)
  }

  /// A model whose two events toggle and count, for orders that matter.
  static let counter = """
    kind: model
    name: counter
    processes:
      app:
        lanes: {main: serial, side: serial}
        memory:
          m: {type: int}
    operations:
      wait:
        on: side
        steps:
          - sleep: 1s..3s
          - set: {app.m: "app.m * 2"}
    events:
      e0:
        on: main
        steps:
          - set: {app.m: "(app.m * 3 + 2) % 97"}
      e1:
        on: side
        steps:
          - set: {app.m: "app.m + 1"}
      go:
        on: side
        steps:
          - spawn: wait
    summary:
      m: app.m

    """

  /// Timelines with `lost: true` entries that share an instant with others, a crash, or a
  /// sleep's window: each explores as the same file without them (once they took part in the
  /// instant's orders and split the window, 6 schedules where there are 2).
  static let lostBeside = [
    ["- {at: 2s, event: e0, lost: true}", "- {at: 2s, event: e0}", "- {at: 2s, event: e1}"],
    [
      "- {at: 2s, event: e1, lost: true}", "- {at: 2s, event: e1}", "- {at: 2s, event: e0}",
      "- {at: 2s, event: crash}",
    ],
    ["- {at: 0s, event: go}", "- {at: 1s, event: crash, lost: true}", "- {at: 2s, event: e1}"],
    [
      "- {at: 0s, event: go}", "- {at: 1s..2s, event: e0, lost: true}",
      "- {at: 2s, event: e1, maybe: true}",
    ],
  ]

  @Test("a lost happening takes part in no order", arguments: lostBeside.indices)
  func lostTakesPartInNoOrder(_ index: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("counter.model.yaml", Self.counter)
    let lines = Self.lostBeside[index]
    func file(_ lines: [String]) -> String {
      "name: s\nmodel: ./counter.model.yaml\ntimeline:\n"
        + lines.map { "  \($0)\n" }.joined()
    }
    try folder.write("lost.yaml", file(lines))
    try folder.write("gone.yaml", file(lines.filter { !$0.contains("lost: true") }))
    for mode in [[], ["--no-pruning"], ["--state-graph"], ["--state-graph", "--no-partial-order"]] {
      let lostReport = try Self.explored("lost.yaml", in: folder, mode)
      let goneReport = try Self.explored("gone.yaml", in: folder, mode)
      #expect(lostReport["schedules"] as? Int == goneReport["schedules"] as? Int, "\(mode)")
      // A token starts with the file's fingerprint; the choices after it must be the same.
      let outcomes = { (report: [String: Any]) in
        (report["outcomes"] as? [[String: Any]] ?? []).map { outcome in
          let choices = (outcome["schedule"] as? String)?.split(separator: ":").dropFirst()
          return "\(outcome["count"] ?? "") \(choices?.joined() ?? "") "
            + (Self.summary(of: outcome) ?? "")
        }
      }
      #expect(outcomes(lostReport) == outcomes(goneReport), "\(mode)")
    }
    let run = try runRacelab(["run", "lost.yaml"], in: folder.url)
    #expect(run.outputText.contains("never arrives: lost (lost: true)"))
  }

  /// `racelab explore FILE --format json` with `options`, in `folder`, as an object.
  static func explored(
    _ file: String, in folder: TemporaryFolder, _ options: [String] = []
  ) throws -> [String: Any] {
    let result = try runRacelab(["explore", file, "--format", "json"] + options, in: folder.url)
    return try #require(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
  }

  /// An outcome's summary as JSON with sorted keys (the dictionary's own order varies).
  static func summary(of outcome: [String: Any]) -> String? {
    (try? JSONSerialization.data(withJSONObject: outcome["summary"] ?? [:], options: .sortedKeys))
      .map { String(decoding: $0, as: UTF8.self) }
  }

  @Test("a happening is maybe or lost, not both")
  func maybeAndLost() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "both.yaml",
      Self.scenario.replacingOccurrences(of: "maybe: true", with: "maybe: true, lost: true"))
    let result = try runRacelab(["run", "both.yaml"], in: folder.url)
    #expect(result.status == 2)
    #expect(
      result.errorText.contains(
        "both.yaml:8:52: error: a happening is either 'maybe: true' (explore tries it delivered "
          + "and lost) or 'lost: true' (every run loses it), not both"))
  }
}
