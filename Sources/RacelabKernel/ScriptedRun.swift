import ModelContract

/// A scenario ready to run: the model made from its setup and the model event of every
/// scripted happening, made once and copied into each run. Making a model can cost more than
/// running it (a model file compiles its operations), and an exploration runs one scenario
/// thousands of times.
public struct ScenarioStart<Definition: ModelDefinition>: Sendable {
  /// The setup the model was made from.
  public let setup: ModelSetup
  /// The scripted happenings, in file order.
  public let timeline: [ScriptedHappening]
  private let model: Definition.Model
  private let events: [Definition.Model.Event]
  private let eventNumbers: EventNumbers<Definition.Model.Event>

  /// Makes `definition`'s model from `setup` and the events of `timeline`.
  public init(_ definition: Definition, setup: ModelSetup, timeline: [ScriptedHappening]) {
    self.setup = setup
    self.timeline = timeline
    self.model = definition.makeModel(setup)
    self.events = timeline.map { definition.makeEvent($0.event, setup: setup) }
    self.eventNumbers = EventNumbers(events)
  }

  /// Runs the scenario on `profile`, deciding every choice point with `strategy`, keeping at
  /// most `traceLimit` trace events. The one code path shared by `run`, replay and exploration.
  ///
  /// When the strategy chooses an order of instants that the arrival instants in use do not
  /// give, the run starts again from the beginning, with the same strategy as it was given and
  /// arrival instants that give every answer chosen so far; the answers before that point are
  /// unchanged, so this ends after at most one new start per windowed choice.
  public func simulate<Strategy: SchedulingStrategy>(
    profile: RuntimeProfile, strategy: Strategy, tracing: Bool = true, traceLimit: Int = .max
  ) -> (result: SimulationResult, strategy: Strategy) {
    var instants: [Int64]?
    while true {
      var simulation = self.simulation(
        profile: profile, strategy: strategy, tracing: tracing, traceSink: nil,
        arrivalInstants: instants, traceLimit: traceLimit)
      let result = simulation.run()
      guard let restart = simulation.restartInstants else { return (result, simulation.strategy) }
      instants = restart
    }
  }

  /// The arrival instants the run with `strategy` settles on (see
  /// ``simulate(profile:strategy:tracing:traceLimit:)``), found without a trace: `nil` when the
  /// run never starts again. A run given them does not start again, so its trace can stream.
  /// Only a windowed happening or a windowed sleep can make a run start again; without either,
  /// nothing is run.
  public func settledArrivalInstants<Strategy: SchedulingStrategy>(
    profile: RuntimeProfile, strategy: Strategy
  ) -> [Int64]? {
    let windowed = timeline.contains { if case .within = $0.timing { true } else { false } }
    guard windowed || model.sleepsForWindows else { return nil }
    var instants: [Int64]?
    while true {
      var simulation = self.simulation(
        profile: profile, strategy: strategy, tracing: false, traceSink: nil,
        arrivalInstants: instants, traceLimit: .max)
      _ = simulation.run()
      guard let restart = simulation.restartInstants else { return instants }
      instants = restart
    }
  }

  /// Runs the scenario once, from `arrivalInstants` (from
  /// ``settledArrivalInstants(profile:strategy:)`` with the same strategy), streaming at most
  /// `traceLimit` trace events to `sink` as they happen; the result keeps no trace. The run
  /// is the one ``simulate(profile:strategy:tracing:traceLimit:)`` ends with.
  public func simulate<Strategy: SchedulingStrategy>(
    profile: RuntimeProfile, strategy: Strategy, arrivalInstants: [Int64]?,
    streamingTo sink: any TraceSink, traceLimit: Int = .max
  ) -> (result: SimulationResult, strategy: Strategy) {
    var simulation = self.simulation(
      profile: profile, strategy: strategy, tracing: true, traceSink: sink,
      arrivalInstants: arrivalInstants, traceLimit: traceLimit)
    let result = simulation.run()
    precondition(
      simulation.restartInstants == nil,
      "a run from its settled arrival instants started again: runs are not deterministic")
    return (result, simulation.strategy)
  }

  /// A run with every scripted happening registered.
  private func simulation<Strategy: SchedulingStrategy>(
    profile: RuntimeProfile, strategy: Strategy, tracing: Bool, traceSink: (any TraceSink)?,
    arrivalInstants: [Int64]?, traceLimit: Int
  ) -> Simulation<Definition.Model, Strategy> {
    var simulation = Simulation(
      model: model, profile: profile, wallClock: setup.wallClock, strategy: strategy,
      tracing: tracing, traceSink: traceSink, arrivalInstants: arrivalInstants,
      traceLimit: traceLimit)
    simulation.stopTime = setup.stopTime
    simulation.eventNumbers = eventNumbers
    simulation.eventNumbers.firstIndex = Int32(simulation.context.events.count)
    simulation.context.events.reserveCapacity(simulation.context.events.count &+ events.count)
    simulation.context.agenda.reserveCapacity(simulation.context.agenda.count &+ events.count)
    // By index, reading each happening in place: a copy of each cost as much as scheduling it.
    for index in timeline.indices {
      let (tie, maybe, lost) = (timeline[index].tie, timeline[index].maybe, timeline[index].lost)
      switch timeline[index].timing {
      case .at(let time):
        simulation.schedule(events[index], at: time, tie: tie, maybe: maybe, lost: lost)
      case .within(let window):
        simulation.schedule(events[index], within: window, tie: tie, maybe: maybe, lost: lost)
      }
    }
    return simulation
  }
}

extension ModelDefinition {
  /// Runs the model from `setup` through `timeline` (in file order) on `profile`: a
  /// ``ScenarioStart`` made for one run.
  public func simulate<Strategy: SchedulingStrategy>(
    setup: ModelSetup, profile: RuntimeProfile, timeline: [ScriptedHappening],
    strategy: Strategy, tracing: Bool = true, traceLimit: Int = .max
  ) -> (result: SimulationResult, strategy: Strategy) {
    ScenarioStart(self, setup: setup, timeline: timeline).simulate(
      profile: profile, strategy: strategy, tracing: tracing, traceLimit: traceLimit)
  }
}
