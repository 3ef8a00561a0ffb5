import Foundation
import Testing

/// Bounded-response invariants (`for-each`/`when`, `then`, `within`): an obligation that the
/// clock moving past its deadline breaks, one that `until:` leaves open, and explore finding
/// the late schedule.
struct BoundedResponseTests {
  static let acknowledgement = """
    kind: model
    name: ack
    processes:
      store:
        lanes:
          main: serial
    records:
      verified: {token: int}
      acknowledged: {token: int}
    operations:
      verify:
        params:
          token: int
        steps:
          - record: verified
            with: {token: token}
      acknowledge:
        params:
          token: int
        steps:
          - record: acknowledged
            with: {token: token}
    events:
      verify:
        params:
          token: {type: int, default: 1}
        do: verify
      acknowledge:
        params:
          token: {type: int, default: 1}
        do: acknowledge
    invariants:
      acknowledged-in-time:
        for-each: verified
        then: "recorded(acknowledged where token == verified.token) > 0"
        within: 3d
        say: "a verified purchase was not acknowledged within 3 days"

    """

  static let pending = """
    kind: model
    name: pending
    processes:
      app:
        lanes:
          main: serial
        memory:
          pending: bool
    events:
      start:
        steps:
          - set: {app.pending: true}
      finish:
        steps:
          - set: {app.pending: false}
    invariants:
      pending-ends:
        when: app.pending
        then: "!app.pending"
        within: 1h

    """

  /// Runs `arguments` on a scenario of the acknowledgement model with `lines` after `timeline:`.
  private func racelab(
    _ arguments: [String], model: String = acknowledgement, scenario lines: String
  ) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("m.model.yaml", model)
    try folder.write("s.yaml", "name: s\nmodel: ./m.model.yaml\n" + lines)
    return try runRacelab(arguments + ["s.yaml"], in: folder.url)
  }

  @Test("an obligation met at its deadline holds; met a day later it breaks past the deadline")
  func deadline() throws {
    let onTime = try racelab(
      ["run"],
      scenario: "timeline:\n  - {at: 0s, event: verify}\n  - {at: 3d, event: acknowledge}\n")
    #expect(onTime.outputText.contains("broken: none"), "\(onTime.outputText)")
    let late = try racelab(
      ["run"],
      scenario: "timeline:\n  - {at: 0s, event: verify}\n  - {at: 4d, event: acknowledge}\n")
    #expect(
      timelineLines(late.outputText).last
        == "!! +4d 00:00:00.000     main  BROKEN                     a verified purchase was not "
        + "acknowledged within 3 days (opened at 0s, not met by 3d) · invariant acknowledged-in-time"
    )
  }

  @Test("with nothing left to happen an open obligation breaks; under until: it stays open")
  func runEnd() throws {
    let never = try racelab(["run"], scenario: "timeline:\n  - {at: 0s, event: verify}\n")
    #expect(never.outputText.contains("broken: acknowledged-in-time"))
    let stopped = try racelab(
      ["run"],
      scenario:
        "until: 1d\ntimeline:\n  - {at: 0s, event: verify}\n  - {at: 2d, event: acknowledge}\n")
    #expect(stopped.outputText.contains("broken: none"))
    #expect(
      timelineLines(stopped.outputText).last
        == "   +1d 00:00:00.000  2  ·     acknowledged-in-time       acknowledged-in-time still open: "
        + "opened at 0s, due by 3d, after the run stops")
  }

  @Test("explore finds the schedule where the acknowledgement is lost, and nothing else breaks")
  func explore() throws {
    let result = try racelab(
      ["explore"],
      scenario:
        "timeline:\n  - {at: 0s, event: verify}\n  - {at: 1d, event: acknowledge, maybe: true}\n")
    #expect(result.outputText.contains("complete: true"), "\(result.outputText)")
    #expect(result.outputText.contains("unexpected: acknowledged-in-time"))
  }

  @Test("a when: condition opens an obligation each time it turns true")
  func whenCondition() throws {
    let result = try racelab(
      ["run"], model: Self.pending,
      scenario: """
        timeline:
          - {at: 0s, event: start}
          - {at: 30m, event: finish}
          - {at: 2h, event: start}
          - {at: 4h, event: finish}

        """)
    #expect(
      timelineLines(result.outputText).last
        == "!! 04:00:00.000     main  BROKEN                     pending-ends: opened at 2h, not met "
        + "by 3h · invariant pending-ends")
    #expect(result.outputText.contains("broken: pending-ends"))
  }

  @Test("a model with a bounded-response invariant explores arrival windows exactly")
  func windowsAreExplored() throws {
    let result = try racelab(
      ["explore"], scenario: "timeline:\n  - {at: 0s..1s, event: verify}\n")
    #expect(result.status != 2, "\(result.errorText)")
    #expect(result.outputText.contains("complete: true"))
  }
}
