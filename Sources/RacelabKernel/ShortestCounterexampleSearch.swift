import ModelContract

/// The schedule that breaks one invariant with the fewest deviations from the default, then
/// the earliest break: breadth first by the number of deviations, the default schedule first,
/// each level run in full (a later schedule of the level may break it earlier), each schedule
/// extended only past its last deviation so that none is run twice. It stops at the first level
/// with a break, past `maxDeviations` deviations, or after `budget` runs.
public struct ShortestCounterexampleSearch: Search {
  private let invariant: String
  private let maxDeviations: Int
  private let budget: Int
  private var runs = 0
  private var depth = 0
  /// The schedules of the current level still to run, in order.
  private var queue: [Schedule] = [.default]
  /// The schedules of the current level already run, with each point's alternatives.
  private var level: [(schedule: Schedule, alternatives: [Int])] = []
  private var best: (time: VirtualTime, schedule: Schedule)?

  /// A search for `invariant`, up to `maxDeviations` deviations and `budget` runs.
  public init(for invariant: String, maxDeviations: Int, budget: Int) {
    self.invariant = invariant
    self.maxDeviations = maxDeviations
    self.budget = budget
  }

  /// The shortest schedule found that breaks the invariant, or `nil`.
  public var counterexample: Schedule? { best?.schedule }

  public mutating func nextStrategy() -> ReplayStrategy? {
    queue.first.map(ReplayStrategy.init)
  }

  public mutating func absorb(_ strategy: ReplayStrategy, findings: RunFindings) {
    let schedule = queue.removeFirst()
    runs += 1
    if let index = findings.violations.firstIndex(of: invariant) {
      let time = findings.violationTimes[index]
      if best.map({ (time, schedule) < ($0.time, $0.schedule) }) ?? true {
        best = (time, schedule)
      }
    }
    level.append((schedule, strategy.alternatives))
    if runs >= budget {
      // The level's remaining schedules are not run: the budget is spent.
      queue = []
    }
    if queue.isEmpty && runs < budget { startNextLevel() }
  }

  public mutating func stop() {
    queue = []
  }

  /// Queues every one-deviation extension of the level just run, when no break was found and
  /// deeper levels are allowed.
  private mutating func startNextLevel() {
    guard best == nil, depth < maxDeviations else { return }
    var next: [Schedule] = []
    for (schedule, alternatives) in level {
      let start = (schedule.deviations.last?.position ?? -1) + 1
      guard start < alternatives.count else { continue }
      for position in start..<alternatives.count {
        for alternative in 1..<max(1, alternatives[position]) {
          next.append(
            Schedule(
              deviations: schedule.deviations + [
                .init(position: position, alternative: alternative)
              ]))
        }
      }
    }
    level = []
    depth += 1
    queue = next
  }
}
