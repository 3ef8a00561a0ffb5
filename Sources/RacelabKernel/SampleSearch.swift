/// Seeded random sampling: run `i` of `runs` picks uniformly at every choice point from a
/// generator seeded from `seed` and `i`, so each run is the same on every machine and in
/// every split of the range. A sample never covers the space: its tally is incomplete.
public struct SampleSearch: Search {
  private let runs: Range<Int>
  private let seed: UInt64
  private var next: Int
  private var counted = ExplorationTally()

  /// A search of the runs `runs`, seeded from `seed`.
  public init(runs: Range<Int>, seed: UInt64) {
    self.runs = runs
    self.seed = seed
    self.next = runs.lowerBound
    counted.complete = false
  }

  /// What the runs so far found.
  public var tally: ExplorationTally { counted }

  public mutating func nextStrategy() -> RandomStrategy? {
    guard next < runs.upperBound else { return nil }
    let runSeed = seed &+ UInt64(truncatingIfNeeded: next) &* 0xD1B5_4A32_D192_ED03
    return RandomStrategy(seed: runSeed)
  }

  public mutating func absorb(_ strategy: RandomStrategy, findings: RunFindings) {
    counted.record(findings, schedule: Schedule(choices: strategy.choices))
    next += 1
  }

  public mutating func stop() {
    next = runs.upperBound
  }
}
