import ModelContract

/// Explores the orderings a scenario allows, each way by one search driven by the one loop
/// (``Execution/drive(_:onRun:)``) over the scenario's ``execution``: the exhaustive tree, the
/// state graph, seeded random sampling, the shortest counterexample and replay. Every run goes
/// through ``ScenarioStart/simulate(profile:strategy:tracing:traceLimit:)``, the same code path
/// as a plain run; only the strategy differs.
///
/// The space is split into subtrees by a fixed rule (independent of how many threads run
/// them), so running subtrees in parallel or in shards gives the same results as one thread.
public struct Explorer<Definition: ModelDefinition>: Sendable {
  /// The model.
  public let definition: Definition
  /// The runtime.
  public let profile: RuntimeProfile
  /// The model and events every run starts from, made once.
  public let start: ScenarioStart<Definition>
  /// The subtrees ``subtrees()`` found to hold one run, with that run, by prefix: exploring
  /// one takes the run in instead of running it again. The answers are the same either way
  /// (a test holds them to it); only the work differs.
  @usableFromInline let leafRuns = Locked<[[Int]: LeafRun]>([:])

  /// The model's configuration.
  public var setup: ModelSetup { start.setup }
  /// The scripted happenings.
  public var timeline: [ScriptedHappening] { start.timeline }

  /// The number of subtrees the space is split into, at most (fewer when it is small).
  public static var subtreeTarget: Int { 8 }

  /// Creates an explorer.
  public init(
    _ definition: Definition, setup: ModelSetup, profile: RuntimeProfile,
    timeline: [ScriptedHappening]
  ) {
    self.definition = definition
    self.profile = profile
    self.start = ScenarioStart(definition, setup: setup, timeline: timeline)
  }

  /// The scenario as an execution: what every search of this explorer drives.
  public var execution: SimulatedScenario<Definition> { SimulatedScenario(start, profile: profile) }

  /// Replays `schedule` without a trace (``ReplaySearch``); returns what the run found, each
  /// point's alternatives, and whether the schedule fitted the run.
  @inlinable
  public func run(_ schedule: Schedule) -> (
    findings: RunFindings, alternatives: [Int], fitted: Bool
  ) {
    var replay = ReplaySearch(schedule)
    execution.drive(&replay)
    guard let findings = replay.findings else {
      preconditionFailure("a replay always runs its schedule once")
    }
    return (findings, replay.alternatives, replay.fitted)
  }

  // MARK: Exhaustive

  /// The roots of the subtrees, as forced choice prefixes in depth-first order.
  ///
  /// Each prefix of the frontier keeps the probe of the run that replays it and takes the
  /// default past it. A prefix extended by its default (alternative 0) has the same run, so
  /// it inherits its parent's probe, which tells its next point; only the other alternatives
  /// need runs of their own, and a prefix left as it is is not run again in the next round.
  /// A root whose run meets no point past it is a subtree of one run: that run is kept
  /// (``leafRuns``) for ``exploreSubtree(prefix:pruning:budget:valueCapacity:onSchedule:)``.
  @inlinable
  public func subtrees() -> [[Int]] {
    typealias Probed = (probe: SubtreeProbe, findings: RunFindings)
    var frontier: [(prefix: [Int], probed: Probed?)] = [([], nil)]
    for _ in 0..<16 {
      var next: [(prefix: [Int], probed: Probed?)] = []
      var expanded = false
      for (prefix, known) in frontier {
        let probed: Probed
        if let known, known.probe.tells(pointAfter: prefix.count) {
          probed = known
        } else {
          let run = execution.execute(SubtreeProbe(prefix))
          probed = (run.strategy, run.findings)
        }
        let probe = probed.probe
        if let count = probe.alternatives(after: prefix.count), next.count < Self.subtreeTarget {
          next += (0..<count).map { (prefix + [$0], $0 == 0 ? probed : nil) }
          expanded = true
        } else {
          next.append((prefix, probed))
        }
      }
      frontier = next
      if !expanded || frontier.count >= Self.subtreeTarget { break }
    }
    var leaves: [[Int]: LeafRun] = [:]
    for (prefix, probed) in frontier {
      guard let probed, probed.probe.isLeaf(at: prefix.count) else { continue }
      leaves[prefix] = LeafRun(probed.probe, findings: probed.findings)
    }
    leafRuns.withLock { $0 = leaves }
    return frontier.map(\.prefix)
  }

