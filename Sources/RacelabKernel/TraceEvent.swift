import ModelContract

/// One structured entry of a run's trace: what happened, when, and on which lane.
///
/// Renderers turn these into text, JSON or pictures; they never re-run any logic, so every
/// explanation a reader needs is a field here.
public struct TraceEvent: Sendable, Equatable {
  /// The virtual instant it happened at.
  public var time: VirtualTime
  /// The lane it happened on, or `nil` for happenings outside any lane (arrivals, timers).
  public var lane: LaneID?
  /// What happened.
  public var kind: Kind

  /// Creates an event.
  public init(time: VirtualTime, lane: LaneID?, kind: Kind) {
    self.time = time
    self.lane = lane
    self.kind = kind
  }

  /// The kinds of trace event. The rare kinds with large payloads are boxed (`indirect`), so
  /// that they do not widen every event of a kept trace.
  public enum Kind: Sendable, Equatable {
    /// A model event arrived. `delivery` says whether it queued a job or acted at once;
    /// `tieLast` whether it was a `tie: last` happening, applied after the others due then.
    case arrived(event: String, delivery: Delivery, tieLast: Bool = false)
    /// A job began running on `lane`.
    case jobStarted(Job)
    /// A job finished; for a job that held its lane, this is the end of the busy span.
    case jobEnded(Job)
    /// The running job holds its lane until `until` (a busy main thread).
    case laneHeld(until: VirtualTime)
    /// Every lane was frozen (the process was suspended) or thawed.
    case lanesFrozen(Bool)
    /// A task was created by the running job; its first step is queued on `lane` (C5).
    case taskCreated(TaskID, program: String, lane: LaneID)
    /// A task's first step began.
    case taskStarted(TaskID)
    /// A task suspended in a sleep; its timer is due at `due`. `label` is what the sleep stands
    /// for, when the model names it (`request`: "request in flight").
    case sleepStarted(
      TaskID, timer: TimerID, duration: Int64, due: VirtualTime, rule: String?,
      label: String? = nil)
    /// A sleep threw at once because the task was already cancelled.
    case sleepThrewAtOnce(TaskID, rule: String?)
    /// A sleep of some length in `window` (nanoseconds) began: its timer is due somewhere in
    /// `dueWindow`, and in this run at `due` (the earliest instant the answers so far allow).
    indirect case sleepWindowed(
      TaskID, timer: TimerID, window: ClosedRange<Int64>, dueWindow: ClosedRange<VirtualTime>,
      due: VirtualTime)
    /// A sleep's timer expired; the task's resumption was queued behind `jobsAhead` jobs.
    case timerFired(TaskID, timer: TimerID, queue: QueuePosition, rule: String?)
    /// `cancel()` was called on a task, with its effect.
    case cancelled(TaskID, effect: CancelEffect, rule: String?)
    /// A suspended task resumed.
    case resumed(TaskID, from: Suspension, outcome: ResumeOutcome, isCancelled: Bool, rule: String?)
    /// A thrown cancellation met the sleep's `on-cancel` handling.
    case errorHandled(TaskID, OnCancel, rule: String?)
    /// `guard !Task.isCancelled` ran.
    case guardChecked(TaskID, passed: Bool)
    /// `checkCancellation()` ran.
    case cancellationChecked(TaskID, threw: Bool, rule: String?)
    /// A task yielded; its resumption went to the back of its lane's queue.
    case yielded(TaskID, queue: QueuePosition, rule: String?)
    /// A task called one of the model's operations, with `arguments` in words when the model
    /// says them (`server pro, storekit free`).
    case called(TaskID, operation: String, arguments: String? = nil)
    /// A task ended.
    case taskEnded(TaskID, TaskEnd)
    /// A task's continuation went to another lane (a call to another actor or its return,
    /// `withContext`); it was queued behind `queue.jobsAhead` jobs there.
    case hopped(TaskID, to: LaneID, queue: QueuePosition, rule: String?)
    /// A task began waiting for another task's value.
    case awaitStarted(TaskID, awaiting: TaskID, rule: String?)
    /// The task a task waited for ended: the waiting task's resumption was queued behind
    /// `queue.jobsAhead` jobs.
    case awaitEnded(TaskID, awaited: TaskID, queue: QueuePosition)
    /// The run reached its `until:` instant with happenings still due later; they never happen.
    case runStopped
    /// A scripted happening never arrives in this run: marked `maybe` and lost by the
    /// strategy's choice (`chosen`), or marked `lost` and lost in every run.
    case notDelivered(event: String, chosen: Bool)
    /// A process ended (L1): the jobs queued on one of its lanes were dropped, and a busy job
    /// that held the lane (`busyCut`) was cut short.
    case jobsDropped(lane: LaneID, count: Int, busyCut: Bool)
    /// A structured note from the model (a guard, a recorded attempt, a state change).
    indirect case note(ModelNote)
    /// An invariant of the model broke at this instant.
    indirect case invariantBroken(name: String, detail: String)
    /// A windowed happening's arrival instant was chosen.
    indirect case arrivalChosen(event: String, window: ClosedRange<VirtualTime>, at: VirtualTime)
    /// The schedule applied `event` before `overtook` happenings due at the same instant that
    /// come before it in the default order (registration, `tie: last` after the rest).
    indirect case orderChosen(event: String, overtook: [String])
    /// Where the windows land allowed `first` (what is due at one instant, `firstAt` in this
    /// run) to come before, at the same instant as or after `second` (due at `secondAt`), and
    /// the schedule chose `order`, not `defaultOrder`, the order of the earliest arrivals (the
    /// default schedule's). The trace has it at the earlier of the two instants, which may
    /// come long after the instant that settled the order.
    indirect case instantsOrdered(
      first: String, firstAt: VirtualTime, second: String, secondAt: VirtualTime,
      order: InstantOrder, defaultOrder: InstantOrder)
    /// A state row the model's picture shows (`picture: rows:`) took a new value: `row` is the
    /// row's label, `value` the value in words. The text trace shows it as a `state` line at the
    /// start and a `row before → after` line under the happening that changed it.
    indirect case stateShown(row: String, value: String)
    /// A model's code set a timer (`after: 3d`): `event` is what will happen, `delay` from now,
    /// at `due`. The model's own notes may tell it instead: only the code's timers are traced.
    indirect case timerSet(event: String, delay: Int64, due: VirtualTime)
    /// The run's strategy took alternative `alternative` (never 0, the default) at the run's
    /// choice point `position`, counted from 0 as a schedule token counts them (`7=1`). Recorded
    /// just before the event that tells what the choice did, at that event's instant.
    case choiceTaken(position: Int32, alternative: Int32)
  }

