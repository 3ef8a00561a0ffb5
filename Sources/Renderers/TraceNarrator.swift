import ModelContract
import RacelabKernel

/// Folds the kernel's trace events into the lines a reviewer reads: a job's start and everything
/// it did form one happening; an arrival or a job's end gets a line of its own only when it
/// explains a wait.
///
/// Told `brief`, it leaves out the bookkeeping (`ReadingATrace.md`, "The brief trace"): hops
/// between actors, calls and their returns, the notes ``BriefTrace`` hides, rule citations, a
/// task's normal end, a task's job that shows nothing, and a timer's firing whose resumption
/// runs next; a task created by the happening just before its start is told with it, as one
/// line.
struct TraceNarrator {
  /// The lane column's text for happenings outside every lane.
  static let noLane = "·"

  private let phrases: Phrasebook
  /// Whether the bookkeeping is left out (`run --brief`).
  private let brief: Bool
  /// The lines written so far.
  private(set) var lines: [TraceLine] = []
  private var queues = LaneQueues()
  private var block: Block?
  /// The job running on each lane, and the one that holds it busy.
  private var running: [LaneID: TraceEvent.Job] = [:]
  private var holding: [LaneID: TraceEvent.Job] = [:]
  /// Creations waiting for the notes of the job that created the task: the cause is read
  /// before the effect.
  private var created: [Creation] = []
  /// A brief trace's creation that ended its happening, held back until the next line: when
  /// the task's first step starts first, at the same instant, the two are told as one.
  private var held: (creation: Creation, block: Block)?
  /// The start of a task told with its creation, written before its first step's first
  /// explanation.
  private var pendingStart: String?
  /// The picture's state rows (`picture: rows:`) as the run began, before its first happening:
  /// the header shows them.
  private(set) var startRows: [(row: String, value: String)] = []
  /// What each state row shows now.
  private var shownRows: [String: String] = [:]
  /// Whether anything but a state row was read yet.
  private var begun = false
  /// Whether the last line written ends a job that just ended: what the model shows after a
  /// job (its state rows) goes on under it.
  private var lastLineEndsJob = false
  /// A brief trace's job that just ended with nothing to tell: a state row it changed is told
  /// under its head, not as a happening of its own.
  private var quietJob: Block?
  /// An event that joined its lane's queue at this instant with no line of its own, since it
  /// waited for nothing a reader would not guess: should a later line of the same instant name
  /// it (a continuation queued behind it), its `arrives` line is written where it arrived, at
  /// `index` of ``lines``, so no event is named before the trace has told of it.
  private struct PendingArrival {
    var id: Int
    var index: Int
    var time: VirtualTime
    var lane: String
    var label: String
  }
  private var pendingArrivals: [PendingArrival] = []
  /// At most this many arrivals of one instant are pending at once, so the lines held back and
  /// the work per job stay bounded however many events arrive together; a later one named by a
  /// line says when it arrived instead.
  static let pendingLimit = 64
  /// The pending arrivals whose lines were written, until their jobs start.
  private var toldArrivals: Set<Int> = []
  /// The instant of the pending and told arrivals.
  private var arrivalsInstant: VirtualTime?
  private var nextArrivalID = 0
  /// The last arrival whose instant a line told (`arrival chosen at …`): its queuing is
  /// announced by that line.
  private var chosenArrival: (label: String, time: VirtualTime)?
  /// The marks (`choice 7=1`) of the choices off the default taken since the last line.
  private var choiceMarks: [String] = []
  /// What each sleeping task's sleep stands for, when the model names it (`as: request`), from
  /// the sleep's start to its resumption.
  private var sleepLabels: [TaskID: String] = [:]
  /// The timer each task's sleep waits on, from the sleep's start until the timer fires or is
  /// discarded.
  private var sleepTimers: [TaskID: TimerID] = [:]

  /// A task's creation, as its line tells it.
  private struct Creation {
    var task: TaskID
    var program: String
    var text: String
  }

