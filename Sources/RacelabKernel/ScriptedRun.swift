/// A scripted happening of a timeline: an event, when it arrives, and its tie rank.
public struct ScriptedHappening: Sendable, Hashable {
  /// When a scripted happening arrives.
  public enum Timing: Sendable, Hashable {
    /// At one instant.
    case at(VirtualTime)
    /// At some instant in a closed window, chosen by the strategy.
    case within(ClosedRange<VirtualTime>)
  }

  /// The event and its fields.
  public var event: ScriptedEvent
  /// When it arrives.
  public var timing: Timing
  /// Its place among happenings due at the same instant.
  public var tie: TieRank

  /// Creates a scripted happening.
  public init(_ event: ScriptedEvent, _ timing: Timing, tie: TieRank = .normal) {
    self.event = event
    self.timing = timing
    self.tie = tie
  }
}

extension ModelDefinition {
  /// Runs the model from `setup` through `timeline` (in file order) on `profile`, deciding every
  /// choice point with `strategy`, keeping at most `traceLimit` trace events. The one code path
  /// shared by `run`, replay and exploration.
  ///
  /// When the strategy chooses an order of instants that the arrival instants in use do not
  /// give, the run starts again from the beginning, with the same strategy as it was given and
  /// arrival instants that give every answer chosen so far; the answers before that point are
  /// unchanged, so this ends after at most one new start per windowed choice.
  public static func simulate<Strategy: SchedulingStrategy>(
    setup: ModelSetup, profile: RuntimeProfile, timeline: [ScriptedHappening],
    strategy: Strategy, tracing: Bool = true, traceLimit: Int = .max
  ) -> (result: SimulationResult, strategy: Strategy) {
    var instants: [Int64]?
    while true {
      var simulation = Simulation(
        model: makeModel(setup), profile: profile, wallClock: setup.wallClock,
        strategy: strategy, tracing: tracing, arrivalInstants: instants, traceLimit: traceLimit)
      for happening in timeline {
        let event = makeEvent(happening.event, setup: setup)
        switch happening.timing {
        case .at(let time): simulation.schedule(event, at: time, tie: happening.tie)
        case .within(let window): simulation.schedule(event, within: window, tie: happening.tie)
        }
      }
      let result = simulation.run()
      guard let restart = simulation.restartInstants else { return (result, simulation.strategy) }
      instants = restart
    }
  }
}
