import ModelContract
import RacelabKernel

/// A tiny model for the kernel's tests: two lanes (`main`, `other`), events that exercise every
/// kernel service, and operations a task body can call.
public struct TestModel: SimulationModel, Sendable {
  /// The `main` lane.
  public static let main = LaneID(index: 0)
  /// The `other` lane.
  public static let other = LaneID(index: 1)

  /// A test event. Every event is a job on its lane except `suspend`, `resume` and `kill`,
  /// which act at once.
  public indirect enum Event: Sendable, Hashable {
    /// A job on `main` that creates a task running program `program` on lane `lane`.
    case spawn(program: Int, lane: Int = 0)
    /// A job on `main` that calls `cancel()` on the task at `task` (creation order, from 0).
    case cancel(task: Int)
    /// A job on `main` that holds its lane for `nanoseconds` (a busy main thread).
    case busy(nanoseconds: Int64)
    /// Freezes every lane (acts at once).
    case suspend
    /// Thaws every lane (acts at once).
    case resume
    /// A job on lane `lane` that records a `mark` note.
    case mark(String, lane: Int = 0)
    /// A job on `main` that schedules `event` with zero delay.
    case scheduleNow(Event)
    /// A job on `main` that reports a broken invariant.
    case violate(String)
    /// Kills every task (acts at once, like a process death).
    case kill
  }

  /// An operation a task body can call.
  public enum Operation: Sendable, Hashable {
    /// Records a `probe` note with the calling task's cancelled flag.
    case probe
    /// The task cancels itself.
    case cancelSelf
    /// Cancels the task at `task` (creation order, from 0).
    case cancel(task: Int)
    /// Records a `mark` note.
    case mark(String)
  }

  /// Every `mark`, in the order it was recorded.
  public private(set) var marks: [String] = []
  /// Every `probe` result, in order.
  public private(set) var probes: [Bool] = []
  /// The tasks created so far.
  public private(set) var spawned: [TaskID] = []

  /// The task bodies, registered in order as programs `P0`, `P1`, ….
  public let programs: [[TaskStep<Operation>]]

  /// Creates the model with its task bodies.
  public init(programs: [[TaskStep<Operation>]] = []) {
    self.programs = programs
  }

  public mutating func prepare(context: inout SimulationContext<TestModel>) {
    for (index, steps) in programs.enumerated() {
      _ = context.addProgram(TaskProgram(name: "P\(index)", steps: steps))
    }
  }

  public var laneNames: [String] { ["main", "other"] }

  public func delivery(of event: Event) -> EventDelivery {
    switch event {
    case .suspend, .resume, .kill: .atOnce
    case .mark(_, let lane): .job(LaneID(index: Int32(lane)))
    default: .job(Self.main)
    }
  }

  public func label(of event: Event) -> String {
    switch event {
    case .spawn(let program, let lane): "spawn P\(program) on \(laneNames[lane])"
    case .cancel(let task): "cancel T\(task + 1)"
    case .busy(let nanoseconds): "busy \(nanoseconds)ns"
    case .suspend: "suspend"
    case .resume: "resume"
    case .mark(let text, _): "mark \(text)"
    case .scheduleNow(let inner): "schedule-now (\(label(of: inner)))"
    case .violate(let name): "violate \(name)"
    case .kill: "kill"
    }
  }

  public func name(of operation: Operation) -> String {
    switch operation {
    case .probe: "probe"
    case .cancelSelf: "cancel-self"
    case .cancel(let task): "cancel T\(task + 1)"
    case .mark(let text): "mark \(text)"
    }
  }

  public mutating func handle(_ event: Event, context: inout SimulationContext<TestModel>) {
    switch event {
    case .spawn(let program, let lane):
      spawned.append(context.spawnTask(program: program, lane: LaneID(index: Int32(lane))))
    case .cancel(let task):
      context.cancel(TaskID(index: Int32(task)))
    case .busy(let nanoseconds):
      context.holdCurrentLane(forNanoseconds: nanoseconds)
    case .suspend:
      context.setLanesFrozen(true)
    case .resume:
      context.setLanesFrozen(false)
    case .mark(let text, _):
      record(mark: text, task: nil, context: &context)
    case .scheduleNow(let inner):
      context.schedule(inner, afterNanoseconds: 0)
    case .violate(let name):
      context.reportViolation(name, detail: "test violation \(name)")
    case .kill:
      context.killAllTasks()
    }
  }

  public mutating func perform(
    _ operation: Operation, task: TaskID, context: inout SimulationContext<TestModel>
  ) {
    switch operation {
    case .probe:
      let cancelled = context.isCancelled(task)
      probes.append(cancelled)
      context.note(
        ModelNote(
          kind: "probe", task: task, subject: "isCancelled", detail: ["\(cancelled)"],
          fields: [TraceField("isCancelled", .bool(cancelled))]))
    case .cancelSelf:
      context.cancel(task)
    case .cancel(let other):
      context.cancel(TaskID(index: Int32(other)))
    case .mark(let text):
      record(mark: text, task: task, context: &context)
    }
  }

  public func summary(context: SimulationContext<TestModel>) -> [TraceField] {
    [
      TraceField("marks", .list(marks.map(Value.text))),
      TraceField("probes", .list(probes.map(Value.bool))),
      TraceField("tasks", .int(Int64(spawned.count))),
    ]
  }

  private mutating func record(
    mark text: String, task: TaskID?, context: inout SimulationContext<TestModel>
  ) {
    marks.append(text)
    context.note(ModelNote(kind: "mark", task: task, subject: text, detail: []))
  }
}
