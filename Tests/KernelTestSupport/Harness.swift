import ModelContract
import RacelabKernel

/// A step of a test task body.
public typealias TestStep = TaskStep<TestModel.Operation>

/// Nanoseconds in a millisecond.
public let ms: Int64 = 1_000_000
/// Nanoseconds in a second.
public let sec: Int64 = 1_000_000_000

/// The instant `nanoseconds` after `t = 0`.
public func at(_ nanoseconds: Int64) -> VirtualTime { VirtualTime(nanoseconds: nanoseconds) }

/// The first task, `T1`.
public let t1 = TaskID(index: 0)
/// The second task, `T2`.
public let t2 = TaskID(index: 1)

/// A scripted happening of a test scenario.
public struct Scripted: Sendable {
  /// When it arrives.
  public enum When: Sendable {
    case at(Int64, TieRank)
    case within(ClosedRange<Int64>, TieRank)
  }

  public var event: TestModel.Event
  public var when: When

  /// `event` at `nanoseconds`.
  public static func at(
    _ nanoseconds: Int64, _ event: TestModel.Event, tie: TieRank = .normal
  ) -> Scripted {
    Scripted(event: event, when: .at(nanoseconds, tie))
  }

  /// `event` somewhere in `window` (nanoseconds).
  public static func within(
    _ window: ClosedRange<Int64>, _ event: TestModel.Event, tie: TieRank = .normal
  ) -> Scripted {
    Scripted(event: event, when: .within(window, tie))
  }
}

/// A strategy that makes scripted choices, in order, then alternative `0`; it remembers every
/// point it was asked about.
public struct ScriptedStrategy: SchedulingStrategy {
  /// Every choice point, in order.
  public private(set) var asked: [ChoicePoint] = []
  private var choices: [Int]

  /// Makes `choices` at the first choice points, then `0`.
  public init(_ choices: [Int] = []) {
    self.choices = choices
  }

  public mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
    asked.append(point)
    return choices.isEmpty ? 0 : choices.removeFirst()
  }
}

/// A position in a lane's queue, as the trace records it.
public func queued(
  on lane: LaneID = TestModel.main, ahead: Int = 0, busyUntil: VirtualTime? = nil,
  frozen: Bool = false
) -> TraceEvent.QueuePosition {
  TraceEvent.QueuePosition(lane: lane, jobsAhead: ahead, busyUntil: busyUntil, frozen: frozen)
}

/// Builds a simulation of the test model: `programs` are registered in order (program `i` is
/// `P<i>`), then the scripted happenings in order.
public func makeSimulation<Strategy: SchedulingStrategy>(
  profile: RuntimeProfile = .swift, programs: [[TestStep]] = [], script: [Scripted],
  strategy: Strategy, tracing: Bool = true,
  wallClock: WallClock = WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0),
  arrivalInstants: [Int64]? = nil
) -> Simulation<TestModel, Strategy> {
  var simulation = Simulation(
    model: TestModel(programs: programs), profile: profile, wallClock: wallClock,
    strategy: strategy, tracing: tracing, arrivalInstants: arrivalInstants)
  for item in script {
    switch item.when {
    case .at(let time, let tie): simulation.schedule(item.event, at: at(time), tie: tie)
    case .within(let window, let tie):
      simulation.schedule(
        item.event, within: at(window.lowerBound)...at(window.upperBound), tie: tie)
    }
  }
  return simulation
}

/// Runs a simulation of the test model with the default strategy.
public func simulate(
  profile: RuntimeProfile = .swift, programs: [[TestStep]] = [], script: [Scripted],
  tracing: Bool = true
) -> SimulationResult {
  var simulation = makeSimulation(
    profile: profile, programs: programs, script: script, strategy: DefaultStrategy(),
    tracing: tracing)
  return simulation.run()
}

extension SimulationResult {
  /// The kinds of every trace event, in order.
  public var kinds: [TraceEvent.Kind] { trace.map(\.kind) }

  /// The trace without job boundaries and arrivals: what tasks and the model did.
  public var actions: [TraceEvent.Kind] {
    kinds.filter {
      switch $0 {
      case .jobStarted, .jobEnded, .arrived: false
      default: true
      }
    }
  }

  /// The subject of every `mark` note, in order.
  public var marks: [String] {
    notes.filter { $0.note.kind == "mark" }.map(\.note.subject)
  }

  /// Every `mark` note with the instant it was recorded at.
  public var timedMarks: [Mark] {
    notes.filter { $0.note.kind == "mark" }.map { Mark($0.note.subject, $0.time) }
  }

  /// Every probe result, in order.
  public var probes: [Bool] {
    notes.filter { $0.note.kind == "probe" }.map { $0.note.detail == ["true"] }
  }

  /// Every model note with its instant.
  public var notes: [(note: ModelNote, time: VirtualTime)] {
    trace.compactMap { event in
      if case .note(let note) = event.kind { return (note, event.time) }
      return nil
    }
  }

  /// The index in the trace of the first event of kind `kind`.
  public func index(of kind: TraceEvent.Kind) -> Int? {
    trace.firstIndex { $0.kind == kind }
  }

  /// The instant of the first event of kind `kind`.
  public func time(of kind: TraceEvent.Kind) -> VirtualTime? {
    trace.first { $0.kind == kind }?.time
  }
}

/// A `mark` note and its instant, comparable in tests.
public struct Mark: Equatable, Sendable, CustomStringConvertible {
  public var text: String
  public var time: VirtualTime

  public init(_ text: String, _ time: VirtualTime) {
    self.text = text
    self.time = time
  }

  public var description: String { "\(text)@\(time.nanoseconds)ns" }
}

/// The mark note a task or job records.
public func markNote(_ text: String, task: TaskID? = nil) -> TraceEvent.Kind {
  .note(ModelNote(kind: "mark", task: task, subject: text, detail: []))
}

/// The probe note a task records.
public func probeNote(_ task: TaskID, _ cancelled: Bool) -> TraceEvent.Kind {
  .note(
    ModelNote(
      kind: "probe", task: task, subject: "isCancelled", detail: ["\(cancelled)"],
      fields: [TraceField("isCancelled", .bool(cancelled))]))
}

/// Runs a simulation of the test model that takes `choices` in order (then the default), starting
/// again with the arrival instants the run asks for, as `ModelDefinition.simulate` does. Returns
/// the result and the choice points of the last (complete) run.
public func runRestarting(
  programs: [[TestStep]] = [], script: [Scripted], choices: [Int]
) -> (result: SimulationResult, asked: [ChoicePoint]) {
  var instants: [Int64]?
  while true {
    var simulation = makeSimulation(
      programs: programs, script: script, strategy: ScriptedStrategy(choices),
      arrivalInstants: instants)
    let result = simulation.run()
    guard let restart = simulation.restartInstants else {
      return (result, simulation.strategy.asked)
    }
    instants = restart
  }
}
