/// Counts kept in every run, also when the full trace is not recorded.
public struct SimulationCounters: Sendable, Equatable {
  /// Happenings applied (events, timers, ends of busy periods).
  public var happeningsApplied = 0
  /// Jobs run on lanes.
  public var jobsRun = 0
  /// Tasks created.
  public var tasksCreated = 0
  /// Sleeps that returned normally.
  public var sleepsCompleted = 0
  /// `cancel()` calls that reached a task that had not ended and was not already cancelled.
  public var cancellationsDelivered = 0
  /// Choice points at which the strategy was asked.
  public var choicePoints = 0

  /// Creates zeroed counters.
  public init() {}
}
