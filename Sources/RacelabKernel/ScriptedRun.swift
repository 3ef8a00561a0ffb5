import ModelContract

extension ModelDefinition {
  /// Runs the model from `setup` through `timeline` (in file order) on `profile`, deciding every
  /// choice point with `strategy`, keeping at most `traceLimit` trace events. The one code path
  /// shared by `run`, replay and exploration.
  ///
  /// When the strategy chooses an order of instants that the arrival instants in use do not
  /// give, the run starts again from the beginning, with the same strategy as it was given and
  /// arrival instants that give every answer chosen so far; the answers before that point are
  /// unchanged, so this ends after at most one new start per windowed choice.
  public func simulate<Strategy: SchedulingStrategy>(
    setup: ModelSetup, profile: RuntimeProfile, timeline: [ScriptedHappening],
    strategy: Strategy, tracing: Bool = true, traceLimit: Int = .max
  ) -> (result: SimulationResult, strategy: Strategy) {
    var instants: [Int64]?
    while true {
      var simulation = Simulation(
        model: makeModel(setup), profile: profile, wallClock: setup.wallClock,
        strategy: strategy, tracing: tracing, arrivalInstants: instants, traceLimit: traceLimit)
      simulation.stopTime = setup.stopTime
      for happening in timeline {
        let event = makeEvent(happening.event, setup: setup)
        switch happening.timing {
        case .at(let time):
          simulation.schedule(event, at: time, tie: happening.tie, maybe: happening.maybe)
        case .within(let window):
          simulation.schedule(event, within: window, tie: happening.tie, maybe: happening.maybe)
        }
      }
      let result = simulation.run()
      guard let restart = simulation.restartInstants else { return (result, simulation.strategy) }
      instants = restart
    }
  }
}
