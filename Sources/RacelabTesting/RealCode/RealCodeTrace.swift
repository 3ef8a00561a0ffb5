import ModelContract
import RacelabKernel

/// A controlled run's trace as the kernel's trace events, so the text, JSON and SVG renderers
/// draw real code as they draw a model: lanes `main` (the main actor) and `pool`, then one
/// per actor type a job was seen running on (`actor Counter`), tasks numbered in the order
/// their first job was captured, sleeps with their timers.
struct RealCodeTrace {
  /// The lanes every run has, by name, in the order of their ids.
  static let laneNames = ["main", "pool"]

  /// The lanes of this run, by name, in the order of their ids: ``laneNames``, then the
  /// actors' in the order they were first seen.
  private(set) var laneNames = Self.laneNames

  private(set) var events: [TraceEvent] = []
  /// The jobs whose start was written and whose end is not yet, by lane: the one running,
  /// and a main-actor job that holds its lane (``mainHeld(until:at:)``) until the hold ends.
  private var open: [LaneID: TraceEvent.Job] = [:]
  /// The lane of the job running now.
  private var running: LaneID?
  /// The lane a job holds past its return.
  private var held: LaneID?
  /// Tasks that have started.
  private var started: Set<Int> = []
  /// How each suspended task was last suspended, when racelab knows (a sleep).
  private var suspensions: [Int: TraceEvent.Suspension] = [:]
  /// Tasks whose pending sleep a cancel ended: their resumption throws (S3).
  private var sleepsThrowing: Set<Int> = []
  /// Tasks whose last sleep returned normally (its timer fired), until they sleep again.
  private var sleepsReturned: Set<Int> = []
  /// Tasks seen running before any job of theirs was captured (``taskSeen(task:)``).
  private var seenFirst: Set<Int> = []
  /// Tasks whose cancelled flag the trace has told.
  private var cancelled: Set<Int> = []
  /// Each sleeping task's timer and when it is due.
  private var timers: [Int: (id: TimerID, due: VirtualTime)] = [:]
  /// Timers started so far.
  private var timersStarted: Int64 = 0

  static func lane(_ home: JobHome) -> LaneID {
    LaneID(index: home == .main ? 0 : 1)
  }

  /// Task number `number` (from 1) as the kernel names it.
  static func task(_ number: Int) -> TaskID {
    TaskID(index: Int32(clamping: number - 1))
  }

  /// Task `number` was created by task `creator` (`nil`: by racelab, to run the body), its
  /// first job queued on `home`.
  mutating func taskCreated(
    task number: Int, by creator: Int?, firstJobOn home: JobHome, at time: VirtualTime
  ) {
    let origin = creator.map { "from T\($0)" } ?? "the body"
    add(time, running, .taskCreated(Self.task(number), program: origin, lane: Self.lane(home)))
  }

  /// Task `number` runs without racelab having seen it created: a task isolated to an actor,
  /// created while that actor was busy, goes straight to the actor's queue. Its first job,
  /// starting now, tells it.
  mutating func taskSeen(task number: Int) {
    seenFirst.insert(number)
  }

  /// The lane of the actors of type `name`, added the first time one is seen.
  private mutating func lane(ofActor name: String) -> LaneID {
    let laneName = "actor \(name)"
    if let index = laneNames.firstIndex(of: laneName) { return LaneID(index: Int32(index)) }
    laneNames.append(laneName)
    return LaneID(index: Int32(laneNames.count - 1))
  }

  /// A job of task `number` starts on `home`, or on an actor of type `actor`: its first step
  /// or a resumption, with the task's cancelled flag as the job starts (what
  /// `Task.isCancelled` reads in it, unless the job cancels its own task). A resumption from
  /// a sleep says how the sleep ended and the flag, as a model's trace does (`sleep returned
  /// normally · isCancelled = true (S5)`); another resumption says the flag when it is set. A
  /// job of the task running now, seen on another lane (it entered an actor, or left it),
  /// goes on there as the same step.
  mutating func jobStarted(
    task number: Int, on home: JobHome, actor: String? = nil, isCancelled: Bool,
    at time: VirtualTime
  ) {
    let lane = actor.map { self.lane(ofActor: $0) } ?? Self.lane(home)
    let task = Self.task(number)
    var continuing = false
    if let running, let job = open[running], case .task(task, _) = job {
      continuing = true
      if running != lane { close(running, at: time) }
    }
    close(lane, at: time)
    let first = started.insert(number).inserted
    let suspension = first || continuing ? nil : suspensions[number]
    let job = TraceEvent.Job.task(
      task, first ? nil : continuing ? .hop : suspension ?? .await)
    suspensions[number] = nil
    open[lane] = job
    running = lane
    add(time, lane, .jobStarted(job))
    if first { add(time, lane, .taskStarted(task)) }
    if seenFirst.remove(number) != nil {
      add(
        time, lane,
        .taskCreated(task, program: "queued straight on its actor, seen first here", lane: lane))
    }
    if isCancelled { cancelled.insert(number) }
    if suspension == .sleep {
      let threw = sleepsThrowing.remove(number) != nil
      let rule = threw ? "S3" : isCancelled ? "S5" : nil
      add(
        time, lane,
        .resumed(
          task, from: .sleep, outcome: threw ? .threw : .returned, isCancelled: isCancelled,
          rule: rule))
    } else if isCancelled && !continuing {
      note(
        "cancelled", task: number, subject: "T\(number) \(first ? "starts" : "resumes")",
        "isCancelled = true as this job starts: Task.isCancelled reads true in it, "
          + "checkCancellation() throws", at: time)
    }
  }

