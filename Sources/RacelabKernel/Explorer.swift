import ModelContract

/// Explores the orderings a scenario allows: exhaustively (depth-first over every choice point,
/// pruning schedules that reach a state already seen) or by seeded random sampling. Every run
/// goes through ``ScenarioStart/simulate(profile:strategy:tracing:traceLimit:)``, the same code
/// path as a plain run; only the strategy differs.
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

  /// Runs one schedule without a trace; returns the result and each point's alternatives.
  public func run(_ schedule: Schedule, tracing: Bool = false) -> (
    result: SimulationResult, alternatives: [Int], fitted: Bool
  ) {
    let (result, strategy) = start.simulate(
      profile: profile, strategy: ReplayStrategy(schedule),
      tracing: tracing)
    return (result, strategy.alternatives, strategy.fitted)
  }

  // MARK: Exhaustive

  /// The roots of the subtrees, as forced choice prefixes in depth-first order.
  public func subtrees() -> [[Int]] {
    var frontier: [[Int]] = [[]]
    for _ in 0..<16 {
      var next: [[Int]] = []
      var expanded = false
      for prefix in frontier {
        let alternatives = run(Schedule(choices: prefix)).alternatives
        if alternatives.count > prefix.count && next.count < Self.subtreeTarget {
          next += (0..<alternatives[prefix.count]).map { prefix + [$0] }
          expanded = true
        } else {
          next.append(prefix)
        }
      }
      frontier = next
      if !expanded || frontier.count >= Self.subtreeTarget { break }
    }
    return frontier
  }

  /// Explores every schedule that starts with `prefix`, depth first, at most `budget` of them,
  /// remembering states (with `pruning`) that hold at most `valueCapacity` values together
  /// (``StateFootprint``); after each, `onSchedule` gets the count so far and the part of the
  /// subtree covered, and says whether to go on (`false` stops, and the tally is then
  /// incomplete).
  public func exploreSubtree(
    prefix: [Int], pruning: Bool, budget: Int? = nil, valueCapacity: Int = .max,
    onSchedule: (SubtreeProgress) -> Bool = { _ in true }
  ) -> ExplorationTally {
    var tally = ExplorationTally()
    let seen = SeenStates(valueCapacity: valueCapacity)
    var forced = prefix
    while true {
      if let budget, tally.schedules >= budget {
        tally.complete = false
        break
      }
      if seen.isFull {
        tally.complete = false
        tally.statesFilledMemory = true
        break
      }
      let (result, strategy) = start.simulate(
        profile: profile,
        strategy: ExploringStrategy(forced: forced, pruning: pruning, seen: seen), tracing: false)
      tally.record(result, schedule: Schedule(choices: strategy.choices))
      let limit = min(strategy.choices.count, strategy.prunedFrom ?? .max)
      let goOn = onSchedule(
        SubtreeProgress(
          schedules: tally.schedules,
          covered: SubtreeProgress.covered(
            through: strategy.choices[..<limit], of: strategy.alternatives, from: prefix.count)))
      guard
        let position = (prefix.count..<limit).last(where: {
          strategy.choices[$0] + 1 < strategy.alternatives[$0]
        })
      else { break }
      guard goOn else {
        tally.complete = false
        break
      }
      forced = Array(strategy.choices[..<position]) + [strategy.choices[position] + 1]
    }
    tally.stateHashes = Set(seen.states.map(\.hashValue))
    return tally
  }

  // MARK: Random

  /// Runs `runs` seeded random schedules, run `i` seeded from `seed` and `i`; after each,
  /// `onSchedule` gets the count so far and says whether to go on.
  public func sample(
    runs: Range<Int>, seed: UInt64, onSchedule: (Int) -> Bool = { _ in true }
  ) -> ExplorationTally {
    var tally = ExplorationTally()
    tally.complete = false
    for index in runs {
      let runSeed = seed &+ UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03
      let (result, strategy) = start.simulate(
        profile: profile,
        strategy: RandomStrategy(seed: runSeed), tracing: false)
      tally.record(result, schedule: Schedule(choices: strategy.choices))
      guard onSchedule(tally.schedules) else { break }
    }
    return tally
  }

  // MARK: Shortest counterexample

  /// The schedule that breaks `invariant` with the fewest deviations from the default, then
  /// the earliest break, searching up to `maxDeviations` deviations and at most `budget` runs;
  /// `nil` if none found does.
  public func shortestCounterexample(
    for invariant: String, maxDeviations: Int, budget: Int = .max
  ) -> Schedule? {
    var runs = 0
    var level: [(schedule: Schedule, alternatives: [Int])] = []
    var best: (time: VirtualTime, schedule: Schedule)?
    func consider(_ schedule: Schedule) -> [Int] {
      runs += 1
      let (result, alternatives, _) = run(schedule)
      if let index = result.violations.firstIndex(of: invariant) {
        let time = result.violationTimes[index]
        if best == nil || (time, schedule) < (best!.time, best!.schedule) {
          best = (time, schedule)
        }
      }
      return alternatives
    }
    level = [(Schedule.default, consider(.default))]
    var depth = 0
    while best == nil && depth < maxDeviations && runs < budget {
      var next: [(schedule: Schedule, alternatives: [Int])] = []
      for (schedule, alternatives) in level {
        let start = (schedule.deviations.last?.position ?? -1) + 1
        guard start < alternatives.count else { continue }
        for position in start..<alternatives.count {
          for alternative in 1..<max(1, alternatives[position]) where runs < budget {
            let extended = Schedule(
              deviations: schedule.deviations + [
                .init(position: position, alternative: alternative)
              ])
            next.append((extended, consider(extended)))
          }
        }
      }
      level = next
      depth += 1
    }
    return best?.schedule
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
  /// Hashes of the distinct states seen (for counting them).
  public var stateHashes = Set<Int>()
  /// Outcomes with how many schedules reached each and the smallest such schedule.
  public var outcomes: [ExplorationOutcome] = []
  /// For each invariant broken, how many schedules broke it and the smallest such schedule.
  public var violations: [ViolationFinding] = []

  /// Creates an empty tally.
  public init() {}

  mutating func record(_ result: SimulationResult, schedule: Schedule) {
    runs += 1
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
    stateHashes.formUnion(other.stateHashes)
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

/// Depth-first exploration's strategy: replays forced choices, then takes the default, noting
/// each point's alternatives; with pruning, stops branching at the first state already seen.
struct ExploringStrategy: SchedulingStrategy {
  let forced: [Int]
  let pruning: Bool
  let seen: SeenStates
  var choices: [Int] = []
  var alternatives: [Int] = []
  /// The first position at which the run reached a state seen before.
  var prunedFrom: Int?

  init(forced: [Int], pruning: Bool, seen: SeenStates) {
    self.forced = forced
    self.pruning = pruning
    self.seen = seen
  }

  /// Observes states while pruning, until the states seen hold as many values as allowed.
  var observesState: Bool { pruning && !seen.isFull }

  mutating func choose(_ point: ChoicePoint, state: AnyHashable?) -> Int {
    let position = choices.count
    let choice = position < forced.count ? forced[position] : 0
    if pruning, let state, !seen.isFull {
      let key = StateAtChoice(point: point, state: state)
      let isNew = seen.insert(key)
      if !isNew && position >= forced.count && prunedFrom == nil { prunedFrom = position }
    }
    choices.append(choice)
    alternatives.append(point.alternativeCount)
    return min(choice, point.alternativeCount - 1)
  }
}

/// The states one subtree's exploration has seen, shared by reference between its runs so the
/// set is never copied, with the values (``StateFootprint``) they hold.
final class SeenStates {
  private(set) var states = Set<AnyHashable>()
  private var values = 0
  /// The most values the states may hold together.
  let valueCapacity: Int
  /// Whether the states hold more values than allowed: no more are added, and the
  /// exploration stops after the run that filled them.
  private(set) var isFull = false

  init(valueCapacity: Int) {
    self.valueCapacity = valueCapacity
  }

  /// Adds `state`; `true` when it was new.
  func insert(_ state: StateAtChoice) -> Bool {
    guard states.insert(AnyHashable(state)).inserted else { return false }
    values += state.footprint
    if values > valueCapacity { isFull = true }
    return true
  }
}
