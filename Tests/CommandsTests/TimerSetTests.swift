import CommandTestSupport
import Foundation
import Testing

/// A timer the model's code sets (`after: 3d`) is told where it is set, not only where it
/// fires: the text trace says what will happen and when, the JSON trace has a `timerSet`
/// event, and a picture lists it with what the job did.
struct TimerSetTests {
  /// A purchase whose refund is due three days after it is paid.
  static let model = """
    kind: model
    name: refund
    processes:
      store:
        lanes: {main: serial}
        persisted:
          refunded: {type: bool, default: false}
    operations:
      refund:
        on: main
        steps:
          - set: {store.refunded: true}
    events:
      pay:
        on: main
        steps:
          - after: 3d
            do: refund

    """
  static let scenario = """
    name: s
    model: ./refund.model.yaml
    timeline:
      - {at: 1s, event: pay}

    """

  func run(_ arguments: [String]) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("refund.model.yaml", Self.model)
    try folder.write("s.yaml", Self.scenario)
    return try runRacelab(arguments, in: folder.url)
  }

  @Test func theTextTraceSaysWhatIsDueAndWhenWhereTheTimerIsSet() throws {
    let run = try run(["run", "s.yaml"])
    #expect(run.status == 0, "\(run.errorText)")
    let lines = run.outputText.split(separator: "\n").map(String.init)
    let paid = try #require(lines.firstIndex { $0.contains(" pay ") })
    #expect(
      lines[paid].hasSuffix("timer set: after 3d → refund, due at +3d 00:00:01.000"),
      "\(lines[paid])")
    #expect(lines.contains { $0.contains("+3d 00:00:01.000") && $0.contains("timer → refund") })
  }

  @Test func theJSONTraceHasTheEvent() throws {
    let run = try run(["run", "s.yaml", "--format", "json"])
    #expect(run.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(run.outputText.utf8)) as? [String: Any])
    let events = try #require(document["trace"] as? [[String: Any]])
    let set = try #require(events.first { $0["kind"] as? String == "timerSet" })
    #expect(set["event"] as? String == "refund")
    #expect(set["delayNanoseconds"] as? Int == 259_200_000_000_000)
  }

  @Test func aPictureListsItWithWhatTheJobDid() throws {
    let run = try run(["run", "s.yaml", "--format", "svg"])
    #expect(run.status == 0)
    #expect(run.outputText.contains("timer set: after 3d → refund"))
    #expect(run.outputText.contains("refund set · due +3d 00:00:01.000"), "on the timers row")
  }
}