  /// Explores every schedule that starts with `prefix`, depth first, at most `budget` of them,
  /// remembering states (with `pruning`) that hold at most `valueCapacity` values together
  /// (``StateFootprint``); after each, `onSchedule` gets the count so far and the part of the
  /// subtree covered, and says whether to go on (`false` stops, and the tally is then
  /// incomplete).
  @inlinable
  public func exploreSubtree(
    prefix: [Int], pruning: Bool, budget: Int? = nil, valueCapacity: Int = .max,
    onSchedule: (SubtreeProgress) -> Bool = { _ in true }
  ) -> ExplorationTally {
    var search = TreeSearch(
      prefix: prefix, pruning: pruning, budget: budget, valueCapacity: valueCapacity)
    if let leaf = leafRuns.withLock({ $0[prefix] }), search.absorb(leaf),
      !onSchedule(search.progress)
    {
      search.stop()
    }
    execution.drive(&search) { onSchedule($0.progress) }
    return search.tally
  }

  // MARK: Random

  /// Runs `runs` seeded random schedules, run `i` seeded from `seed` and `i`; after each,
  /// `onSchedule` gets the count so far and says whether to go on.
  @inlinable
  public func sample(
    runs: Range<Int>, seed: UInt64, onSchedule: (Int) -> Bool = { _ in true }
  ) -> ExplorationTally {
    var search = SampleSearch(runs: runs, seed: seed)
    execution.drive(&search) { onSchedule($0.tally.schedules) }
    return search.tally
  }

  // MARK: Shortest counterexample

  /// The schedule that breaks `invariant` with the fewest deviations from the default, then
  /// the earliest break, searching up to `maxDeviations` deviations and at most `budget` runs;
  /// `nil` if none found does.
  @inlinable
  public func shortestCounterexample(
    for invariant: String, maxDeviations: Int, budget: Int = .max
  ) -> Schedule? {
    var search = ShortestCounterexampleSearch(
      for: invariant, maxDeviations: maxDeviations, budget: budget)
    execution.drive(&search)
    return search.counterexample
  }

  // MARK: State graph

  /// Explores every schedule that starts with `prefix` as a graph of states (``GraphSearch``),
  /// at most `budget` runs; after each, `onRun` gets the count so far and the part of the
  /// subtree covered, and says whether to go on.
  @inlinable
  public func exploreGraph(
    prefix: [Int], graph: StateGraph, budget: Int? = nil, partialOrderReduction: Bool = true,
    onRun: (SubtreeProgress) -> Bool = { _ in true }
  ) -> ExplorationTally {
    var search = GraphSearch(
      prefix: prefix, graph: graph, budget: budget, partialOrderReduction: partialOrderReduction)
    execution.drive(&search) { onRun($0.progress) }
    return search.tally
  }
}

/// Counts and findings of part of an exploration; tallies of subtrees merge into the whole.
public struct ExplorationTally: Sendable {
  /// Schedules covered: run, or counted without being run (``Explorer/exploreGraph(prefix:graph:budget:onRun:)``).
  public var schedules = 0
  /// Runs of the model it took.
  public var runs = 0
  /// Whether the part was covered completely.
  public var complete = true
  /// Whether it stopped because the states it remembered held as many values as allowed.
  public var statesFilledMemory = false
  /// How a run's model used a time read inside a window in a way no order of arrival
  /// instants describes, if one did (the least such reason, so that merging is
  /// order-independent): the outcomes found are real, but the tally is not complete.
  public var inexactClockUse: String? {
    didSet { if inexactClockUse != nil { complete = false } }
  }
  /// Whether a run did not repeat the run whose choices it replayed (``SchedulingStrategy/diverged``):
  /// the search stopped there, and the tally is not complete.
  public var runsDiverged = false {
    didSet { if runsDiverged { complete = false } }
  }
  /// Hashes of the distinct states seen (for counting them), where the search counts states by
  /// their hashes: pruning's tree search. A state graph counts its own (``graphStates``).
  public var stateHashes = Set<Int>()
  /// The distinct states a state graph finished, where the tally's states are a graph's
  /// (``StateGraph/stateCount``): a set of their hashes, built at the end, raised the
  /// exploration's peak memory (by 3 MB on `launch-burst-3x5`). Merging adds them: separate
  /// graphs, separate states.
  public var graphStates: Int?
  /// The distinct states seen: a state graph's count, or the distinct hashes seen.
  public var states: Int { (graphStates ?? 0) &+ stateHashes.count }
  /// Outcomes with how many schedules reached each and the smallest such schedule.
  public var outcomes: [ExplorationOutcome] = []
  /// For each invariant broken, how many schedules broke it and the smallest such schedule.
  public var violations: [ViolationFinding] = []

