import ModelContract

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

  /// Whether the lane at each index is a concurrent pool, whose ready jobs may run in any order
  /// (a choice point, C6). Missing entries are serial lanes. The default: every lane is serial.
  var concurrentLanes: [Bool] { get }

  /// Whether the model's tasks may sleep for a window (``TaskDirective/sleepWithin(lower:upper:)``):
  /// such a run keeps its instants as unknowns from the start. The default: no.
  var sleepsForWindows: Bool { get }

  /// Runs `task`, whose program is driven by `operation`, from `resumption` until it suspends
  /// or ends, and says which. The kernel applies the runtime's rules to what is returned (a
  /// sleep in a cancelled task throws at once, a hop may check cancellation, …) and calls back
  /// with the outcome. Only models that register driven programs are asked; the default ends
  /// the task.
  mutating func drive(
    _ operation: Operation, task: TaskID, resumption: TaskResumption,
    context: inout SimulationContext<Self>
  ) -> TaskDirective

  /// Roughly how many values the model's state holds: what remembering one state costs, in
  /// the units ``StateFootprint`` counts. The default: one.
  var footprint: Int { get }

  /// Called after every job and every at-once happening (to check `always` invariants). The
  /// default does nothing.
  mutating func jobEnded(context: inout SimulationContext<Self>)

  /// Called when every lane is idle, blocked or frozen at an instant, before time moves (to
  /// check `settled` invariants). The default does nothing.
  mutating func instantSettled(context: inout SimulationContext<Self>)

  /// Called once when the run ends, before its summary (to check `at-end` invariants). The
  /// default does nothing.
  mutating func runEnded(context: inout SimulationContext<Self>)

  /// The instants after `start`, up to and including `end`, at which the clock alone may change
  /// what a traced run shows (a picture row that reads `today` changes at midnight, with no job
  /// running), in order. A traced run stops its clock at each, before moving on to `end`, and
  /// calls ``clockPassed(context:)`` there. The default: none.
  func clockStops(
    after start: VirtualTime, through end: VirtualTime, context: SimulationContext<Self>
  ) -> [VirtualTime]

  /// Called in a traced run at each of the ``clockStops(after:through:context:)``, with the
  /// clock there and no job running, to show what the time alone changed. The default does
  /// nothing.
  mutating func clockPassed(context: inout SimulationContext<Self>)
}

extension SimulationModel {
  /// Does nothing.
  public mutating func prepare(context: inout SimulationContext<Self>) {}

  /// Every lane is serial.
  public var concurrentLanes: [Bool] { [] }

  /// No sleep has a window.
  public var sleepsForWindows: Bool { false }

  /// A state of a few values.
  public var footprint: Int { 1 }

  /// Does nothing.
  public mutating func jobEnded(context: inout SimulationContext<Self>) {}

  /// Does nothing.
  public mutating func instantSettled(context: inout SimulationContext<Self>) {}

  /// Does nothing.
  public mutating func runEnded(context: inout SimulationContext<Self>) {}

  /// No stops: the clock alone changes nothing the trace shows.
  public func clockStops(
    after start: VirtualTime, through end: VirtualTime, context: SimulationContext<Self>
  ) -> [VirtualTime] { [] }

  /// Does nothing.
  public mutating func clockPassed(context: inout SimulationContext<Self>) {}

  /// Ends the task: models without driven programs are never asked.
  public mutating func drive(
    _ operation: Operation, task: TaskID, resumption: TaskResumption,
    context: inout SimulationContext<Self>
  ) -> TaskDirective { .end(.returned) }
}

/// How a driven task comes back to its model.
public enum TaskResumption: Sendable, Hashable {
  /// Its first step.
  case start
  /// The suspension (or the check) it asked for returned normally.
  case returned
  /// The suspension threw a cancellation error (or the hop or await checked and threw).
  case threw
}

/// What a driven task does next, as its model says.
public enum TaskDirective: Sendable, Hashable {
  /// `Task.sleep` for a number of nanoseconds (S1–S6, K1–K3); `label` names what the wait
  /// stands for (`request`), which the sleep's trace event carries.
  case sleep(nanoseconds: Int64, label: String? = nil)
  /// `Task.sleep` for some number of nanoseconds in `lower...upper`: where the timer fires is
  /// a choice point, explored exactly (the model must say so with
  /// ``SimulationModel/sleepsForWindows``).
  case sleepWithin(lower: Int64, upper: Int64, label: String? = nil)
  /// `Task.yield()` (S8, K4).
  case yield
  /// The rest of the task runs on another lane: a call to another actor or its return, or
  /// `withContext` (S9, K6). `returning` says whether this is the hop back to the caller.
  case hop(to: LaneID, returning: Bool)
  /// `await task.value` / `Deferred.await()` (S10, K7): the task waits until `task` ends.
  case await(TaskID)
  /// The task ended: its body returned, or an error ended it.
  case end(TraceEvent.TaskEnd)
}
