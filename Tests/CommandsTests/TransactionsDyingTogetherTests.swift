import CommandTestSupport
import Foundation
import Testing

/// Transactions of several tasks that die with their process together: a `transactional:`
/// variable they all wrote goes back to its value before the earliest of their writes, whichever
/// task started first (it went back to the value before the write of the task that started
/// first, and kept a value only a rolled-back transaction had written; found by a hunt).
struct TransactionsDyingTogetherTests {
  static let model = """
    kind: model
    name: rollback-order
    processes:
      app:
        lanes: {main: serial, bg: serial}
        transactional:
          x: {type: int}
    operations:
      first:
        on: bg
        steps:
          - sleep: 1ms
          - transaction:
              - set: {app.x: "app.x * 10 + 2"}
              - sleep: 5ms
      second:
        on: main
        steps:
          - transaction:
              - set: {app.x: "app.x * 10 + 1"}
              - sleep: 5ms
    events:
      start-first: {on: at-once, steps: [{spawn: first}]}
      start-second: {on: at-once, steps: [{spawn: second}]}
    summary:
      x: app.x

    """

  /// Whichever task starts first, and whichever writes first, both writes are taken back.
  @Test(arguments: [("start-first", "start-second"), ("start-second", "start-first")])
  func bothWritesAreTakenBack(_ early: String, _ late: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("m.model.yaml", Self.model)
    try folder.write(
      "s.yaml",
      """
      name: s
      model: ./m.model.yaml
      timeline:
        - {at: 0ms, event: \(early)}
        - {at: 500us, event: \(late)}
        - {at: 2ms, event: crash}
        - {at: 3ms, event: relaunch}

      """)
    let run = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(run.status == 0)
    #expect(run.outputText.contains("\nx 0\n"), "\(run.outputText)")
    for mode in [[], ["--no-pruning"], ["--state-graph"]] {
      let explored = try runRacelab(
        ["explore", "s.yaml", "--format", "json"] + mode, in: folder.url)
      let report = try #require(
        try JSONSerialization.jsonObject(with: explored.output) as? [String: Any])
      let outcomes = report["outcomes"] as? [[String: Any]] ?? []
      #expect(outcomes.count == 1, "\(mode)")
      #expect((outcomes.first?["summary"] as? [String: Any])?["x"] as? Int == 0, "\(mode)")
    }
  }
}