  /// Task `number`, whose resumption waits in a queue, was cancelled by the job running now:
  /// only its flag is set, since a sleep that already returned does not throw (S5, when its
  /// last sleep returned) and a queued continuation does not check. Told once per task.
  mutating func flagSet(task number: Int, at time: VirtualTime) {
    guard cancelled.insert(number).inserted else { return }
    let afterSleep = sleepsReturned.contains(number)
    add(
      time, running,
      .cancelled(
        Self.task(number), effect: afterSleep ? .sleepAlreadyReturned : .continuationPending,
        rule: afterSleep ? "S5" : nil))
  }

  /// Whether the trace has told that task `number` was cancelled.
  func toldCancelled(_ number: Int) -> Bool {
    cancelled.contains(number)
  }

  /// The job running now returned; it ends, unless it holds its lane.
  mutating func jobReturned(at time: VirtualTime) {
    guard let lane = running else { return }
    running = nil
    if held != lane { close(lane, at: time) }
  }

  /// The hold on the main actor ended: the job that held it ends.
  mutating func holdEnded(at time: VirtualTime) {
    guard let lane = held else { return }
    held = nil
    close(lane, at: time)
  }

  private mutating func close(_ lane: LaneID, at time: VirtualTime) {
    guard let job = open.removeValue(forKey: lane) else { return }
    add(time, lane, .jobEnded(job))
  }

  /// Task `number` started a sleep of `duration` that ends at `due`, on a timer numbered in
  /// the order timers start.
  mutating func sleepStarted(
    task number: Int, duration: Int64, due: VirtualTime, at time: VirtualTime
  ) {
    timersStarted += 1
    sleepsReturned.remove(number)
    let id = TimerID(number: timersStarted)
    timers[number] = (id, due)
    add(
      time, running,
      .sleepStarted(Self.task(number), timer: id, duration: duration, due: due, rule: "S2"))
  }

  /// Task `number`'s sleep, just started, lasts somewhere in `window` nanoseconds; this run
  /// ends it at `due`.
  mutating func sleepWindowed(
    task number: Int, window: ClosedRange<Int64>, due: VirtualTime, at time: VirtualTime
  ) {
    guard let timer = timers[number]?.id else { return }
    let dueWindow =
      time.advanced(by: window.lowerBound)...time.advanced(by: window.upperBound)
    add(
      time, running,
      .sleepWindowed(
        Self.task(number), timer: timer, window: window, dueWindow: dueWindow, due: due))
  }

  /// When task `number`'s pending sleep is due, if it has one.
  func pendingSleep(of number: Int) -> VirtualTime? {
    timers[number]?.due
  }

  /// Task `number`'s timer fired; its resumption waits on `home` behind `ahead` jobs.
  mutating func timerFired(
    task number: Int, resumesOn home: JobHome, ahead: Int, at time: VirtualTime
  ) {
    guard let (timer, position) = endSleep(of: number, resumesOn: home, ahead: ahead) else {
      return
    }
    sleepsReturned.insert(number)
    add(time, nil, .timerFired(Self.task(number), timer: timer, queue: position, rule: "S4"))
  }

  /// Task `number` was cancelled while its timer was pending: its resumption, queued on
  /// `home` behind `ahead` jobs, throws.
  mutating func sleepCancelled(
    task number: Int, resumesOn home: JobHome, ahead: Int, at time: VirtualTime
  ) {
    guard let (timer, position) = endSleep(of: number, resumesOn: home, ahead: ahead) else {
      return
    }
    sleepsThrowing.insert(number)
    cancelled.insert(number)
    let effect = TraceEvent.CancelEffect.timerDiscarded(timer, queue: position)
    add(time, running, .cancelled(Self.task(number), effect: effect, rule: "S3"))
  }

  /// Ends task `number`'s sleep: its timer, and where its resumption waits.
  private mutating func endSleep(
    of number: Int, resumesOn home: JobHome, ahead: Int
  ) -> (TimerID, TraceEvent.QueuePosition)? {
    guard let timer = timers.removeValue(forKey: number)?.id else { return nil }
    suspensions[number] = .sleep
    let position = TraceEvent.QueuePosition(
      lane: Self.lane(home), jobsAhead: ahead, busyUntil: nil, frozen: false)
    return (timer, position)
  }

  /// The main-actor job running now holds the main actor until `until`.
  mutating func mainHeld(until: VirtualTime, at time: VirtualTime) {
    held = Self.lane(.main)
    add(time, Self.lane(.main), .laneHeld(until: until))
  }

  /// A note from the code, racelab's own remark, or a choice, about task `number` if any.
  mutating func note(
    _ kind: String, task number: Int?, subject: String, _ detail: String, at time: VirtualTime
  ) {
    let note = ModelNote(
      kind: kind, task: number.map(Self.task), subject: subject, detail: [detail])
    add(time, running, .note(note))
  }

  /// A check in task `number`'s job, or an invariant checked between jobs (`number` `nil`),
  /// broke.
  mutating func broken(_ name: String, checkedBy number: Int?, at time: VirtualTime) {
    if let number {
      note("check", task: number, subject: "T\(number)", "Race.check(\(name)) fails", at: time)
    }
    let detail = number == nil ? "Race.always, checked after the job" : "Race.check in T\(number!)"
    add(time, running, .invariantBroken(name: name, detail: detail))
  }

  private mutating func add(_ time: VirtualTime, _ lane: LaneID?, _ kind: TraceEvent.Kind) {
    events.append(TraceEvent(time: time, lane: lane, kind: kind))
  }
}
