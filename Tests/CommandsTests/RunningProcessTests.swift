import Foundation
import Testing

/// Code runs as the process whose lane runs it: an app task that hops to a store lane sets
/// store timers (which survive the app's crash) and reads the store's wall clock.
struct RunningProcessTests {
  static let model = """
    kind: model
    name: timers
    processes:
      app:
        lanes: {main: serial}
      store:
        lanes: {main: serial}
    operations:
      start:
        steps:
          - after: 1s
            do: app-tick
          - call: arm-store
      arm-store:
        on: store.main
        steps:
          - after: 1s
            do: store-tick
      app-tick:
        steps:
          - say: "the app's timer fired"
      store-tick:
        on: store.main
        steps:
          - say: "the store's timer fired"
    events:
      start:
        steps:
          - spawn: start

    """

  @Test("a crash of the app drops its own timer and leaves the store's")
  func crashKeepsTheStoreTimer() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("timers.model.yaml", Self.model)
    try folder.write(
      "s.yaml",
      """
      name: s
      model: ./timers.model.yaml
      timeline:
        - {at: 0s, event: start}
        - {at: 500ms, event: crash}

      """)
    let result = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(result.status == 0, "\(result.errorText)")
    let lines = timelineLines(result.outputText)
    #expect(lines.contains { $0.contains("dropped: app died since it was set") })
    #expect(lines.contains { $0.contains("the store's timer fired") })
    #expect(!lines.contains { $0.contains("the app's timer fired") })
  }

  @Test("code on a store lane reads the store's clock, whichever task runs it")
  func hoppedCodeReadsItsLanesClock() throws {
    let model = """
      kind: model
      name: clocks
      processes:
        app:
          wall-clock: device
          lanes: {main: serial}
        store:
          lanes: {main: serial}
      operations:
        ask:
          steps:
            - say: "the app reads {today}"
            - call: answer
        answer:
          on: store.main
          steps:
            - say: "the store reads {today}"
      events:
        ask:
          steps:
            - spawn: ask

      """
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("clocks.model.yaml", model)
    try folder.write(
      "s.yaml",
      """
      name: s
      model: ./clocks.model.yaml
      timeline:
        - {at: 0s, event: wall-clock-shift, by: 60d, process: app}
        - {at: 1s, event: ask}

      """)
    let result = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(result.status == 0, "\(result.errorText)")
    let lines = timelineLines(result.outputText)
    #expect(lines.contains { $0.hasSuffix("the app reads 2026-03-02") }, "\(lines)")
    #expect(lines.contains { $0.hasSuffix("the store reads 2026-01-01") }, "\(lines)")
  }
}