  /// What arriving did with a model event.
  public enum Delivery: Sendable, Equatable {
    /// A job was queued on a lane.
    case queued(LaneID, QueuePosition)
    /// The event acted at once, outside every lane (C4).
    case actedAtOnce
  }

  /// Where a queued job stands in its lane, packed into 16 bytes: a trace holds one for nearly
  /// every timer and arrival.
  public struct QueuePosition: Sendable, Equatable {
    /// The lane.
    public let lane: LaneID
    /// Jobs queued ahead (the low 31 bits) and whether the lane is frozen (the top bit).
    private let aheadAndFrozen: UInt32
    /// The busy job's end in nanoseconds, or `Int64.min` when the lane is not busy.
    private let busyUntilNanoseconds: Int64

    /// Jobs queued ahead of it.
    public var jobsAhead: Int { Int(aheadAndFrozen & Self.aheadMask) }
    /// The instant the lane's busy job ends, if the lane is busy.
    public var busyUntil: VirtualTime? {
      busyUntilNanoseconds == .min ? nil : VirtualTime(nanoseconds: busyUntilNanoseconds)
    }
    /// Whether the lane is frozen (the process is suspended).
    public var frozen: Bool { aheadAndFrozen & Self.frozenBit != 0 }

    /// Creates a queue position; `jobsAhead` is from 0 to 2³¹ − 1. A lane never holds more:
    /// each job is a task or an event the run made, and even at 16 bytes a job, 2³¹ of them
    /// would fill 32 GiB before the position were asked for.
    public init(lane: LaneID, jobsAhead: Int, busyUntil: VirtualTime?, frozen: Bool) {
      precondition(
        (0...Int(Self.aheadMask)).contains(jobsAhead), "a queue holds 0 to 2³¹ − 1 jobs ahead")
      self.lane = lane
      self.aheadAndFrozen = UInt32(jobsAhead) | (frozen ? Self.frozenBit : 0)
      self.busyUntilNanoseconds = busyUntil?.nanoseconds ?? .min
    }

