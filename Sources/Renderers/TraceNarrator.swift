import ModelContract
import RacelabKernel

/// Folds the kernel's trace events into the lines a reviewer reads: a job's start and everything
/// it did form one happening; an arrival or a job's end gets a line of its own only when it
/// explains a wait.
struct TraceNarrator {
  /// The lane column's text for happenings outside every lane.
  static let noLane = "·"

  private let phrases: Phrasebook
  /// Whether hops between actors, calls and their returns are left out (`run --brief`).
  private let brief: Bool
  /// The lines written so far.
  private(set) var lines: [TraceLine] = []
  private var queues = LaneQueues()
  private var block: Block?
  /// The job running on each lane, and the one that holds it busy.
  private var running: [LaneID: TraceEvent.Job] = [:]
  private var held: [LaneID: TraceEvent.Job] = [:]
  /// Creation lines waiting for the notes of the job that created the task: the cause is read
  /// before the effect.
  private var created: [String] = []
  /// What each sleeping task's sleep stands for, when the model names it (`as: request`), from
  /// the sleep's start to its resumption.
  private var sleepLabels: [TaskID: String] = [:]

  /// The happening the next explanation belongs to.
  private struct Block {
    var time: VirtualTime
    var lane: String
    var subject: String
    /// The task whose step this is, for a task's job.
    var task: TaskID?
    /// Whether the next explanation must repeat the head (at the start, after a broken
    /// invariant).
    var needsHead = true
    /// Whether any line of it was written.
    var written = false
    /// Whether a happening that explained nothing is left out (a brief trace's resumption
    /// after a hop).
    var quietWhenEmpty = false
  }

  init(phrases: Phrasebook, brief: Bool = false) {
    self.phrases = phrases
    self.brief = brief
  }

  /// The lines of `trace`, in order.
  static func lines(of trace: [TraceEvent], phrases: Phrasebook) -> [TraceLine] {
    reading(trace, phrases: phrases).lines
  }

  /// A narrator that has read all of `trace`.
  static func reading(_ trace: [TraceEvent], phrases: Phrasebook) -> TraceNarrator {
    var narrator = TraceNarrator(phrases: phrases)
    for event in trace { narrator.read(event) }
    narrator.close()
    return narrator
  }

  /// Hands each line written since the last drain to `body`, in order, and forgets them. A
  /// line once written never changes.
  mutating func drain(_ body: (TraceLine) -> Void) {
    guard !lines.isEmpty else { return }
    for line in lines { body(line) }
    lines.removeAll(keepingCapacity: true)
  }

  /// The work its lane queues did (``LaneQueues/work``).
  var queueWork: Int { queues.work }

