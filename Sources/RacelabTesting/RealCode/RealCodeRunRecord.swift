import ModelContract
import RacelabKernel

/// What one controlled run did.
struct RealCodeRunRecord: Sendable {
  /// The body's result, `nil` when it did not finish.
  var result: String?
  /// Invariants and checks broken, in order, with when each first broke.
  var violations: [(name: String, time: VirtualTime)] = []
  /// What racelab could not control, in words, with what to do instead.
  var problems: [String] = []
  /// What happened, as trace events, when the run was traced.
  var events: [TraceEvent] = []
  /// The trace's lanes, by name, in the order of their ids.
  var laneNames = RealCodeTrace.laneNames
  /// When the run ended.
  var endTime = VirtualTime.zero
  /// Jobs run.
  var jobs = 0
  /// Sleeps whose duration the bounds racelab measured do not determine
  /// (``SleepDuration/Reading/certain``).
  var uncertainSleeps = 0
  /// The instants at which the windowed sleeps must end for the answers the run chose, when
  /// the instants it used do not give them: the run is not kept, and runs again from these.
  var restartInstants: [Int64]?
}

/// The bounds of one controlled run.
public struct RealCodeLimits: Sendable {
  /// The most jobs one run may run before it is stopped and reported.
  public var jobsPerRun: Int
  /// No timer due later than this many nanoseconds of virtual time fires (`nil`: no bound); a
  /// periodic task then ends the run instead of running forever.
  public var horizon: Int64?
  /// How long, in real time, a run whose body has not finished waits for a job to come back
  /// from a thread racelab does not control before it reports the body stuck.
  public var outsideWait: Duration

  /// Limits with the defaults: 100,000 jobs per run, no horizon, 1 s of waiting.
  public init(
    jobsPerRun: Int = 100_000, horizon: Duration? = nil, outsideWait: Duration = .seconds(1)
  ) {
    self.jobsPerRun = jobsPerRun
    self.horizon = horizon.map { $0.wholeNanoseconds ?? .max }
    self.outsideWait = outsideWait
  }
}
