import ModelContract
import ModelInterpreter
import RacelabKernel

/// An explorer with its model type erased, so commands can hold one for any model.
///
/// Each operation is a closure made where the model type is known, so that the explorer's
/// loops (the searches, the state graph, the simulation) run as code specialised for the
/// model. Reached through a protocol the generic explorer conforms to, they ran as generic code
/// that looked up type metadata at every happening.
struct ScenarioSpace: Sendable {
  private let roots: @Sendable () -> [[Int]]
  private let subtree:
    @Sendable ([Int], Bool, Int?, Int, (SubtreeProgress) -> Bool) -> ExplorationTally
  private let graphSubtree:
    @Sendable ([Int], StateGraph, Int?, Bool, (SubtreeProgress) -> Bool) -> ExplorationTally
  private let sampled: @Sendable (Range<Int>, UInt64, (Int) -> Bool) -> ExplorationTally
  private let counterexample: @Sendable (String, Int, Int) -> Schedule?
  private let fitting: @Sendable (Schedule) -> Bool

  /// The space of `definition`'s runs from `setup` on `profile` with `timeline`: for model
  /// files, the models racelab runs, specialised for the model.
  init(
    _ definition: any ModelDefinition, setup: ModelSetup, profile: RuntimeProfile,
    timeline: [ScriptedHappening]
  ) {
    switch definition {
    case let file as ModelFileDefinition:
      self.init(Explorer(file, setup: setup, profile: profile, timeline: timeline))
    default:
      self.init(opening: definition, setup: setup, profile: profile, timeline: timeline)
    }
  }

  private init(
    opening definition: some ModelDefinition, setup: ModelSetup, profile: RuntimeProfile,
    timeline: [ScriptedHappening]
  ) {
    self.init(Explorer(definition, setup: setup, profile: profile, timeline: timeline))
  }

  private init<Definition>(_ explorer: Explorer<Definition>) {
    roots = { explorer.subtrees() }
    subtree = { prefix, pruning, budget, valueCapacity, onSchedule in
      explorer.exploreSubtree(
        prefix: prefix, pruning: pruning, budget: budget, valueCapacity: valueCapacity,
        onSchedule: onSchedule)
    }
    graphSubtree = { prefix, graph, budget, partialOrderReduction, onRun in
      explorer.exploreGraph(
        prefix: prefix, graph: graph, budget: budget,
        partialOrderReduction: partialOrderReduction, onRun: onRun)
    }
    sampled = { runs, seed, onSchedule in
      explorer.sample(runs: runs, seed: seed, onSchedule: onSchedule)
    }
    counterexample = { invariant, maxDeviations, budget in
      explorer.shortestCounterexample(
        for: invariant, maxDeviations: maxDeviations, budget: budget)
    }
    fitting = { explorer.run($0).fitted }
  }

  /// ``Explorer/subtrees()``.
  func subtrees() -> [[Int]] { roots() }

  /// ``Explorer/exploreSubtree(prefix:pruning:budget:valueCapacity:onSchedule:)``.
  func exploreSubtree(
    prefix: [Int], pruning: Bool, budget: Int?, valueCapacity: Int,
    onSchedule: (SubtreeProgress) -> Bool
  ) -> ExplorationTally {
    subtree(prefix, pruning, budget, valueCapacity, onSchedule)
  }

  /// ``Explorer/exploreGraph(prefix:graph:budget:partialOrderReduction:onRun:)``.
  func exploreGraph(
    prefix: [Int], graph: StateGraph, budget: Int?, partialOrderReduction: Bool,
    onRun: (SubtreeProgress) -> Bool
  ) -> ExplorationTally {
    graphSubtree(prefix, graph, budget, partialOrderReduction, onRun)
  }

  /// ``Explorer/sample(runs:seed:onSchedule:)``.
  func sample(runs: Range<Int>, seed: UInt64, onSchedule: (Int) -> Bool) -> ExplorationTally {
    sampled(runs, seed, onSchedule)
  }

  /// ``Explorer/shortestCounterexample(for:maxDeviations:budget:)``.
  func shortestCounterexample(for invariant: String, maxDeviations: Int, budget: Int) -> Schedule? {
    counterexample(invariant, maxDeviations, budget)
  }

  /// Whether `schedule` fits the scenario's choice points (``Explorer/run(_:)``).
  func fits(_ schedule: Schedule) -> Bool { fitting(schedule) }
}