    private static let frozenBit: UInt32 = 1 << 31
    private static let aheadMask: UInt32 = frozenBit - 1
  }

  /// A job on a lane.
  public enum Job: Sendable, Equatable {
    /// A model event's job.
    case event(String)
    /// A task's step: its start or a resumption.
    case task(TaskID, Suspension?)
  }

  /// Where a task was suspended.
  public enum Suspension: String, Sendable, Hashable {
    /// In a sleep.
    case sleep
    /// In a yield.
    case yield
    /// On its way to another lane.
    case hop
    /// Waiting for another task's value.
    case await
  }

  /// The outcome of a resumption.
  public enum ResumeOutcome: Sendable, Equatable {
    /// The suspension returned normally.
    case returned
    /// The suspension threw a cancellation error.
    case threw
  }

  /// The effect of a `cancel()` call.
  public enum CancelEffect: Sendable, Equatable {
    /// The task had not started; its flag is set and its first sleep will throw.
    case notStarted
    /// The sleep's timer was discarded; the resumption, which throws, is queued.
    case timerDiscarded(TimerID, queue: QueuePosition)
    /// The sleep had already returned (its timer fired); only the flag is set.
    case sleepAlreadyReturned
    /// The sleep had already returned, but this runtime re-checks: the resumption will throw.
    case resumptionWillThrow
    /// The task is queued after a yield; only the flag is set.
    case yieldPending
    /// The task was running (it cancelled itself); only the flag is set.
    case running
    /// The task's continuation is queued (after a hop, or its await's value arrived); this
    /// runtime does not check there, so only the flag is set.
    case continuationPending
    /// The task waits for another task's value; this runtime keeps waiting (S10), so only the
    /// flag is set.
    case stillAwaiting
    /// The task waited for another task's value; this runtime throws (K7): its resumption,
    /// which throws, is queued.
    case awaitWillThrow(queue: QueuePosition)
    /// The task was already cancelled; nothing changes.
    case alreadyCancelled
    /// The task had already ended; nothing changes.
    case alreadyEnded
  }

  /// How a task ended.
  public enum TaskEnd: Sendable, Hashable {
    /// Its body returned.
    case returned
    /// A cancellation error ended it.
    case threw
    /// Its process died (relaunch) before it ended.
    case killed
  }
}

/// A structured note from a model: a stable kind for tools, a subject and detail for readers,
/// and typed fields.
public struct ModelNote: Sendable, Equatable {
  /// A stable identifier, such as `attempt-recorded`.
  public var kind: String
  /// The task the note is about, if any.
  public var task: TaskID?
  /// A short subject, such as `fire`.
  public var subject: String
  /// The explanation, one or more lines.
  public var detail: [String]
  /// Typed values for machine-readable output, in a fixed order.
  public var fields: [TraceField]
  /// Whether the note goes on with the happening in progress, as a task's call does, rather
  /// than opening one under its own subject.
  public var continues: Bool

  /// Creates a note.
  public init(
    kind: String, task: TaskID? = nil, subject: String, detail: [String],
    fields: [TraceField] = [], continues: Bool = false
  ) {
    self.kind = kind
    self.task = task
    self.subject = subject
    self.detail = detail
    self.fields = fields
    self.continues = continues
  }
}

/// A named, typed value in a note or a summary.
public struct TraceField: Sendable, Equatable {
  /// The field's name in camel case, as JSON writes it (`cooldownConsumed`).
  public var name: String
  /// The value.
  public var value: Value

  /// Creates a field.
  public init(_ name: String, _ value: Value) {
    self.name = name
    self.value = value
  }
}
