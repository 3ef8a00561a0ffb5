/// Replay: one run of a given schedule, its deviations where it has them and the default
/// everywhere else, noting each point's alternatives and whether the schedule fitted the run.
public struct ReplaySearch: Search {
  /// The schedule replayed.
  public let schedule: Schedule
  /// What the run found, once it ran.
  public private(set) var findings: RunFindings?
  /// The alternatives each choice point of the run offered, in order.
  public private(set) var alternatives: [Int] = []
  /// Whether every deviation fell on a point the run reached, within its alternatives.
  public private(set) var fitted = false

  /// A replay of `schedule`.
  public init(_ schedule: Schedule) {
    self.schedule = schedule
  }

  public mutating func nextStrategy() -> ReplayStrategy? {
    findings == nil ? ReplayStrategy(schedule) : nil
  }

  public mutating func absorb(_ strategy: ReplayStrategy, findings: RunFindings) {
    self.findings = findings
    alternatives = strategy.alternatives
    fitted = strategy.fitted
  }

  /// Nothing to stop: a replay is one run.
  public mutating func stop() {}
}