  /// The happening the next explanation belongs to.
  private struct Block {
    var time: VirtualTime
    var lane: String
    var subject: String
    /// The task whose step this is, for a task's job.
    var task: TaskID?
    /// The lane of that step, when the happening is not on it (a brief trace's creation told
    /// with the start): its notes about something else are on that lane.
    var jobLane: String?
    /// Whether the next explanation must repeat the head (at the start, after a broken
    /// invariant).
    var needsHead = true
    /// Whether the happening goes on with the job above (a new subject inside a task's job, or
    /// the job's rest after a broken invariant): its head is not numbered.
    var continuesJob = false
    /// Whether any line of it was written.
    var written = false
    /// Whether a happening that explained nothing is left out (a brief trace's task job).
    var quietWhenEmpty = false
    /// Whether its note already told the state rows it changed (a midnight's).
    var toldRows = false
  }

  init(phrases: Phrasebook, brief: Bool = false) {
    var phrases = phrases
    phrases.citesRules = !brief
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
  /// line once handed on never changes; lines after an arrival whose own line may still be
  /// written where it arrived (``pendingArrivals``) wait until it is written or its job starts.
  mutating func drain(_ body: (TraceLine) -> Void) {
    let ready = pendingArrivals.first?.index ?? lines.count
    guard ready > 0 else { return }
    for line in lines[..<ready] { body(line) }
    lines.removeFirst(ready)
    for index in pendingArrivals.indices { pendingArrivals[index].index -= ready }
  }

  /// The work its lane queues did (``LaneQueues/work``).
  var queueWork: Int { queues.work }

  /// Reads `event`, the next event of the trace; ``drain(_:)`` hands on the lines it
  /// finished.
  mutating func read(_ event: TraceEvent) {
    let lane = event.lane.map(phrases.name(of:)) ?? Self.noLane
    let showsARow = if case .stateShown = event.kind { true } else { false }
    if !showsARow {
      begun = true
      quietJob = nil
    }
    if let instant = arrivalsInstant, instant != event.time {
      // A later instant: their lines can no longer stand first.
      pendingArrivals.removeAll()
      toldArrivals.removeAll()
      arrivalsInstant = nil
    }
    switch event.kind {
    case .jobStarted, .jobEnded, .stateShown: break
    default: releaseHeld()  // something happened between the creation and the start
    }
    switch event.kind {
    case .arrived(let label, .queued(let queueLane, let position), let tieLast):
      endHappening()
      var ahead = queues.ahead(of: position)
      var wait: String?
      if Self.waits(position, ahead: ahead) {
        announce(&ahead)
        wait = phrases.queue(position, ahead: ahead)
      }
      let told = chosenArrival.map { $0 == (label, event.time) } ?? false
      if tieLast || wait != nil {
        let arrives = tieLast ? "arrives (\(Phrasebook.tieLast))" : "arrives"
        standalone(
          event.time, lane, label, [arrives, wait].compactMap { $0 }.joined(separator: " · "))
        queues.enqueue(.event(label), on: queueLane)
      } else if told {
        queues.enqueue(.event(label), on: queueLane)
      } else if pendingArrivals.count >= Self.pendingLimit {
        queues.enqueue(.event(label), on: queueLane, unannounced: event.time)
      } else {
        pendingArrivals.append(
          PendingArrival(
            id: nextArrivalID, index: lines.count, time: event.time, lane: lane, label: label))
        arrivalsInstant = event.time
        queues.enqueue(
          .event(label), on: queueLane, unannounced: event.time, pending: nextArrivalID)
        nextArrivalID += 1
      }
    case .arrived(let label, .actedAtOnce, let tieLast):
      open(Block(time: event.time, lane: lane, subject: label))
      if tieLast { explain(event, "arrives (\(Phrasebook.tieLast))") }
    case .jobStarted(let job):
      endHappening()
      if let jobLane = event.lane {
        let started = queues.started(job, on: jobLane)
        if !started.isEmpty {
          pendingArrivals.removeAll { started.contains($0.id) }
          toldArrivals.subtract(started)
        }
        running[jobLane] = job
      }
      var block = Block(
        time: event.time, lane: lane, subject: subject(of: job), task: task(of: job))
      if brief, case .task(let task, let resuming) = job {
        block.quietWhenEmpty = true
        if resuming == nil, let (creation, creating) = held, creation.task == task,
          creating.time == event.time
        {
          held = nil
          block = creating
          block.task = task
          block.jobLane = lane
          pendingStart = phrases.createdAndStarted(
            task, program: creation.program, on: creating.lane == lane ? nil : lane)
        }
      }
      releaseHeld()  // another job started first
      self.block = block
    case .jobEnded(let job):
      let ending = block
      endHappening()
      lastLineEndsJob = ending.map { $0.written || !$0.quietWhenEmpty } ?? false
      if let ending, !lastLineEndsJob { quietJob = ending }
      if let jobLane = event.lane, holding[jobLane] == job {
        holding[jobLane] = nil
        standalone(event.time, lane, phrases.name(of: job), phrases.laneFreed(lane))
      }
    case .laneHeld(let until):
      if let jobLane = event.lane { holding[jobLane] = running[jobLane] }
      explain(event, phrases.laneHeld(lane, until: until))
    case .lanesFrozen(let frozen):
      explain(event, phrases.lanesFrozen(frozen))
    case .taskCreated(let task, let program, let taskLane):
      queues.enqueue(.task(task, nil), on: taskLane)
      let text =
        brief
        ? phrases.createdBriefly(task, program: program)
        : phrases.created(task, program: program, on: taskLane)
      created.append(Creation(task: task, program: program, text: text))
    case .taskStarted:
      break  // the head already says "T1 starts"
    case .sleepStarted(let task, let timer, let duration, let due, let rule, let label):
      sleepLabels[task] = label
      sleepTimers[task] = timer
      explain(
        event,
        phrases.sleepStarted(timer: timer, duration: duration, due: due, rule: rule, label: label))
    case .sleepWindowed(let task, let timer, let window, let dueWindow, let due):
      sleepTimers[task] = timer
      explain(
        event, phrases.sleepWindowed(timer: timer, window: window, dueWindow: dueWindow, due: due))
    case .sleepThrewAtOnce(let task, let rule):
      explain(event, phrases.sleepThrewAtOnce(task, rule: rule))
    case .timerFired(let task, let timer, let position, let rule):
      endHappening()
      sleepTimers[task] = nil
      let ahead = announced(queues.ahead(of: position))
      queues.enqueue(.task(task, .sleep), on: position.lane)
      let expired = phrases.timerExpired(task, rule: rule, label: sleepLabels[task])
      if let wait = phrases.queue(position, ahead: ahead) {
        // A wait explains the resumption's lateness: the brief trace keeps it too.
        standalone(event.time, lane, "\(timer) fires", expired)
        append(.more("continuation \(wait)"))
      } else if !brief {
        // The resumption runs next and its line tells the same: the brief trace shows that one.
        standalone(
          event.time, lane, "\(timer) fires", expired + " · continuation queued, runs next")
      }
    case .cancelled(let task, let effect, let rule):
      if case .timerDiscarded = effect { sleepTimers[task] = nil }
      var ahead = JobsAhead()
      if case .timerDiscarded(_, let position) = effect {
        ahead = announced(queues.ahead(of: position))
        queues.enqueue(.task(task, .sleep), on: position.lane)
      }
      if case .awaitWillThrow(let position) = effect {
        ahead = announced(queues.ahead(of: position))
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
      let ahead = announced(queues.ahead(of: position))
      queues.enqueue(.task(task, .yield), on: position.lane)
      explain(event, phrases.yielded(wait: phrases.queue(position, ahead: ahead), rule: rule))
    case .called(let task, let operation, let arguments):
      if !brief {
        explain(event, "\(task) calls \(operation)" + (arguments.map { " with \($0)" } ?? ""))
      }
    case .taskEnded(let task, let end):
      let label = sleepLabels.removeValue(forKey: task)
      let asleep = sleepTimers.removeValue(forKey: task).map { (timer: $0, label: label) }
      if !(brief && end == .returned) { explain(event, phrases.ended(task, end, asleep: asleep)) }
    case .note(let note):
      if !(brief && BriefTrace.hides(note)) { narrate(note, event: event) }
      if note.kind == Self.dayChanged { block?.toldRows = true }
    case .invariantBroken(let name, let detail):
      flushCreated()
      flushStart()
      append(.broken(time: event.time, lane: lane, invariant: name, detail: detail))
      block?.needsHead = true
      block?.continuesJob = true
      block?.written = true
    case .arrivalChosen(let label, let window, let instant):
      endHappening()
      chosenArrival = (label, event.time)
      standalone(event.time, lane, label, phrases.arrivalChosen(at: instant, window: window))
    case .instantsOrdered(
      let first, let firstAt, let second, let secondAt, let order, let defaultOrder):
      close()
      let text = phrases.instantsOrdered(
        first, at: firstAt, second, at: secondAt, order, default: defaultOrder)
      standalone(event.time, lane, "windows", text)
    case .orderChosen(let label, let overtook):
      endHappening()
      standalone(event.time, lane, label, phrases.orderChosen(overtook: overtook))
    case .stateShown(let row, let value):
      showRow(row, value, event: event)
    case .choiceTaken(let position, let alternative):
      choiceMarks.append(phrases.choiceMark(position: position, alternative: alternative))
    case .timerSet(let what, let delay, let due):
      explain(event, phrases.timerSet(what, delay: delay, due: due))
    case .hopped(let task, let target, let position, let rule):
      let ahead = announced(queues.ahead(of: position))
      queues.enqueue(.task(task, .hop), on: target)
      let wait = phrases.queue(position, ahead: ahead)
      if !brief { explain(event, phrases.hopped(task, to: target, wait: wait, rule: rule)) }
    case .awaitStarted(let task, let awaited, let rule):
      explain(event, phrases.awaitStarted(task, awaiting: awaited, rule: rule))
    case .awaitEnded(let task, let awaited, let position):
      let ahead = announced(queues.ahead(of: position))
      queues.enqueue(.task(task, .await), on: position.lane)
      let wait = phrases.queue(position, ahead: ahead)
      explain(event, phrases.awaitEnded(task, awaited: awaited, wait: wait))
    case .runStopped:
      endHappening()
      standalone(event.time, lane, "until", phrases.runStopped)
    case .notDelivered(let label, let chosen):
      endHappening()
      standalone(event.time, lane, label, phrases.notDelivered(chosen: chosen))
    case .jobsDropped(let target, let count, let busyCut):
      endHappening()
      // Named when the queue rebuilt from the trace holds just the jobs the kernel dropped.
      let waiting = queues.dropAll(on: target)
      standalone(
        event.time, lane, "\(phrases.name(of: target)) lane",
        phrases.jobsDropped(count, named: waiting.count == count ? waiting : [], busyCut: busyCut))
      lastLineEndsJob = true  // the happening that ended the process goes on
    }
  }

  /// The kind of a midnight's note, which tells the state rows the new day changed.
  private static let dayChanged = "day-changed"

  /// A state row of the model's picture shows `value` from now on: before the run's first
  /// happening, the header shows it; later, the happening that changed it says from what to
  /// what (`keychain-uuid none → uuid-1`), unless its note told it already.
  private mutating func showRow(_ row: String, _ value: String, event: TraceEvent) {
    let before = shownRows.updateValue(value, forKey: row)
    guard begun else {
      startRows.append((row, value))
      return
    }
    guard let before, before != value, block?.toldRows != true else { return }
    let change = "\(row) \(before) → \(value)"
    if block != nil {
      explain(event, change)
    } else if lastLineEndsJob {
      append(.more(change))
      lastLineEndsJob = true
    } else if let job = quietJob {
      // The quiet job did this: its head tells the change.
      quietJob = nil
      block = job
      explain(event, change)
      endHappening()
      lastLineEndsJob = true
    } else {
      standalone(event.time, Self.noLane, row, change)
    }
  }

  /// `ahead` once the arrivals it names that are still pending have their lines, written where
  /// they arrived.
  private mutating func announced(_ ahead: JobsAhead) -> JobsAhead {
    var ahead = ahead
    announce(&ahead)
    return ahead
  }

  /// Writes the `arrives` line of each pending arrival `ahead` names, where it arrived, and
  /// marks it told.
  private mutating func announce(_ ahead: inout JobsAhead) {
    for (place, id) in ahead.pending.enumerated() {
      guard let id else { continue }
      if toldArrivals.contains(id) { ahead.unannounced[place] = nil }
      guard let at = pendingArrivals.firstIndex(where: { $0.id == id }) else { continue }
      toldArrivals.insert(id)
      let arrival = pendingArrivals.remove(at: at)
      lines.insert(
        .head(time: arrival.time, lane: arrival.lane, subject: arrival.label, text: "arrives"),
        at: arrival.index)
      for later in at..<pendingArrivals.count { pendingArrivals[later].index += 1 }
      ahead.unannounced[place] = nil
    }
  }

  /// A note reads as part of its job; inside a task's job, a note about something else (an
  /// operation such as `T1 fire`) opens a happening under its own subject, unless it
  /// ``ModelNote/continues`` the one in progress.
  private mutating func narrate(_ note: ModelNote, event: TraceEvent) {
    // A brief trace that told nothing of the job yet tells the note under the job's own head
    // (`T2 resumes  the world chose fails`), so the reader knows whose it is.
    if let current = block, current.task != nil, !note.continues, current.subject != note.subject,
      !(brief && current.needsHead && !current.continuesJob)
    {
      flushCreated()
      flushStart()
      block = Block(
        time: event.time, lane: current.jobLane ?? current.lane, subject: note.subject,
        task: current.task, continuesJob: true)
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
    var text = text
    if let start = pendingStart {
      pendingStart = nil
      text = start + " · " + text
    }
    if current.needsHead {
      append(
        .head(
          time: current.time, lane: current.lane, subject: current.subject, text: text,
          continuesJob: current.continuesJob))
      current.needsHead = false
    } else {
      append(.more(text))
    }
    current.written = true
    block = current
  }

  /// Writes `line`, after the creation held back, if any: its task did not start first. The
  /// marks of the choices taken just before go on the first line after them that is not a
  /// broken invariant: the one that tells what they did.
  private mutating func append(_ line: TraceLine) {
    let marks = line.isBroken ? [] : choiceMarks
    if !marks.isEmpty { choiceMarks = [] }
    releaseHeld()
    lines.append(line.marked(marks))
    lastLineEndsJob = false
  }

  private mutating func releaseHeld() {
    guard let (creation, creating) = held else { return }
    held = nil
    let current = block
    block = creating
    emit(creation.text)
    block = current
  }

  private mutating func flushCreated() {
    let pending = created
    created = []
    for creation in pending { emit(creation.text) }
  }

  /// Writes the start of a task told with its creation, when no explanation followed.
  private mutating func flushStart() {
    guard let start = pendingStart else { return }
    pendingStart = nil
    emit(start)
  }

  private mutating func open(_ new: Block) {
    endHappening()
    block = new
  }

  /// Ends the trace: writes the last happening's lines.
  mutating func close() {
    endHappening()
    releaseHeld()
    pendingArrivals.removeAll()  // nothing can name them any more: every line is final
  }

  /// Ends the current happening; one that explained nothing still gets its head line, unless
  /// it is quiet when empty. A brief trace holds back the happening's last creation
  /// (``held``).
  private mutating func endHappening() {
    flushStart()
    if brief, block != nil, let last = created.popLast() {
      flushCreated()
      releaseHeld()
      held = block.map { (last, $0) }
      block = nil
      return
    }
    flushCreated()
    if let current = block, !current.written, !current.quietWhenEmpty {
      append(
        .head(
          time: current.time, lane: current.lane, subject: current.subject, text: "",
          continuesJob: current.continuesJob))
    }
    block = nil
  }

  private mutating func standalone(
    _ time: VirtualTime, _ lane: String, _ subject: String, _ text: String
  ) {
    append(.head(time: time, lane: lane, subject: subject, text: text))
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
