import ModelContract
import RacelabKernel
import ReviewPromptModel

/// The oracle: every 1 ms instant (or every `step`) of each arrival window × every order of the happenings due at
/// the same instant, run one by one with no pruning. Written independently of ``Explorer``: the
/// windows are replaced by fixed arrivals before the run, so the kernel never offers an arrival
/// choice, and the orderings are enumerated by ``EveryOrderStrategy``.
struct BruteForceSweep {
  var setup: ModelSetup
  var profile: RuntimeProfile
  var timeline: [ScriptedHappening]
  /// The distance between the instants tried in each window, in nanoseconds.
  var step: Int64 = 1_000_000

  /// The distinct outcomes and how many runs the sweep took.
  func outcomes() -> (outcomes: Set<OutcomeKey>, runs: Int) {
    var outcomes = Set<OutcomeKey>()
    var runs = 0
    for fixed in fixedTimelines() {
      var forced: [Int] = []
      while true {
        let (result, strategy) = ReviewPromptDefinition().simulate(
          setup: setup, profile: profile, timeline: fixed,
          strategy: EveryOrderStrategy(forced: forced), tracing: false)
        runs += 1
        outcomes.insert(OutcomeKey(result))
        guard let next = strategy.nextForced() else { break }
        forced = next
      }
    }
    return (outcomes, runs)
  }

  /// The timeline once for every combination of 1 ms instants of its windows.
  func fixedTimelines() -> [[ScriptedHappening]] {
    var timelines: [[ScriptedHappening]] = [[]]
    for happening in timeline {
      guard case .within(let window) = happening.timing else {
        timelines = timelines.map { $0 + [happening] }
        continue
      }
      var instants: [VirtualTime] = []
      var instant = window.lowerBound.nanoseconds
      while instant <= window.upperBound.nanoseconds {
        instants.append(VirtualTime(nanoseconds: instant))
        instant += step
      }
      timelines = timelines.flatMap { prefix in
        instants.map { time in
          prefix + [ScriptedHappening(happening.event, .at(time), tie: happening.tie)]
        }
      }
    }
    return timelines
  }
}

/// Takes the forced choices, then alternative 0, at every same-instant point, noting how many
/// alternatives each offered; ``nextForced()`` is the next choice sequence in depth-first order.
/// Fails on an arrival point: the sweep has fixed every window.
struct EveryOrderStrategy: SchedulingStrategy {
  let forced: [Int]
  var choices: [Int] = []
  var alternatives: [Int] = []

  init(forced: [Int]) {
    self.forced = forced
  }

  mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
    guard case .sameInstant = point else {
      preconditionFailure("the sweep fixes every window, so no arrival choice can come up")
    }
    let choice = choices.count < forced.count ? forced[choices.count] : 0
    choices.append(choice)
    alternatives.append(point.alternativeCount)
    return choice
  }

  /// The choices of the next run: the last point with an untried alternative takes it.
  func nextForced() -> [Int]? {
    guard let position = choices.indices.last(where: { choices[$0] + 1 < alternatives[$0] })
    else { return nil }
    return Array(choices[..<position]) + [choices[position] + 1]
  }
}
