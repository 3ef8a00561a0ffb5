import Foundation
import ModelContract
import ScenarioFormat
import Testing

@testable import Commands
@testable import RacelabKernel

/// `Explorer.subtrees()` splits the space with runs that stop at the second choice point past
/// their prefix (`SubtreeProbe`), and lets a prefix extended by its default reuse its parent's
/// run. Against whole replays of the same prefixes, on every timeline scenario of `scenarios/`
/// and `Examples/`: the counts a probe records begin the whole run's, up to the second point
/// past the prefix at least; a probe that was not stopped recorded the whole run; and the roots
/// are those the whole runs give.
@Suite struct SubtreeProbeTests {
  /// Every timeline scenario of the repository, as paths.
  static let files: [String] = {
    var files: [String] = []
    for top in ["scenarios", "Examples"] {
      let root = repositoryRoot.appendingPathComponent(top).path
      let walker = FileManager.default.enumerator(atPath: root)
      while let relative = walker?.nextObject() as? String {
        guard relative.hasSuffix(".yaml"), !relative.hasSuffix(".model.yaml"),
          !relative.contains(".build/")
        else { continue }
        let path = "\(root)/\(relative)"
        if timelineScenario(path) != nil { files.append(path) }
      }
    }
    return files.sorted()
  }()

  @Test func theFilesCoverEveryFolder() {
    for folder in ["explore", "review-prompt", "scale", "purchases", "TokenRefresh"] {
      #expect(Self.files.contains { $0.contains("/\(folder)/") }, "\(folder)")
    }
    #expect(Self.files.count >= 120)
  }

  @Test(arguments: files)
  func probesAgreeWithWholeRuns(_ path: String) throws {
    let (definition, scenario, timeline) = try #require(timelineScenario(path))
    let agreed = Self.probesAgree(definition, scenario, timeline)
    #expect(agreed, "\(path)")
  }

  /// Whether every probe `subtrees()` makes on `definition`'s explorer of `scenario` records
  /// counts that begin those of the whole replay of its prefix, and the roots equal those the
  /// whole replays give.
  static func probesAgree<Definition: ModelDefinition>(
    _ definition: Definition, _ scenario: Scenario, _ timeline: [ScriptedHappening]
  ) -> Bool {
    let explorer = Explorer(
      definition, setup: scenario.setup, profile: scenario.runtime, timeline: timeline)
    var frontier: [[Int]] = [[]]
    for _ in 0..<16 {
      var next: [[Int]] = []
      var expanded = false
      for prefix in frontier {
        let whole = explorer.run(Schedule(choices: prefix)).alternatives
        let probe = explorer.execution.execute(SubtreeProbe(prefix)).strategy
        let probed = probe.alternatives
        // The run ends at the first boundary between jobs after the second point past the
        // prefix, so it may have offered a few more points by then; a probe not done ran to
        // the end of the whole run.
        guard whole.starts(with: probed), probed.count >= min(prefix.count + 2, whole.count),
          probe.isDone || probed == whole
        else {
          Issue.record("prefix \(prefix): probe \(probed), whole run \(whole)")
          return false
        }
        if whole.count > prefix.count && next.count < Explorer<Definition>.subtreeTarget {
          next += (0..<whole[prefix.count]).map { prefix + [$0] }
          expanded = true
        } else {
          next.append(prefix)
        }
      }
      frontier = next
      if !expanded || frontier.count >= Explorer<Definition>.subtreeTarget { break }
    }
    return explorer.subtrees() == frontier
  }

  @Test func leafRunsGiveWhatRunningThemGives() throws {
    var leaves = 0
    for path in Self.files {
      let (definition, scenario, timeline) = try #require(timelineScenario(path))
      let (agreed, count) = Self.leafRunsAgree(definition, scenario, timeline)
      #expect(agreed, "\(path)")
      leaves += count
    }
    #expect(leaves >= 100, "the scenarios should have subtrees of one run")
  }

  /// Whether every subtree of one run of `scenario`, explored by the explorer that split the
  /// space (which takes in the run its probe made), gives the same tally and progress as the
  /// subtree explored by an explorer that never split it (which runs it): with and without
  /// pruning, with a state memory too small for the states (also one the first states fill
  /// exactly), and with budgets of zero and one schedule. Also returns how many such subtrees
  /// there were.
  static func leafRunsAgree<Definition: ModelDefinition>(
    _ definition: Definition, _ scenario: Scenario, _ timeline: [ScriptedHappening]
  ) -> (agreed: Bool, leaves: Int) {
    let splitting = Explorer(
      definition, setup: scenario.setup, profile: scenario.runtime, timeline: timeline)
    let running = Explorer(
      definition, setup: scenario.setup, profile: scenario.runtime, timeline: timeline)
    let roots = splitting.subtrees()
    let leaves = roots.filter { root in splitting.leafRuns.withLock { $0[root] != nil } }
    let settings: [(pruning: Bool, budget: Int?, valueCapacity: Int)] = [
      (true, nil, .max), (false, nil, .max), (true, nil, 40), (true, 0, .max), (true, 1, .max),
    ]
    var agreed = true
    for root in leaves {
      // A memory that the first two states fill to the value: the third is the last kept.
      let states = splitting.leafRuns.withLock { $0[root]?.states } ?? []
      let exactFill = states.prefix(2).map(\.footprint).reduce(0, +)
      for (pruning, budget, valueCapacity) in settings + [(true, nil, exactFill)] {
        var seen: [String] = []
        for explorer in [splitting, running] {
          var progress: [String] = []
          let tally = explorer.exploreSubtree(
            prefix: root, pruning: pruning, budget: budget, valueCapacity: valueCapacity,
            onSchedule: {
              progress.append("\($0.schedules) \($0.covered)")
              return true
            })
          seen.append("\(described(tally)) progress \(progress)")
        }
        if seen[0] != seen[1] {
          Issue.record(
            "root \(root), pruning \(pruning), budget \(String(describing: budget)), values \(valueCapacity):\n\(seen[0])\n\(seen[1])"
          )
          agreed = false
        }
      }
    }
    return (agreed, leaves.count)
  }
}

/// Everything a tally holds, as text.
private func described(_ tally: ExplorationTally) -> String {
  let outcomes = tally.outcomes.map { "\($0.summary) \($0.violations) \($0.count) \($0.schedule)" }
  let violations = tally.violations.map { "\($0.name) \($0.count) \($0.schedule)" }
  return "\(tally.schedules) schedules, \(tally.runs) runs, complete \(tally.complete), "
    + "filled \(tally.statesFilledMemory), inexact \(String(describing: tally.inexactClockUse)), "
    + "states \(tally.stateHashes.sorted()), outcomes \(outcomes), violations \(violations)"
}

/// The model, scenario and timeline of the timeline scenario at `path`; `nil` for a file that
/// does not load or is not a timeline scenario.
private func timelineScenario(_ path: String) -> (
  any ModelDefinition, Scenario, [ScriptedHappening]
)? {
  let silent = Console(write: { _ in }, writeError: { _ in }, colour: false)
  guard let file = ScenarioFiles.load(path, overrides: Overrides(), console: silent),
    case .timeline(let timeline) = file.scenario.content
  else { return nil }
  return (file.definition, file.scenario, timeline)
}
