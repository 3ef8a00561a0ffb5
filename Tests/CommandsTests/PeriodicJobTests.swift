import CommandTestSupport
import Commands
import Foundation
import Testing

/// `periodic:` jobs in model files: a first run at a time of day or `every` after `t = 0`, the
/// next one `every` later, skipped while the process is down, put down by `faults: {down: …}`,
/// and a scenario that must say when it stops.
struct PeriodicJobTests {
  static let model = """
    kind: model
    name: cron
    processes:
      server:
        lanes: {main: serial}
        persisted:
          runs: int
          tidies: int
    periodic:
      tidy: {process: server, at: "01:30", every: 1d, do: tidy}
      shares: {every: 15m, do: count}
    operations:
      tidy:
        steps:
          - set: {server.tidies: "server.tidies + 1"}
          - say: "tidy at {wall}"
      count:
        steps:
          - set: {server.runs: "server.runs + 1"}
    summary:
      runs: server.runs
      tidies: server.tidies

    """

  static let scenario = """
    name: periodic
    model: ./cron.model.yaml
    clock: {start: "2026-03-01T00:00:00+09:00", timezone: "+09:00"}
    until: 2h
    timeline:
      - {at: 40m, event: crash}
      - {at: 1h20m, event: relaunch}

    """

  private func racelab(_ arguments: [String], scenario: String = scenario) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("cron.model.yaml", Self.model)
    try folder.write("periodic.yaml", scenario)
    return try runRacelab(arguments, in: folder.url)
  }

  @Test("jobs run on their schedule, skip while the process is down, and stop at until")
  func runsOnSchedule() throws {
    let result = try racelab(["run", "periodic.yaml"])
    #expect(result.status == 0, "\(result.errorText)")
    #expect(
      timelineLines(result.outputText) == [
        "   00:15:00.000  1  ·     shares                     T1 created (count) · first step queued on main (C5: a new task starts in a job of its own, after the current one)",
        "   00:15:00.000  2  main  T1 starts                  T1 ends · returned",
        "   00:30:00.000  1  ·     shares                     T2 created (count) · first step queued on main (C5)",
        "   00:30:00.000  2  main  T2 starts                  T2 ends · returned",
        "   00:40:00.000  1  ·     crash",
        "   00:45:00.000  1  ·     shares                     skipped: server is down",
        "   01:00:00.000  1  ·     shares                     skipped: server is down",
        "   01:15:00.000  1  ·     shares                     skipped: server is down",
        "   01:20:00.000  1  ·     relaunch                   server starts again: memory back to t = 0",
        "   01:30:00.000  1  ·     tidy                       T3 created (tidy) · first step queued on main (C5)",
        "   01:30:00.000  2  ·     shares                     T4 created (count) · first step queued on main (C5)",
        "   01:30:00.000  3  main  T3 starts                  tidy at 2026-02-28 16:30:00 +00:00",
        "                                                     T3 ends · returned",
        "   01:30:00.000  4  main  T4 starts                  T4 ends · returned",
        "   01:45:00.000  1  ·     shares                     T5 created (count) · first step queued on main (C5)",
        "   01:45:00.000  2  main  T5 starts                  T5 ends · returned",
        "   02:00:00.000  1  ·     shares                     T6 created (count) · first step queued on main (C5)",
        "   02:00:00.000  2  main  T6 starts                  T6 ends · returned",
        "   02:00:00.000  3  ·     until                      the run stops here; what is due later never happens",
      ])
    #expect(result.outputText.contains("runs 5, tidies 1"))
  }

  @Test("a job the scenario puts down never runs")
  func downJobNeverRuns() throws {
    let down = Self.scenario.replacingOccurrences(
      of: "until: 2h", with: "until: 2h\nfaults: {down: [tidy]}")
    let result = try racelab(["run", "periodic.yaml"], scenario: down)
    #expect(result.status == 0, "\(result.errorText)")
    #expect(!result.outputText.contains("tidy"))
    #expect(result.outputText.contains("runs 5, tidies 0"))
  }

  @Test("explore covers periodic runs completely")
  func exploreCompletes() throws {
    let result = try racelab(["explore", "periodic.yaml"])
    #expect(result.status == 0, "\(result.errorText)")
    #expect(result.outputText.contains("complete: true"))
  }

  @Test("a scenario of a model with periodic jobs must say when it stops")
  func untilIsRequired() throws {
    let endless = Self.scenario.replacingOccurrences(of: "until: 2h\n", with: "")
    let result = try racelab(["run", "periodic.yaml"], scenario: endless)
    #expect(result.status == 2)
    #expect(
      result.errorText.contains(
        "periodic.yaml:2:1: error: model './cron.model.yaml' has periodic jobs (tidy, shares), "
          + "so its runs never end by themselves; say when this one stops with 'until:' (such as "
          + "until: 3d)"))
  }

  @Test("skipped runs count as steps, so a job every nanosecond of a long outage stops the run")
  func skippedRunsAreBounded() throws {
    let storm = Self.scenario
      .replacingOccurrences(of: "until: 2h", with: "until: 100d")
      .replacingOccurrences(of: "  - {at: 1h20m, event: relaunch}\n", with: "")
      .replacingOccurrences(of: "at: 40m, event: crash", with: "at: 0s, event: crash")
    let model = Self.model.replacingOccurrences(of: "every: 15m", with: "every: 1ns")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("cron.model.yaml", model)
    try folder.write("periodic.yaml", storm)
    let result = try runRacelab(
      ["run", "--limits", "model-steps=5000", "periodic.yaml"],
      in: folder.url)
    #expect(result.status == 0, "\(result.errorText)")
    #expect(result.outputText.contains("skipped: server is down"))
    #expect(
      result.outputText.contains(
        "more than 5000 steps in one run: the model does not stop (raise the limit with "
          + "--limits model-steps=N)"))
  }
}
