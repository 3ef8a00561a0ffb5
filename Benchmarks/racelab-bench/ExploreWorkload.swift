import Commands
import ModelContract
import ModelInterpreter
import ModelLanguage
import ModelLibrary
import RacelabKernel
import ScenarioFormat

/// One explored scenario: its timeline and its explorer on the review-prompt model bundled with
/// racelab, the one `model: review-prompt` names.
struct ExploreSubject {
  var path: String
  var scenario: Scenario
  var timeline: [ScriptedHappening]
  var definition: ModelFileDefinition

  /// Loads `path`; `nil` (with a message on standard error) if it is not a review-prompt
  /// timeline scenario.
  init?(path: String) {
    guard let bytes = readFileBytes(path) else {
      printError("racelab-bench: cannot read \(path)")
      return nil
    }
    guard let definition = reviewPromptModel(),
      case .success(let scenario) = ScenarioLoader.load(bytes, models: [definition.vocabulary]),
      case .timeline(let timeline) = scenario.content
    else {
      printError("racelab-bench: \(path) is not a review-prompt timeline scenario")
      return nil
    }
    self.path = path
    self.scenario = scenario
    self.timeline = timeline
    self.definition = definition
  }

  func explorer(_ timeline: [ScriptedHappening]) -> Explorer<ModelFileDefinition> {
    Explorer(definition, setup: scenario.setup, profile: scenario.runtime, timeline: timeline)
  }
}

/// What an exploration found: its schedule and state counts and its outcome set.
struct ExploreFigures: Equatable {
  static func == (lhs: ExploreFigures, rhs: ExploreFigures) -> Bool {
    (lhs.schedules, lhs.states, lhs.outcomes, lhs.combinations.run, lhs.combinations.of)
      == (rhs.schedules, rhs.states, rhs.outcomes, rhs.combinations.run, rhs.combinations.of)
  }

  var schedules: Int
  var states: Int
  /// For a sweep: the window-instant combinations run, of how many there are.
  var combinations = (run: 0, of: 0)
  /// Each distinct outcome (closing figures and broken invariants) as text, sorted.
  var outcomes: [String]
}

/// Explores the whole space the way `racelab explore` does with one job: split into subtrees,
/// each explored depth first with state pruning, the tallies merged.
func exploreExhaustively(_ subject: ExploreSubject) -> ExploreFigures {
  let space = subject.explorer(subject.timeline)
  var tally = ExplorationTally()
  for root in space.subtrees() {
    tally.merge(space.exploreSubtree(prefix: root, pruning: true))
  }
  return ExploreFigures(
    schedules: tally.schedules, states: tally.states, outcomes: outcomeSet(tally))
}

/// The brute-force oracle: every 1 ms instant of each arrival window (all combinations) ×
/// every order of same-instant happenings (exhaustive exploration without pruning of the
/// window-free timeline).
///
/// When there are more than `limit` combinations, only every k-th is run (an even sample), and
/// the figures say so: the caller extrapolates the time and can only check that the sampled
/// outcomes are among the explored ones.
func sweepByMillisecond(_ subject: ExploreSubject, limit: Int) -> ExploreFigures {
  let step: Int64 = 1_000_000
  var instants: [[VirtualTime]] = []
  var windowed: [Int] = []
  for (index, happening) in subject.timeline.enumerated() {
    guard case .within(let window) = happening.timing else { continue }
    var points: [VirtualTime] = []
    var instant = window.lowerBound.nanoseconds
    while instant <= window.upperBound.nanoseconds {
      points.append(VirtualTime(nanoseconds: instant))
      instant += step
    }
    if points.last != window.upperBound { points.append(window.upperBound) }
    instants.append(points)
    windowed.append(index)
  }
  let total = instants.reduce(1) { $0 * $1.count }
  let stride = max(1, (total + limit - 1) / limit)
  var tally = ExplorationTally()
  var run = 0
  for combination in Swift.stride(from: 0, to: total, by: stride) {
    var timeline = subject.timeline
    var rest = combination
    for (slot, index) in windowed.enumerated() {
      timeline[index].timing = .at(instants[slot][rest % instants[slot].count])
      rest /= instants[slot].count
    }
    tally.merge(subject.explorer(timeline).exploreSubtree(prefix: [], pruning: false))
    run += 1
  }
  return ExploreFigures(
    schedules: tally.schedules, states: 0, combinations: (run, total),
    outcomes: outcomeSet(tally))
}

/// The distinct outcomes of `tally` as sorted text.
private func outcomeSet(_ tally: ExplorationTally) -> [String] {
  Set(
    tally.outcomes.map { outcome in
      outcome.summary.map { "\($0.name)=\($0.value.written())" }.joined(separator: ",") + " | "
        + outcome.violations.joined(separator: ",")
    }
  ).sorted()
}

/// The review-prompt model bundled with racelab, loaded and checked.
func reviewPromptModel() -> ModelFileDefinition? {
  guard let bundled = BundledModel.named("review-prompt"),
    case .success(let program) = ModelFileLoader.load(bundled.bytes)
  else { return nil }
  return ModelFileDefinition(program)
}
