import CommandTestSupport
import Foundation
import Testing

/// `as: request` on a sleep: the trace says what the wait stands for ("request in flight")
/// from its start to its resumption, a cancel says it was cut short, and the JSON trace carries
/// it as the sleep event's `as`.
struct NamedSleepTests {
  /// An app that asks a server; the server's answer takes 100 ms, a `request`.
  static let model = """
    kind: model
    name: fetch
    processes:
      app:
        lanes: {main: serial}
        memory:
          job: {type: task, optional: true}
      server:
        lanes: {main: serial}
    operations:
      load:
        on: main
        steps:
          - call: answer
      answer:
        on: server.main
        steps:
          - sleep: 100ms
            as: request
            on-cancel: return
    events:
      open:
        on: main
        steps:
          - spawn: load
            into: job
          - set: {app.job: job}
      close:
        on: main
        steps:
          - if: "app.job != none"
            then:
              - cancel: app.job

    """
  /// One request cut short by `close`, then one that completes.
  static let scenario = """
    name: s
    model: ./fetch.model.yaml
    timeline:
      - {at: 0s, event: open}
      - {at: 50ms, event: close}
      - {at: 1s, event: open}

    """

  func folder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("fetch.model.yaml", Self.model)
    try folder.write("s.yaml", Self.scenario)
    return folder
  }

  @Test func theTraceNamesWhatTheSleepStandsFor() throws {
    let folder = try folder()
    defer { folder.remove() }
    let run = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(run.status == 0)
    let text = run.outputText
    #expect(!text.contains("sleep 0.100s"))
    for expected in [
      "request in flight 0.100s → timer #1 due at 0.100s (S2: the task suspends until the timer "
        + "fires)",
      "cancel T1 → request cut short: timer #1 discarded, the resumption will throw "
        + "CancellationError",
      "T1 resumes                 request threw CancellationError · isCancelled = true (S3)",
      "request in flight 0.100s → timer #2 due at 1.100s (S2)",
      "timer #2 fires             T2's request is over: sleep completed (S4: ",
      "T2 resumes                 request returned normally · isCancelled = false",
    ] {
      #expect(text.contains(expected), "missing: \(expected)")
    }
  }

  @Test func theJSONTraceCarriesItOnTheSleep() throws {
    let folder = try folder()
    defer { folder.remove() }
    let run = try runRacelab(["run", "s.yaml", "--format", "json"], in: folder.url)
    #expect(run.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(run.outputText.utf8)) as? [String: Any])
    let events = try #require(document["trace"] as? [[String: Any]])
    let sleeps = events.filter { $0["kind"] as? String == "sleepStarted" }
    #expect(sleeps.count == 2)
    #expect(sleeps.allSatisfy { $0["as"] as? String == "request" })
    // A sleep the model does not name has no `as`.
    let timers = events.filter { $0["kind"] as? String == "timerFired" }
    #expect(timers.allSatisfy { $0["as"] == nil })
  }

  @Test func aPictureLabelsTheSleepsBar() throws {
    let folder = try folder()
    defer { folder.remove() }
    let run = try runRacelab(["run", "s.yaml", "--format", "svg"], in: folder.url)
    #expect(run.status == 0)
    #expect(run.outputText.contains("request in flight · due 1.100s"))
  }
}
