import Foundation
import RacelabKernel
import Testing

/// The state graph against the unreduced search: every schedule run, no pruning. The graph runs
/// far fewer schedules, yet must give the same number of schedules in all, the same count for
/// every outcome and every invariant broken, and the same smallest schedule for each: exactly
/// the unreduced answer, whatever order its subtrees are explored in.
@Suite struct StateGraphTests {
  /// The fields of a tally that a reduction must keep exactly, in a form that compares.
  struct Answer: Equatable, CustomStringConvertible {
    var schedules: Int
    var outcomes: [String]
    var violations: [String]

    init(_ tally: ExplorationTally) {
      let sorted = tally.sorted
      schedules = sorted.schedules
      outcomes = sorted.outcomes.map {
        "\(OutcomeKey(summary: $0.summary, violations: $0.violations)) "
          + "count=\($0.count) smallest=\($0.schedule.deviations)"
      }
      violations = sorted.violations.map {
        "\($0.name) count=\($0.count) smallest=\($0.schedule.deviations)"
      }
    }

    var description: String {
      (["\(schedules) schedules"] + outcomes + violations).joined(separator: "\n")
    }
  }

  /// The whole space explored as one graph, with or without the partial-order reduction.
  static func graph<Definition>(
    _ explorer: Explorer<Definition>, reduction: Bool = true
  ) -> (ExplorationTally, Int) {
    let graph = StateGraph(capacity: .max)
    let tally = explorer.exploreGraph(prefix: [], graph: graph, partialOrderReduction: reduction)
    return (tally, graph.stateCount)
  }

  /// The subtrees explored one after the other in `order`, sharing one graph, and merged.
  static func subtreesInOrder<Definition>(
    _ explorer: Explorer<Definition>, reversed: Bool
  ) -> ExplorationTally {
    let graph = StateGraph(capacity: .max)
    let roots = explorer.subtrees()
    var tally = ExplorationTally()
    for root in reversed ? roots.reversed() : roots {
      tally.merge(explorer.exploreGraph(prefix: root, graph: graph))
    }
    return tally
  }

  @Test(arguments: teachingScenarios.filter { !$0.hasSuffix("-random.yaml") })
  func theGraphGivesTheUnreducedAnswerOnTeachingScenarios(_ path: String) throws {
    let explorer = try LoadedScenario(path: path).explorer()
    let unreduced = explorer.exploreSubtree(prefix: [], pruning: false)
    let (whole, states) = Self.graph(explorer)
    let withoutReduction = Self.graph(explorer, reduction: false).0
    let pruned = explorer.exploreSubtree(prefix: [], pruning: true)
    print(
      "state graph: \((path as NSString).lastPathComponent) \(whole.schedules) schedules "
        + "counted in \(whole.runs) runs (\(withoutReduction.runs) without the partial-order "
        + "reduction) over \(states) states; unreduced runs \(unreduced.runs), pruned "
        + "\(pruned.runs)")
    #expect(unreduced.complete && whole.complete)
    #expect(Answer(whole) == Answer(unreduced))
    #expect(Answer(withoutReduction) == Answer(unreduced))
    #expect(whole.runs <= withoutReduction.runs && withoutReduction.runs <= pruned.runs)
    #expect(pruned.runs <= unreduced.runs)
    #expect(states <= pruned.stateHashes.count)
    #expect(Answer(Self.subtreesInOrder(explorer, reversed: false)) == Answer(unreduced))
    #expect(Answer(Self.subtreesInOrder(explorer, reversed: true)) == Answer(unreduced))
  }

  @Test func whereBranchesConvergeTheGraphRunsFewerSchedules() throws {
    let explorer = try LoadedScenario(PruningTests.commutingArrivals).explorer()
    let unreduced = explorer.exploreSubtree(prefix: [], pruning: false)
    let pruned = explorer.exploreSubtree(prefix: [], pruning: true)
    let whole = Self.graph(explorer).0
    #expect(Answer(whole) == Answer(unreduced))
    #expect(whole.runs <= pruned.runs && whole.runs < unreduced.runs)
  }

  @Test func theGraphGivesTheUnreducedAnswerOnGeneratedScenarios() throws {
    var generator = ScenarioGenerator(seed: GeneratedOracleTests.seed)
    var differences: [String] = []
    var (graphRuns, withoutReductionRuns, unreducedRuns) = (0, 0, 0)
    for index in 0..<GeneratedOracleTests.scenarioCount {
      let text = generator.scenario(index)
      let explorer = try LoadedScenario(text).explorer()
      let unreduced = explorer.exploreSubtree(prefix: [], pruning: false, budget: 20_000)
      guard unreduced.complete else { continue }
      let whole = Self.graph(explorer).0
      let withoutReduction = Self.graph(explorer, reduction: false).0
      let reversed = Self.subtreesInOrder(explorer, reversed: true)
      graphRuns += whole.runs
      withoutReductionRuns += withoutReduction.runs
      unreducedRuns += unreduced.runs
      if !whole.complete || Answer(whole) != Answer(unreduced)
        || Answer(reversed) != Answer(unreduced) || Answer(withoutReduction) != Answer(unreduced)
      {
        differences.append(
          "scenario #\(index) of seed \(GeneratedOracleTests.seed):\n\(text)graph:\n\(Answer(whole))\nunreduced:\n\(Answer(unreduced))\n"
        )
      }
    }
    print(
      "state graph: \(GeneratedOracleTests.scenarioCount) generated scenarios, "
        + "\(graphRuns) runs (\(withoutReductionRuns) without the partial-order reduction) "
        + "against \(unreducedRuns) unreduced, "
        + "\(differences.count) differences")
    #expect(graphRuns <= withoutReductionRuns && withoutReductionRuns < unreducedRuns)
    #expect(differences.isEmpty, "\(differences.prefix(2).joined(separator: "\n"))")
  }

  @Test func aFullGraphStopsIncompleteWithWhatItCovered() throws {
    let explorer = try LoadedScenario(path: teachingScenario("busy-main-window-original"))
      .explorer()
    let unreduced = explorer.exploreSubtree(prefix: [], pruning: false)
    let graph = StateGraph(capacity: 5)
    let capped = explorer.exploreGraph(prefix: [], graph: graph)
    #expect(!capped.complete)
    #expect(graph.stateCount == 5)
    #expect(capped.schedules > 0 && capped.schedules < unreduced.schedules)
    let stopped = explorer.exploreGraph(
      prefix: [], graph: StateGraph(capacity: .max), onRun: { $0.schedules < 3 })
    #expect(!stopped.complete && stopped.runs == 3)
    #expect(stopped.schedules > 0 && stopped.schedules < unreduced.schedules)
  }

  /// A tally's states are the distinct hashes a tree search saw, or the states a graph finished;
  /// merged tallies of separate graphs add their states, and hashes seen twice count once.
  @Test func aTallyCountsAGraphsStatesAndDistinctHashes() {
    var hashes = ExplorationTally()
    hashes.stateHashes = [1, 2, 3]
    var again = ExplorationTally()
    again.stateHashes = [3, 4]
    hashes.merge(again)
    #expect(hashes.states == 4)
    var graphs = ExplorationTally()
    graphs.graphStates = 5
    var other = ExplorationTally()
    other.graphStates = 7
    graphs.merge(other)
    graphs.merge(ExplorationTally())
    #expect(graphs.graphStates == 12 && graphs.states == 12)
  }
}
