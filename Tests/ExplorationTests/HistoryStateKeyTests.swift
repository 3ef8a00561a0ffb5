import CommandTestSupport
import Foundation
import ModelContract
import ScenarioFormat
import Testing

@testable import Commands
@testable import RacelabKernel

/// History is part of the compared state. Here two runs reach one instant with equal state
/// variables, records and tasks, and differ only in what `changes(app.x)` has counted (`up`
/// came or was lost; `down` put `x` back either way), with an order still to choose after
/// it. Equal states must have equal futures, outcomes included, and the state graph (with and
/// without partial-order reduction) must find the outcomes and counts of the unpruned tree.
@Suite struct HistoryStateKeyTests {
  static let model = """
    kind: model
    name: h
    processes:
      app:
        lanes: {main: serial}
        persisted:
          x: {type: int}
          y: {type: int}
    operations:
      noop: {on: main, steps: [{set: {app.y: app.y}}]}
    events:
      up: {on: main, steps: [{set: {app.x: "1"}}]}
      down: {on: main, steps: [{set: {app.x: "0"}}]}
      a: {on: main, steps: [{set: {app.y: "app.y + 1"}}]}
      b: {on: main, steps: [{set: {app.y: "app.y * 2"}}]}
    summary:
      changes: changes(app.x)
      y: app.y

    """

  static let scenario = """
    name: s
    model: ./h.model.yaml
    timeline:
      - {at: 1ms, event: up, maybe: true}
      - {at: 2ms, event: down}
      - {at: 3ms, event: a}
      - {at: 3ms, event: b}
      - {at: 3ms, event: up, maybe: true}

    """

  /// Writes the model and the scenario into a fresh folder; returns the scenario's path.
  static func files() throws -> (folder: URL, scenario: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-history-keys-\(ProcessInfo.processInfo.globallyUniqueString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(Self.model.utf8).write(to: folder.appendingPathComponent("h.model.yaml"))
    let path = folder.appendingPathComponent("s.yaml")
    try Data(Self.scenario.utf8).write(to: path)
    return (folder, path.path)
  }

  @Test func equalStatesHaveEqualOutcomesBelow() throws {
    let (folder, path) = try Self.files()
    defer { try? FileManager.default.removeItem(at: folder) }
    let silent = Console(write: { _ in }, writeError: { _ in }, colour: false)
    let file = try #require(ScenarioFiles.load(path, overrides: Overrides(), console: silent))
    guard case .timeline(let happenings) = file.scenario.content else { return }
    let (schedules, collisions, all) = Self.walk(file.definition, file.scenario, happenings)
    #expect(schedules > 10)
    #expect(collisions.isEmpty, "equal states, different outcomes: \(collisions.prefix(3))")
    // Both counts reach the end: the lost `up` and the applied one are told apart.
    #expect(all.contains { $0.hasPrefix("changes int(0)") })
    #expect(all.contains { $0.hasPrefix("changes int(2)") })
  }

  @Test(arguments: [true, false])
  func theGraphFindsTheTreesOutcomes(partialOrder: Bool) throws {
    let (folder, path) = try Self.files()
    defer { try? FileManager.default.removeItem(at: folder) }
    var unpruned = ExploreCommand(files: [])
    unpruned.settings.pruning = false
    var graph = ExploreCommand(files: [])
    graph.settings.stateGraph = true
    graph.settings.partialOrderReduction = partialOrder
    let tree = try ExploreOutput(unpruned, path: path)
    let reduced = try ExploreOutput(graph, path: path)
    #expect(tree.complete && reduced.complete)
    #expect(reduced.schedules == tree.schedules)
    #expect(Set(reduced.outcomes) == Set(tree.outcomes))
    #expect(Set(tree.outcomes.map(\.summary)).count >= 4)
  }
  /// Every schedule; the prefixes whose points have equal states but different outcomes
  /// below them; and every outcome.
  static func walk(
    _ definition: some ModelDefinition, _ scenario: Scenario, _ timeline: [ScriptedHappening]
  ) -> (schedules: Int, collisions: [[[Int]]], outcomes: Set<String>) {
    let start = ScenarioStart(definition, setup: scenario.setup, timeline: timeline)
    var forced: [Int]? = []
    var below: [[Int]: Set<String>] = [:]
    var keys: [[Int]: StateAtChoice] = [:]
    var schedules = 0
    while let prefix = forced {
      let (result, run) = start.simulate(
        profile: scenario.runtime, strategy: StateKeySoundnessTests.Recording(forced: prefix),
        tracing: false)
      schedules += 1
      let outcome = result.summary.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
      for length in 0...run.choices.count {
        below[Array(run.choices[..<length]), default: []].insert(outcome)
      }
      for position in run.choices.indices {
        if let key = run.keys[position] { keys[Array(run.choices[..<position])] = key }
      }
      let last = run.choices.indices.last { run.choices[$0] + 1 < run.alternatives[$0] }
      forced = last.map { Array(run.choices[..<$0]) + [run.choices[$0] + 1] }
    }
    var byState: [StateAtChoice: [[Int]]] = [:]
    for (prefix, key) in keys { byState[key, default: []].append(prefix) }
    let collisions = byState.values.filter { prefixes in
      Set(prefixes.map { below[$0] ?? [] }).count > 1
    }
    return (schedules, collisions, below[[]] ?? [])
  }
}
