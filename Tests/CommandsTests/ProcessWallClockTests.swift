import CommandTestSupport
import Commands
import Foundation
import Testing

/// `wall-clock:` on a process: a shift with `process:` moves that process's clock only.
struct ProcessWallClockTests {
  static let model = """
    kind: model
    name: clocks
    processes:
      app:
        wall-clock: device
        lanes: {main: serial}
      server:
        lanes: {main: serial}
        persisted:
          seen: {type: instant, optional: true}
    operations:
      look:
        steps:
          - say: "device reads {wall}, day {today}"
      serve:
        on: server.main
        steps:
          - set: {server.seen: wall}
          - say: "server reads {wall}, day {today}"
    events:
      look: {do: look}
      serve: {process: server, do: serve}
    summary:
      seen: "server.seen != none"

    """

  static let scenario = """
    name: clocks
    model: ./clocks.model.yaml
    clock: {start: "2026-03-01T23:00:00+00:00", timezone: "+00:00"}
    timeline:
      - {at: 1s, event: wall-clock-shift, by: +2h, process: app}
      - {at: 2s, event: look}
      - {at: 2s, event: serve}
      - {at: 3s, event: wall-clock-shift, by: -1d, process: server}
      - {at: 4s, event: look}
      - {at: 4s, event: serve}

    """

  @Test("each process reads its own wall clock and day")
  func clocksMoveApart() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("clocks.model.yaml", Self.model)
    try folder.write("clocks.yaml", Self.scenario)
    let result = try runRacelab(["run", "clocks.yaml"], in: folder.url)
    #expect(result.status == 0, "\(result.errorText)")
    let lines = result.outputText.split(separator: "\n").map(String.init)
    for expected in [
      "      1.000s  1  ·            wall-clock-shift +2h app   the device clock of app jumps by 2h; other clocks keep their time",
      "      2.000s  1  app.main     look                       device reads 2026-03-02 01:00:02 +00:00, day 2026-03-02",
      "      2.000s  2  server.main  serve                      server reads 2026-03-01 23:00:02 +00:00, day 2026-03-01",
      "      3.000s  1  ·            wall-clock-shift -1d server  moved -1d · today is day 20512",
      "      4.000s  1  app.main     look                       device reads 2026-03-01 01:00:04 +00:00, day 2026-03-01",
      "      4.000s  2  server.main  serve                      server reads 2026-02-28 23:00:04 +00:00, day 2026-02-28",
    ] {
      #expect(lines.contains(expected), "missing: \(expected)")
    }
  }
}
