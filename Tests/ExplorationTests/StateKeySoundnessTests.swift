import Foundation
import ModelContract
import ScenarioFormat
import Testing

@testable import Commands
@testable import RacelabKernel

/// The state graph reuses what follows a state wherever it meets an equal one, so equal states
/// must have equal futures. Here every schedule of a scenario is walked (no pruning, no graph),
/// the run's state is taken at each choice point, and two points with equal states must have
/// as many schedules below them. The scenarios are those where it once failed: a timer still in
/// the batch of its instant after its task was killed by a process end made more schedules
/// than a state without it, yet the snapshot left it out (`--state-graph` counted 120 where the
/// space has 116, and printed a token that did not replay).
@Suite struct StateKeySoundnessTests {
  /// Replays `forced`, then takes the first alternative, keeping each point's state.
  struct Recording: SchedulingStrategy {
    var forced: [Int]
    var choices: [Int] = []
    var alternatives: [Int] = []
    var keys: [StateAtChoice?] = []
    var observesState: Bool { true }

    mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
      let choice = choices.count < forced.count ? forced[choices.count] : 0
      choices.append(choice)
      alternatives.append(point.alternativeCount)
      keys.append(state.map { StateAtChoice(point: point, state: $0) })
      return choice
    }

    mutating func choose(
      _ point: ChoicePoint, state: ObservedState, alternatives: SameInstantAlternatives
    ) -> Int {
      choose(point, state: state)
    }
  }

  static let twoProcesses = """
    kind: model
    name: m
    processes:
      app:
        lanes: {main: serial}
        persisted:
          log: {type: text}
      server:
        lanes: {main: serial}
        persisted:
          hits: {type: int}
    operations:
      v:
        on: main
        steps:
          - sleep: 1ms
          - call: mul
      w:
        on: main
        steps:
          - sleep: 1ms..3ms
      mul:
        on: server.main
        steps:
          - set: {server.hits: "server.hits * 2 + 1"}
    events:
      gov:
        on: main
        steps:
          - spawn: v
      gow:
        on: main
        steps:
          - spawn: w
      a:
        on: main
        steps:
          - set: {app.log: "app.log + \\"a\\""}
      b:
        on: main
        steps:
          - set: {app.log: "app.log + \\"b\\""}
      sping:
        process: server
        steps:
          - set: {server.hits: "server.hits + 10"}
    summary:
      log: app.log
      hits: server.hits

    """

  static let timelines = [
    """
    - {at: 0s, event: gow}
    - {at: 1ms, event: relaunch}
    - {at: 1ms..3ms, event: a, maybe: true}
    - {at: 1ms..3ms, event: b}
    """,
    """
    - {at: 1ms..3ms, event: a, maybe: true}
    - {at: 0s, event: gow}
    - {at: 1ms, event: gov}
    - {at: 1ms..3ms, event: sping}
    - {at: 1ms, event: relaunch, tie: last}
    """,
    """
    - {at: 0s, event: gow}
    - {at: 1ms, event: crash}
    - {at: 1ms..3ms, event: a}
    - {at: 1ms..3ms, event: b, maybe: true}
    """,
    // The same event twice at one instant, once `maybe`: with one applied, the batch that is
    // left has a loss ahead or not, so the two states differ (the snapshot named the event
    // alone, and --state-graph counted 38 schedules where the space has 40).
    """
    - {at: 0s, event: gow}
    - {at: 1ms, event: a, maybe: true}
    - {at: 1ms, event: a}
    - {at: 1ms, event: b, maybe: true}
    - {at: 1ms, event: sping}
    """,
  ]

  @Test(arguments: timelines.indices)
  func equalStatesHaveEqualFutures(_ index: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-state-keys-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.twoProcesses.utf8).write(to: folder.appendingPathComponent("m.model.yaml"))
    let timeline = Self.timelines[index].split(separator: "\n").map { "  \($0)\n" }.joined()
    let path = folder.appendingPathComponent("s.yaml")
    try Data("name: s\nmodel: ./m.model.yaml\ntimeline:\n\(timeline)".utf8).write(to: path)
    let silent = Console(write: { _ in }, writeError: { _ in }, colour: false)
    let file = try #require(ScenarioFiles.load(path.path, overrides: Overrides(), console: silent))
    guard case .timeline(let happenings) = file.scenario.content else { return }
    let (schedules, collisions) = Self.walk(file.definition, file.scenario, happenings)
    #expect(schedules > 20)
    #expect(collisions.isEmpty, "equal states, different futures: \(collisions.prefix(3))")
  }

  /// Every schedule, and the prefixes whose points have equal states but different numbers of
  /// schedules below them.
  static func walk(
    _ definition: some ModelDefinition, _ scenario: Scenario, _ timeline: [ScriptedHappening]
  ) -> (schedules: Int, collisions: [[[Int]]]) {
    let start = ScenarioStart(definition, setup: scenario.setup, timeline: timeline)
    var forced: [Int]? = []
    var below: [[Int]: Int] = [:]
    var keys: [[Int]: StateAtChoice] = [:]
    var schedules = 0
    while let prefix = forced {
      let (_, run) = start.simulate(
        profile: scenario.runtime, strategy: Recording(forced: prefix), tracing: false)
      schedules += 1
      for length in 0...run.choices.count { below[Array(run.choices[..<length]), default: 0] += 1 }
      for position in run.choices.indices {
        if let key = run.keys[position] { keys[Array(run.choices[..<position])] = key }
      }
      forced = run.choices.indices.last { run.choices[$0] + 1 < run.alternatives[$0] }.map {
        Array(run.choices[..<$0]) + [run.choices[$0] + 1]
      }
    }
    var byState: [StateAtChoice: [[Int]]] = [:]
    for (prefix, key) in keys { byState[key, default: []].append(prefix) }
    let collisions = byState.values.filter { Set($0.map { below[$0] ?? 0 }).count > 1 }
      .map { $0.sorted { $0.lexicographicallyPrecedes($1) } }
      .sorted { $0[0].lexicographicallyPrecedes($1[0]) }
    return (schedules, collisions)
  }
}
