import ModelContract

/// What a search drives: something that can be run again from its start, as often as asked,
/// with a strategy deciding each of its choice points. A scenario on the kernel is one
/// (``SimulatedScenario``); nothing here assumes more than that, so an execution that can only
/// be started over (real code on a controlled executor) can be one too.
public protocol Execution: Sendable {
  /// Runs once from the start, each choice point decided by `strategy`; returns what the run
  /// found and the strategy as the run left it (the choices it made, what it saw).
  func execute<Strategy: SchedulingStrategy>(_ strategy: Strategy) -> (
    findings: RunFindings, strategy: Strategy
  )
}

/// What one run found, as searches compare runs: its closing figures and the invariants it
/// broke, with when each first broke.
public struct RunFindings: Sendable {
  /// The closing figures, with the answer's sentence of the outcome (without its times).
  public var summary: [TraceField]
  /// Invariants broken, in order of first occurrence.
  public var violations: [String]
  /// When each of ``violations`` first broke.
  public var violationTimes: [VirtualTime]
  /// How the model first used a time read inside a window inexactly, if it did
  /// (``SimulationResult/inexactClockUse``).
  public var inexactClockUse: String?

  /// Creates findings from a run's summary; an answer's times are left out of it
  /// (``RunAnswer/outcomeSummary(_:)``): they are the run's history, which a search that
  /// merges runs at equal states does not keep.
  public init(
    summary: [TraceField], violations: [String], violationTimes: [VirtualTime],
    inexactClockUse: String? = nil
  ) {
    self.summary = RunAnswer.outcomeSummary(summary)
    self.violations = violations
    self.violationTimes = violationTimes
    self.inexactClockUse = inexactClockUse
  }
}

/// A scenario as an execution: its model and happenings run on `profile`, without a trace.
public struct SimulatedScenario<Definition: ModelDefinition>: Execution {
  /// The model and events every run starts from.
  public let start: ScenarioStart<Definition>
  /// The runtime whose cancellation rules apply.
  public let profile: RuntimeProfile

  /// An execution of `start` on `profile`.
  public init(_ start: ScenarioStart<Definition>, profile: RuntimeProfile) {
    self.start = start
    self.profile = profile
  }

  /// One untraced run (``ScenarioStart/simulate(profile:strategy:tracing:traceLimit:)``).
  public func execute<Strategy: SchedulingStrategy>(_ strategy: Strategy) -> (
    findings: RunFindings, strategy: Strategy
  ) {
    let (result, strategy) = start.simulate(profile: profile, strategy: strategy, tracing: false)
    return (
      RunFindings(
        summary: result.summary, violations: result.violations,
        violationTimes: result.violationTimes, inexactClockUse: result.inexactClockUse),
      strategy
    )
  }
}
