import CommandTestSupport
import Foundation
import Testing

/// A `tie: last` happening is told as arriving after everything else due at its instant only
/// where that holds: a schedule that moves it ahead of the others says so, and nothing else.
struct TieLastTraceTests {
  @Test("a tie: last crash moved ahead by a schedule does not claim to come last")
  func movedAheadDoesNotClaimLast() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "m.model.yaml",
      """
      kind: model
      name: m
      processes:
        app:
          lanes: {main: serial, bg: serial}
          persisted:
            n: {type: int}
      operations:
        t:
          on: main
          steps:
            - sleep: 1ms
            - set: {app.n: "app.n + 1"}
      events:
        go: {on: at-once, steps: [{spawn: t}]}
        pong: {on: bg, steps: [{set: {app.n: "app.n + 10"}}]}
      summary:
        n: app.n

      """)
    try folder.write(
      "s.yaml",
      """
      name: s
      model: ./m.model.yaml
      timeline:
        - {at: 0ms, event: go}
        - {at: 1ms, event: pong}
        - {at: 1ms, event: crash, tie: last}

      """)
    let plain = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(plain.outputText.contains("after everything else due at this instant"))
    // The batch at 1 ms is pong, T1's timer and the crash; `0=2` applies the crash first.
    let explored = try runRacelab(["explore", "s.yaml"], in: folder.url)
    let fingerprint = try #require(
      explored.outputText.range(of: "--schedule ").map { range in
        explored.outputText[range.upperBound...].prefix { $0 != ":" }
      })
    let moved = try runRacelab(
      ["run", "s.yaml", "--schedule", "\(fingerprint):0=2"], in: folder.url)
    #expect(moved.outputText.contains("crash                      order chosen: applied before"))
    #expect(!moved.outputText.contains("after everything else"), "\(moved.outputText)")
  }
}
