/// How applying a model event reaches the model (rules C2 and C4).
public enum EventDelivery: Sendable, Equatable {
  /// The event enqueues a job on a lane; the model handles it when the job runs.
  case job(LaneID)
  /// The event acts at once when applied, outside every lane (a process suspend, a clock shift).
  case atOnce
}

/// An application model the kernel can run: its events, operations, lanes and summary.
///
/// The kernel knows nothing else about a model. It applies the model's events at their instants,
/// runs the jobs they queue, runs task bodies whose `call` steps invoke ``perform(_:task:context:)``,
/// and asks for the ``summary(context:)`` at the end. A model is a value: it is `Hashable` so that
/// exploration can recognise a state it has already seen. The model reaches kernel services (tasks,
/// timers, lanes, the wall clock, trace notes, invariant reports) through the context.
public protocol SimulationModel: Hashable {
  /// A happening the model understands: scripted by a scenario or scheduled by the model itself.
  associatedtype Event: Sendable & Hashable
  /// An operation callable from a task body.
  associatedtype Operation: Sendable

  /// Sets the model up before any happening, for example by registering its task bodies with
  /// ``SimulationContext/addProgram(_:)``. The default does nothing.
  mutating func prepare(context: inout SimulationContext<Self>)

  /// The lanes the model runs jobs on, by name. Tasks and events name them by index.
  var laneNames: [String] { get }

  /// Whether applying `event` queues a job (and on which lane) or acts at once.
  func delivery(of event: Event) -> EventDelivery

  /// A short label for traces, such as `screen-disappear` or `main-busy 100ms`.
  func label(of event: Event) -> String

  /// The operation's name as scenario files write it, such as `fire`.
  func name(of operation: Operation) -> String

  /// Handles `event`, as a job on its lane or at once.
  mutating func handle(_ event: Event, context: inout SimulationContext<Self>)

  /// Runs `operation`, called by `task`'s body.
  mutating func perform(
    _ operation: Operation, task: TaskID, context: inout SimulationContext<Self>)

  /// The model's closing figures, in a fixed order, such as `attempts` and `pending`.
  func summary(context: SimulationContext<Self>) -> [TraceField]
}

extension SimulationModel {
  /// Does nothing.
  public mutating func prepare(context: inout SimulationContext<Self>) {}
}