  /// Reads `event`, the next event of the trace; ``drain(_:)`` hands on the lines it
  /// finished.
  mutating func read(_ event: TraceEvent) {
    let lane = event.lane.map(phrases.name(of:)) ?? Self.noLane
    switch event.kind {
    case .arrived(let label, .queued(let queueLane, let position), let tieLast):
      close()
      let ahead = queues.ahead(of: position)
      queues.enqueue(.event(label), on: queueLane)
      let wait = Self.waits(position, ahead: ahead) ? phrases.queue(position, ahead: ahead) : nil
      if tieLast || wait != nil {
        let arrives = tieLast ? "arrives (\(Phrasebook.tieLast))" : "arrives"
        standalone(
          event.time, lane, label, [arrives, wait].compactMap { $0 }.joined(separator: " · "))
      }
    case .arrived(let label, .actedAtOnce, let tieLast):
      open(Block(time: event.time, lane: lane, subject: label))
      if tieLast { explain(event, "arrives (\(Phrasebook.tieLast))") }
    case .jobStarted(let job):
      close()
      if let jobLane = event.lane {
        queues.started(job, on: jobLane)
        running[jobLane] = job
      }
      var block = Block(
        time: event.time, lane: lane, subject: subject(of: job), task: task(of: job))
      if brief, case .task(_, .hop?) = job { block.quietWhenEmpty = true }
      open(block)
    case .jobEnded(let job):
      close()
      if let jobLane = event.lane, held[jobLane] == job {
        held[jobLane] = nil
        standalone(event.time, lane, phrases.name(of: job), phrases.laneFreed(lane))
      }
    case .laneHeld(let until):
      if let jobLane = event.lane { held[jobLane] = running[jobLane] }
      explain(event, phrases.laneHeld(lane, until: until))
    case .lanesFrozen(let frozen):
      explain(event, phrases.lanesFrozen(frozen))
    case .taskCreated(let task, let program, let taskLane):
      queues.enqueue(.task(task, nil), on: taskLane)
      created.append(phrases.created(task, program: program, on: taskLane))
    case .taskStarted:
      break  // the head already says "T1 starts"
    case .sleepStarted(let task, let timer, let duration, let due, let rule, let label):
      sleepLabels[task] = label
      explain(
        event,
        phrases.sleepStarted(timer: timer, duration: duration, due: due, rule: rule, label: label))
    case .sleepWindowed(_, let timer, let window, let dueWindow, let due):
      explain(
        event, phrases.sleepWindowed(timer: timer, window: window, dueWindow: dueWindow, due: due))
    case .sleepThrewAtOnce(let task, let rule):
      explain(event, phrases.sleepThrewAtOnce(task, rule: rule))
    case .timerFired(let task, let timer, let position, let rule):
      close()
      let ahead = queues.ahead(of: position)
      queues.enqueue(.task(task, .sleep), on: position.lane)
      let expired = phrases.timerExpired(task, rule: rule, label: sleepLabels[task])
      if let wait = phrases.queue(position, ahead: ahead) {
        standalone(event.time, lane, "\(timer) fires", expired)
        lines.append(.more("continuation \(wait)"))
      } else {
        standalone(
          event.time, lane, "\(timer) fires", expired + " · continuation queued, runs next")
      }
    case .cancelled(let task, let effect, let rule):
      var ahead = JobsAhead()
      if case .timerDiscarded(_, let position) = effect {
        ahead = queues.ahead(of: position)
        queues.enqueue(.task(task, .sleep), on: position.lane)
      }
      if case .awaitWillThrow(let position) = effect {
        ahead = queues.ahead(of: position)
        queues.enqueue(.task(task, .await), on: position.lane)
      }
      explain(
        event,
        phrases.cancel(task, effect: effect, rule: rule, ahead: ahead, label: sleepLabels[task]))
    case .resumed(_, .hop, .returned, false, _) where brief:
      break
    case .resumed(let task, let suspension, let outcome, let isCancelled, let rule):
      let label = suspension == .sleep ? sleepLabels.removeValue(forKey: task) : nil
      explain(
        event,
        phrases.resumed(
          from: suspension, outcome: outcome, isCancelled: isCancelled, rule: rule, label: label))
    case .errorHandled(_, let handling, let rule):
      explain(event, phrases.errorHandled(handling, rule: rule))
    case .guardChecked(_, let passed):
      explain(event, phrases.guardChecked(passed: passed))
    case .cancellationChecked(_, let threw, let rule):
      explain(event, phrases.cancellationChecked(threw: threw, rule: rule))
    case .yielded(let task, let position, let rule):
      let ahead = queues.ahead(of: position)
      queues.enqueue(.task(task, .yield), on: position.lane)
      explain(event, phrases.yielded(wait: phrases.queue(position, ahead: ahead), rule: rule))
    case .called(let task, let operation):
      if !brief { explain(event, "\(task) calls \(operation)") }
    case .taskEnded(let task, let end):
      sleepLabels[task] = nil
      explain(event, phrases.ended(task, end))
    case .note(let note):
      if !(brief && note.kind == "returned") { narrate(note, event: event) }
    case .invariantBroken(let name, let detail):
      flushCreated()
      lines.append(.broken(time: event.time, lane: lane, invariant: name, detail: detail))
      block?.needsHead = true
      block?.written = true
    case .arrivalChosen(let label, let window, let instant):
      close()
      standalone(event.time, lane, label, phrases.arrivalChosen(at: instant, window: window))
    case .instantsOrdered(let first, let second, let order):
      close()
      standalone(event.time, lane, "windows", phrases.instantsOrdered(first, second, order))
    case .orderChosen(let label, let overtook):
      close()
      standalone(event.time, lane, label, phrases.orderChosen(overtook: overtook))
    case .stateShown:
      // A picture's state row: the text trace shows the happenings that change it.
      break
    case .hopped(let task, let target, let position, let rule):
      let ahead = queues.ahead(of: position)
      queues.enqueue(.task(task, .hop), on: target)
      let wait = phrases.queue(position, ahead: ahead)
      if !brief { explain(event, phrases.hopped(task, to: target, wait: wait, rule: rule)) }
    case .awaitStarted(let task, let awaited, let rule):
      explain(event, phrases.awaitStarted(task, awaiting: awaited, rule: rule))
    case .awaitEnded(let task, let awaited, let position):
      let ahead = queues.ahead(of: position)
      queues.enqueue(.task(task, .await), on: position.lane)
      let wait = phrases.queue(position, ahead: ahead)
      explain(event, phrases.awaitEnded(task, awaited: awaited, wait: wait))
    case .runStopped:
      close()
      standalone(event.time, lane, "until", phrases.runStopped)
    case .notDelivered(let label, let chosen):
      close()
      standalone(event.time, lane, label, phrases.notDelivered(chosen: chosen))
    case .jobsDropped(let target, let count, let busyCut):
      close()
      // Named when the queue rebuilt from the trace holds just the jobs the kernel dropped.
      let waiting = queues.dropAll(on: target)
      standalone(
        event.time, lane, "\(phrases.name(of: target)) lane",
        phrases.jobsDropped(count, named: waiting.count == count ? waiting : [], busyCut: busyCut))
    }
  }

