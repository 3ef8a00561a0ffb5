import CommandTestSupport
import Commands
import Foundation
import ModelContract
import RacelabKernel
import ReviewPromptModel
import ScenarioFormat
import Testing

/// The commands' exit status (Swift Testing has a type of the same name).
typealias ExitStatus = Commands.ExitStatus

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The teaching scenarios of `scenarios/explore/`, as paths.
let teachingScenarios: [String] = {
  let folder = repositoryRoot.appendingPathComponent("scenarios/explore")
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  return names.filter { $0.hasSuffix(".yaml") }.sorted().map {
    folder.appendingPathComponent($0).path
  }
}()

/// Every way to take one item from each of `grids` (the instants a sweep tries, one grid per
/// window), the first grid varying fastest.
func everyCombination<Item>(of grids: [[Item]]) -> [[Item]] {
  guard let first = grids.first else { return [[]] }
  return everyCombination(of: Array(grids.dropFirst())).flatMap { rest in
    first.map { [$0] + rest }
  }
}

/// The path of the teaching scenario named `name`.
func teachingScenario(_ name: String) -> String {
  repositoryRoot.appendingPathComponent("scenarios/explore/\(name).yaml").path
}

/// A timeline scenario decoded from YAML text.
struct LoadedScenario {
  var scenario: Scenario
  var timeline: [ScriptedHappening]

  init(_ text: String) throws {
    switch ScenarioLoader.load(Array(text.utf8), models: [ReviewPromptDefinition().vocabulary]) {
    case .success(let scenario):
      guard case .timeline(let timeline) = scenario.content else {
        throw LoadError(message: "not a timeline scenario")
      }
      self.scenario = scenario
      self.timeline = timeline
    case .failure(let diagnostics):
      throw LoadError(message: "does not load: \(diagnostics)")
    }
  }

  /// Loads the file at `path`.
  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    try self.init(String(decoding: data, as: UTF8.self))
  }

  struct LoadError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// An explorer of this scenario's space (its timeline replaced by `timeline` if given).
  func explorer(timeline: [ScriptedHappening]? = nil) -> Explorer<ReviewPromptDefinition> {
    Explorer(
      ReviewPromptDefinition(), setup: scenario.setup, profile: scenario.runtime,
      timeline: timeline ?? self.timeline)
  }
}

/// An outcome as the tests compare them: the model's closing figures and the invariants broken.
struct OutcomeKey: Hashable, Comparable, CustomStringConvertible {
  var summary: String
  var violations: [String]

  init(summary: [TraceField], violations: [String]) {
    self.summary = summary.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    self.violations = violations
  }

  init(_ result: SimulationResult) {
    self.init(summary: result.summary, violations: result.violations)
  }

  var description: String {
    "\(summary) broken=[\(violations.joined(separator: ","))]"
  }

  static func < (lhs: OutcomeKey, rhs: OutcomeKey) -> Bool { lhs.description < rhs.description }
}

extension Explorer {
  /// Replays every prefix the runs offer, each extended by each alternative of its point, and
  /// checks the property every search relies on: a run forced along a prefix offers the
  /// alternatives the run that offered the prefix did, up to its end, and the schedule fits.
  /// Returns how many runs it took and a line for each prefix that broke the property.
  func replayEveryOfferedPrefix() -> (runs: Int, broken: [String]) {
    var pending: [(prefix: [Int], offered: [Int])] = [([], [])]
    var runs = 0
    var broken: [String] = []
    while let (prefix, offered) = pending.popLast() {
      let run = run(Schedule(choices: prefix))
      runs += 1
      guard run.alternatives.starts(with: offered), run.fitted else {
        broken.append("\(prefix) replays with alternatives \(run.alternatives), not \(offered)")
        continue
      }
      for position in prefix.count..<run.alternatives.count {
        let base = prefix + Array(repeating: 0, count: position - prefix.count)
        let offeredThere = Array(run.alternatives[...position])
        pending += (1..<run.alternatives[position]).map { (base + [$0], offeredThere) }
      }
    }
    return (runs, broken)
  }

  /// Every subtree explored in order and merged, as the explore command does with one job.
  func exploreAll(pruning: Bool) -> ExplorationTally {
    var tally = ExplorationTally()
    for root in subtrees() {
      tally.merge(exploreSubtree(prefix: root, pruning: pruning))
    }
    return tally
  }
}

extension ExplorationTally {
  /// The distinct outcomes.
  var outcomeKeys: Set<OutcomeKey> {
    Set(outcomes.map { OutcomeKey(summary: $0.summary, violations: $0.violations) })
  }
}