  /// Creates an empty tally.
  public init() {}

  mutating func record(_ result: RunFindings, schedule: Schedule) {
    runs += 1
    noteInexact(result.inexactClockUse)
    add(
      ExplorationOutcome(
        summary: result.summary, violations: result.violations, count: 1, schedule: schedule))
  }

  /// Adds `outcome`'s schedules, and counts them for each invariant they break.
  mutating func add(_ outcome: ExplorationOutcome) {
    schedules = Self.sum(schedules, outcome.count)
    if let index = outcomes.firstIndex(where: { $0.sameOutcome(as: outcome) }) {
      outcomes[index].count = Self.sum(outcomes[index].count, outcome.count)
      outcomes[index].schedule = min(outcomes[index].schedule, outcome.schedule)
    } else {
      outcomes.append(outcome)
    }
    for name in outcome.violations {
      add(ViolationFinding(name: name, count: outcome.count, schedule: outcome.schedule))
    }
  }

  private mutating func add(_ finding: ViolationFinding) {
    if let index = violations.firstIndex(where: { $0.name == finding.name }) {
      violations[index].count = Self.sum(violations[index].count, finding.count)
      violations[index].schedule = min(violations[index].schedule, finding.schedule)
    } else {
      violations.append(finding)
    }
  }

  /// Keeps the least of the reasons seen so far and `reason`.
  mutating func noteInexact(_ reason: String?) {
    guard let reason else { return }
    inexactClockUse = min(inexactClockUse ?? reason, reason)
  }

  /// `a + b`, or `Int.max` where that overflows: counts of astronomically large spaces saturate.
  private static func sum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// Adds `other`'s counts and findings.
  public mutating func merge(_ other: ExplorationTally) {
    runs = Self.sum(runs, other.runs)
    complete = complete && other.complete
    statesFilledMemory = statesFilledMemory || other.statesFilledMemory
    noteInexact(other.inexactClockUse)
    runsDiverged = runsDiverged || other.runsDiverged
    stateHashes.formUnion(other.stateHashes)
    if let count = other.graphStates { graphStates = Self.sum(graphStates ?? 0, count) }
    // Every schedule has one outcome, so adding the outcomes adds the schedules and findings.
    for outcome in other.outcomes { add(outcome) }
  }

  /// Outcomes and findings in a fixed order: outcomes by their smallest schedule, findings by
  /// invariant name.
  public var sorted: ExplorationTally {
    var copy = self
    copy.outcomes.sort { $0.schedule < $1.schedule }
    copy.violations.sort { $0.name < $1.name }
    return copy
  }
}

/// A distinct outcome: the model's closing figures and the invariants broken.
public struct ExplorationOutcome: Sendable {
  /// The model's closing figures.
  public var summary: [TraceField]
  /// Invariants broken, in order of first occurrence.
  public var violations: [String]
  /// Schedules that reached it.
  public var count: Int
  /// The smallest schedule that reached it.
  public var schedule: Schedule

  func sameOutcome(as other: ExplorationOutcome) -> Bool {
    summary == other.summary && violations == other.violations
  }
}

/// An invariant broken somewhere in the space.
public struct ViolationFinding: Sendable {
  /// The invariant.
  public var name: String
  /// Schedules that broke it.
  public var count: Int
  /// The smallest schedule found that breaks it.
  public var schedule: Schedule
}