  /// A note reads as part of its job; inside a task's job, a note about something else (an
  /// operation such as `T1 fire`) opens a happening under its own subject, unless it
  /// ``ModelNote/continues`` the one in progress.
  private mutating func narrate(_ note: ModelNote, event: TraceEvent) {
    if let current = block, current.task != nil, !note.continues, current.subject != note.subject {
      flushCreated()
      block = Block(time: event.time, lane: current.lane, subject: note.subject, task: current.task)
    }
    for line in note.detail { write(line, event: event, subject: note.subject, isNote: true) }
  }

  /// Adds a line to the current happening. Kernel events always come inside a job or an
  /// at-once arrival; one that did not would open a happening with no subject.
  private mutating func explain(_ event: TraceEvent, _ text: String) {
    write(text, event: event, subject: "", isNote: false)
  }

  private mutating func write(_ text: String, event: TraceEvent, subject: String, isNote: Bool) {
    if !isNote { flushCreated() }
    if block == nil {
      let lane = event.lane.map(phrases.name(of:)) ?? Self.noLane
      block = Block(time: event.time, lane: lane, subject: subject)
    }
    emit(text)
  }

  private mutating func emit(_ text: String) {
    guard var current = block else { return }
    if current.needsHead {
      lines.append(
        .head(time: current.time, lane: current.lane, subject: current.subject, text: text))
      current.needsHead = false
    } else {
      lines.append(.more(text))
    }
    current.written = true
    block = current
  }

  private mutating func flushCreated() {
    let pending = created
    created = []
    for line in pending { emit(line) }
  }

  private mutating func open(_ new: Block) {
    close()
    block = new
  }

  /// Ends the current happening; one that explained nothing still gets its head line. After
  /// the trace's last event, this writes the last happening's lines.
  mutating func close() {
    flushCreated()
    if let current = block, !current.written, !current.quietWhenEmpty {
      lines.append(
        .head(time: current.time, lane: current.lane, subject: current.subject, text: ""))
    }
    block = nil
  }

  private mutating func standalone(
    _ time: VirtualTime, _ lane: String, _ subject: String, _ text: String
  ) {
    lines.append(.head(time: time, lane: lane, subject: subject, text: text))
  }

  /// Whether an arrival waits for something a reader would not guess: a busy or frozen lane,
  /// or a task's step ahead of it. Jobs of events that arrived just before run in file order.
  private static func waits(_ position: TraceEvent.QueuePosition, ahead: JobsAhead) -> Bool {
    position.busyUntil != nil || position.frozen || ahead.includesTask
  }

  private func subject(of job: TraceEvent.Job) -> String {
    switch job {
    case .event(let label): label
    case .task(let task, nil): "\(task) starts"
    case .task(let task, .some): "\(task) resumes"
    }
  }

  private func task(of job: TraceEvent.Job) -> TaskID? {
    if case .task(let task, _) = job { return task }
    return nil
  }
}
