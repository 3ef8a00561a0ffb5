import ModelContract
import RacelabKernel

/// Renders a run as a self-contained SVG swimlane timeline: a row for the world outside the
/// app, one per lane the model names, one per state row the model's picture shows
/// (`picture: rows:`, each value written in its band), one per task and one for the timers;
/// jobs as bars labelled with what they did (a job that holds its lane is a long dark bar),
/// sleeps as spans labelled with their due instant, cancels, timer expiries, resumptions,
/// crashes, lost happenings, dropped jobs, the run's stop and notes as marked points labelled in
/// words (the full explanation is also a
/// tooltip, but no fact is only there), broken invariants as hatched bands labelled `BROKEN`
/// (colour is never the only sign), and a legend. A star marks where a sleep's outcome is
/// decided (the timer on Swift, the resumption on Kotlin); on Swift, the stretch between the
/// timer and the resumption, where a cancel only sets the flag (S5), is shaded on the task's
/// row.
///
/// Time runs left to right in order: each drawn happening takes a column, and the space
/// between two instants grows with the number of digits of the gap, so a 40 ms race and a
/// 120-day cooldown fit one picture; a gap of more than a minute is drawn as a break (`≈`).
/// Instants the text trace folds (a daily job that changes nothing, a month of it) are folded
/// into one column here too, labelled with the trace's fold line.
/// Coordinates are integers and every name comes from the report, so the same report gives the
/// same bytes for every model.
public enum SVGTimelineRenderer {
  /// The picture of `report`, ending with exactly one newline.
  public static func render(_ report: RunReport) -> String {
    let latest = report.result.trace.map(\.time).max() ?? .zero
    let phrases = Phrasebook(
      words: RuntimeWords(runtime: report.runtime), laneNames: report.laneNames,
      instants: InstantStyle(latest: latest))
    var drawing = SVGTimeline(phrases: phrases)
    for event in report.result.trace { drawing.draw(event) }
    drawing.finish()
    drawing.fold(SVGTimeline.folds(of: report))
    return drawing.document(report: report)
  }

  /// `text` escaped for XML character data and attribute values, control characters shown.
  public static func escape(_ text: String) -> String {
    VisibleText.escaping(
      text, replacing: ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"])
  }

}

/// The shapes of a timeline, collected event by event in columns, laid out at the end.
struct SVGTimeline {
  /// What a shape is, which decides how it is drawn.
  enum Shape {
    /// A bar from one column to another, labelled with the job (`label`) and what it did
    /// (`did`); `busy` for a job that holds its lane.
    case bar(from: Int, to: Int, label: String, did: [String], busy: Bool)
    /// A state row's value from one column to the next change, written in the band; `shade`
    /// alternates so neighbouring values are told apart.
    case band(from: Int, to: Int, value: String, shade: Int)
    /// A sleep's span, labelled with its due instant.
    case span(from: Int, to: Int, label: String)
    /// The stretch after a sleep completed and before its task resumed, where a cancel only
    /// sets the flag.
    case flagOnly(from: Int, to: Int)
    /// A task's cancelled flag, set from one column on (`isCancelled = true`).
    case flag(from: Int, to: Int, label: String)
    /// What waits on a lane, front first, when a job joined it: `[screen-disappear, T1▶]`.
    case queue(String, count: Int)
    /// A point: an arrival, a cancel, a timer expiry, a resumption, a note, and the others
    /// ``Mark`` names.
    case point(Mark, label: String?)
    /// A broken invariant across every row, labelled with its name, when it broke, in which
    /// job and after which of its lines, and why.
    case broken(label: String)
    /// Instants folded into one column, as the text trace folds them: the block before it
    /// again `repeats` times, `every` apart; `text` is the trace's fold line.
    case fold(repeats: Int, every: String, text: String)
  }

  /// The kinds of point, each with its own glyph: no glyph stands for two meanings.
  enum Mark: String {
    case arrival, cancel, timer, resume, note, end
    /// A task killed with its process.
    case crash
    /// Where a sleep's outcome is decided.
    case decided
    /// A happening that never arrives (`lost: true`, or `maybe:` lost by the schedule).
    case lost
    /// Jobs dropped from a lane's queue when its process died.
    case dropped
    /// Where the schedule takes another alternative than the default, labelled as its token
    /// writes it (`choice 7=1`).
    case choice
    /// Where the run stops (`until:`).
    case stop
  }

  struct Item {
    var row: TimelineRow
    var column: Int
    var shape: Shape
    /// The explanation a reader sees on hovering.
    var tooltip: String
  }

  let phrases: Phrasebook
  private(set) var items: [Item] = []
  private(set) var rows: Set<TimelineRow> = [.world]
  /// The instant of each column.
  private(set) var columnTimes: [VirtualTime] = []
  private var openJobs: [LaneID: OpenJob] = [:]
  /// The state rows the picture shows, by label, in the order they first appear.
  private(set) var stateRows: [String] = []
  /// Each state row's value now: where its band starts, the value, and how many values the
  /// row showed before.
  private var openStates: [Int: (column: Int, value: String, count: Int)] = [:]
  /// Each sleep not yet woken: where its bar starts, its label, and what the model says it
  /// stands for (`request in flight · `, or nothing), which leads the label.
  private var openSleeps: [TaskID: (column: Int, label: String, named: String)] = [:]
  /// The column where each task's sleep completed, until the task resumes.
  private var completedSleeps: [TaskID: Int] = [:]
  /// Tasks cancelled after their sleep completed and before they resumed (S5).
  private var flagOnlyCancels: Set<TaskID> = []
  /// The column where each live task's cancelled flag was set.
  private var flagsSet: [TaskID: Int] = [:]
  /// The jobs waiting on each lane, and the lanes where two or more waited at once: only their
  /// queues get a row, since a queue that never holds two jobs explains no wait. The row shows,
  /// per instant, the longest the queue was when a job joined it.
  private var queues = LaneQueues()
  private var crowdedLanes: Set<LaneID> = []

  /// A job running on a lane: where its bar starts, what it is (and the task whose step it
  /// is, if any), what it did so far.
  struct OpenJob {
    var column: Int
    var label: String
    var task: TaskID?
    var busy = false
    var did: [String] = []
  }

  init(phrases: Phrasebook) {
    self.phrases = phrases
  }

  /// A new column at `time`.
  private mutating func column(_ time: VirtualTime) -> Int {
    columnTimes.append(time)
    return columnTimes.count - 1
  }

  private mutating func add(_ row: TimelineRow, _ column: Int, _ shape: Shape, _ tooltip: String) {
    rows.insert(row)
    items.append(Item(row: row, column: column, shape: shape, tooltip: tooltip))
  }

  private mutating func point(
    _ row: TimelineRow, _ time: VirtualTime, _ mark: Mark, _ label: String?, _ tooltip: String
  ) {
    add(row, column(time), .point(mark, label: label), tooltip)
  }

  mutating func draw(_ event: TraceEvent) {
    drawShapes(event)
    guard let lane = queues.follow(event) else { return }
    if case .jobStarted = event.kind { return }
    let waiting = queues.waiting(on: lane)
    if waiting.count >= 2 { crowdedLanes.insert(lane) }
    let at = columnTimes.last == event.time ? columnTimes.count - 1 : column(event.time)
    let contents = "[" + waiting.map(Self.queueLabel).joined(separator: ", ") + "]"
    add(
      .queue(lane), at, .queue(contents, count: waiting.count),
      "waiting on \(phrases.name(of: lane)), front first: \(contents)")
  }

  /// How a queue's row names a job: an event by its name, a task's first step `T1 start`, a
  /// task's resumption `T1▶`.
  private static func queueLabel(_ job: TraceEvent.Job) -> String {
    switch job {
    case .event(let name): name
    case .task(let task, nil): "\(task) start"
    case .task(let task, .some): "\(task)▶"
    }
  }

  private mutating func drawShapes(_ event: TraceEvent) {
    let time = event.time
    let here = event.lane.map(TimelineRow.lane) ?? .world
    switch event.kind {
    case .arrived(let label, _, _):
      point(.world, time, .arrival, label, "\(label) arrives")
    case .jobStarted(let job):
      guard let lane = event.lane else { return }
      let label: String =
        switch job {
        case .event(let name): name
        case .task(let task, nil): "\(task) starts"
        case .task(let task, .some): "\(task) resumes"
        }
      var task: TaskID?
      if case .task(let id, _) = job { task = id }
      openJobs[lane] = OpenJob(column: column(time), label: label, task: task)
      rows.insert(.lane(lane))
    case .jobEnded:
      guard let lane = event.lane, let open = openJobs.removeValue(forKey: lane) else { return }
      closeJob(open, on: lane, at: column(time))
    case .laneHeld(let until):
      if let lane = event.lane, openJobs[lane] != nil {
        openJobs[lane]?.busy = true
        openJobs[lane]?.did.append("holds the lane until \(phrases.instants.format(until))")
      }
    case .lanesFrozen(let frozen):
      point(.world, time, .note, frozen ? "frozen" : "thawed", phrases.lanesFrozen(frozen))
    case .taskCreated(let task, let program, let lane):
      point(
        .task(task), time, .note, "created", phrases.created(task, program: program, on: lane))
    case .taskStarted:
      break
    case .sleepStarted(let task, let timer, let duration, let due, let rule, let label):
      let text = phrases.sleepStarted(
        timer: timer, duration: duration, due: due, rule: rule, label: label)
      let named = label.map { "\($0) in flight · " } ?? ""
      openSleeps[task] = (column(time), named + "due \(phrases.instants.format(due))", named)
      rows.insert(.task(task))
      rows.insert(.timers)
      items.append(
        Item(
          row: .timers, column: columnTimes.count - 1,
          shape: .point(.note, label: "\(timer) set"), tooltip: text))
    case .sleepWindowed(let task, let timer, let window, let dueWindow, let due):
      if var open = openSleeps[task] {
        open.label =
          open.named + "due in \(phrases.instants.format(dueWindow.lowerBound))…"
          + phrases.instants.format(dueWindow.upperBound)
        openSleeps[task] = open
      }
      point(
        .timers, time, .note, "\(timer) window",
        phrases.sleepWindowed(timer: timer, window: window, dueWindow: dueWindow, due: due))
    case .sleepThrewAtOnce(let task, let rule):
      point(.task(task), time, .resume, "threw", phrases.sleepThrewAtOnce(task, rule: rule))
    case .timerFired(let task, let timer, _, let rule):
      let fired = column(time)
      closeSleep(task, at: fired)
      add(.timers, fired, .point(.timer, label: "\(timer)"), phrases.timerExpired(task, rule: rule))
      if phrases.words.decidesAtTimer {
        completedSleeps[task] = fired
        add(
          .task(task), fired, .point(.decided, label: nil),
          "\(task)'s sleep is decided here: it returns normally, whatever comes before it resumes")
      }
    case .cancelled(let task, let effect, let rule):
      let at = column(time)
      if case .timerDiscarded = effect { closeSleep(task, at: at) }
      switch effect {
      case .alreadyCancelled, .alreadyEnded: break
      default: if flagsSet[task] == nil { flagsSet[task] = at }
      }
      if case .sleepAlreadyReturned = effect, completedSleeps[task] != nil {
        flagOnlyCancels.insert(task)
      }
      add(
        .task(task), at, .point(.cancel, label: "cancel"),
        phrases.cancel(task, effect: effect, rule: rule, ahead: JobsAhead()))
    case .resumed(let task, let suspension, let outcome, let isCancelled, let rule):
      let at = column(time)
      if suspension == .sleep, let completed = completedSleeps.removeValue(forKey: task) {
        // The stretch where a cancel only sets the flag is drawn where one did, under the
        // cancel's mark.
        if flagOnlyCancels.remove(task) != nil {
          rows.insert(.task(task))
          let stretch = Item(
            row: .task(task), column: completed, shape: .flagOnly(from: completed, to: at),
            tooltip: "between the timer and the resumption a cancel only sets the flag: "
              + "the sleep still returns normally (S5)")
          let under = items.firstIndex { $0.row == .task(task) && $0.column >= completed }
          items.insert(stretch, at: under ?? items.count)
        }
      } else if suspension == .sleep, !phrases.words.decidesAtTimer {
        add(
          .task(task), at, .point(.decided, label: nil),
          "\(task)'s delay is decided here, when it resumes: a cancel before now makes it throw")
      }
      add(
        .task(task), at,
        .point(
          .resume,
          label: outcome == .threw ? "threw" : suspension == .hop ? "hop done" : "returned"),
        phrases.resumed(from: suspension, outcome: outcome, isCancelled: isCancelled, rule: rule))
    case .errorHandled(let task, let handling, let rule):
      point(.task(task), time, .note, "handled", phrases.errorHandled(handling, rule: rule))
    case .guardChecked(let task, let passed):
      point(
        .task(task), time, .note, passed ? "guard ✓" : "guard ✗",
        phrases.guardChecked(passed: passed))
    case .cancellationChecked(let task, let threw, let rule):
      point(
        .task(task), time, .note, threw ? "checked: threw" : "checked: not cancelled",
        phrases.cancellationChecked(threw: threw, rule: rule))
    case .yielded(let task, _, let rule):
      point(.task(task), time, .note, "yield", phrases.yielded(wait: nil, rule: rule))
    case .called(let task, let operation, _):
      if let lane = event.lane, openJobs[lane]?.task == task {
        openJobs[lane]?.did.append("calls \(operation)")
      } else {
        point(.task(task), time, .note, operation, "\(task) calls \(operation)")
      }
    case .taskEnded(let task, let end):
      // A task killed with its process ends its sleep there, at a crash mark: its timer
      // never fires.
      let mark: Mark = end == .killed ? .crash : .end
      let label: String =
        switch end {
        case .returned: "ends"
        case .threw: "ends · threw"
        case .killed: "killed"
        }
      point(.task(task), time, mark, label, phrases.ended(task, end))
      closeSleep(task, at: columnTimes.count - 1)
      closeFlag(task, at: columnTimes.count - 1)
    case .hopped(let task, let target, _, let rule):
      point(
        .task(task), time, .note, "→ \(phrases.name(of: target))",
        phrases.hopped(task, to: target, wait: nil, rule: rule))
    case .awaitStarted(let task, let awaited, let rule):
      point(
        .task(task), time, .note, "await \(awaited)",
        phrases.awaitStarted(task, awaiting: awaited, rule: rule))
    case .awaitEnded(let task, let awaited, _):
      point(
        .task(task), time, .resume, "\(awaited) done",
        phrases.awaitEnded(task, awaited: awaited, wait: nil))
    case .runStopped:
      point(.world, time, .stop, "until: \(phrases.runStopped)", phrases.runStopped)
    case .notDelivered(let label, let chosen):
      let lost = "\(label) \(phrases.notDelivered(chosen: chosen))"
      point(.world, time, .lost, lost, lost)
    case .jobsDropped(let lane, let count, let busyCut):
      let dropped = phrases.jobsDropped(count, busyCut: busyCut)
      point(.lane(lane), time, .dropped, dropped, dropped)
    case .note(let note):
      let text = ([note.subject] + note.detail).joined(separator: " · ")
      // A note of the job running on a lane (or of the task whose step it is) is part of what
      // the job did: its bar says it.
      if let lane = event.lane, let open = openJobs[lane],
        note.task == nil || note.task == open.task
      {
        openJobs[lane]?.did.append(note.detail.first ?? note.subject)
        return
      }
      let row = note.task.map(TimelineRow.task) ?? here
      point(row, time, .note, note.detail.first ?? note.subject, text)
    case .invariantBroken(let name, let detail):
      // Broken while a job runs on the lane: the bar's label says after which of its lines, as
      // the text trace's `!!` line does, and the band's label names the job and that line.
      var within = ""
      if let lane = event.lane, let open = openJobs[lane] {
        within = " (in \(open.label)" + (open.did.last.map { ", after \($0)" } ?? "") + ")"
        openJobs[lane]?.did.append("!! BROKEN \(name)")
      }
      let label = "BROKEN \(name) at \(phrases.instants.format(time))\(within): \(detail)"
      add(.world, column(time), .broken(label: label), label)
    case .arrivalChosen(let label, let window, let at):
      let format = phrases.instants.format
      point(
        .world, time, .note,
        "\(label) at \(format(at)), window \(format(window.lowerBound))…\(format(window.upperBound))",
        "\(label) \(phrases.arrivalChosen(at: at, window: window))")
    case .instantsOrdered(
      let first, let firstAt, let second, let secondAt, let order, let defaultOrder):
      let text = phrases.instantsOrdered(
        first, at: firstAt, second, at: secondAt, order, default: defaultOrder)
      point(
        .world, time, .note,
        "\(first) \(phrases.relation(order)) \(second) (by default: "
          + "\(phrases.relation(defaultOrder)) \(second))", text)
    case .orderChosen(let label, let overtook):
      point(
        .world, time, .note, "\(label) first",
        "\(label) \(phrases.orderChosen(overtook: overtook))")
    case .stateShown(let row, let value):
      showState(row, value, at: time)
    case .choiceTaken(let position, let alternative):
      point(
        .world, time, .choice, phrases.choiceMark(position: position, alternative: alternative),
        phrases.choiceTaken(position: position, alternative: alternative))
    case .timerSet(let what, let delay, let due):
      // On the timers row, where the timer's firing is looked for, and in what the job did.
      let text = phrases.timerSet(what, delay: delay, due: due)
      if let lane = event.lane, openJobs[lane] != nil { openJobs[lane]?.did.append(text) }
      point(.timers, time, .note, "\(what) set · due \(phrases.instants.format(due))", text)
    }
  }

  /// The state row `label` shows `value` from `time` on: the band before it ends here.
  private mutating func showState(_ label: String, _ value: String, at time: VirtualTime) {
    let index = stateRows.firstIndex(of: label) ?? stateRows.count
    if index == stateRows.count { stateRows.append(label) }
    let at = columnTimes.last == time ? columnTimes.count - 1 : column(time)
    let count = closeState(index, at: at) ?? 0
    openStates[index] = (at, value, count)
  }

  /// Ends the band the state row `index` shows at column `end`; how many values the row has
  /// shown, or `nil` when it showed none.
  private mutating func closeState(_ index: Int, at end: Int) -> Int? {
    guard let open = openStates.removeValue(forKey: index) else { return nil }
    add(
      .state(index), open.column,
      .band(from: open.column, to: end, value: open.value, shade: open.count % 2),
      "\(stateRows[index]) = \(open.value)")
    return open.count + 1
  }

  /// Draws the bar of job `open` on `lane`, ending at column `end`.
  private mutating func closeJob(_ open: OpenJob, on lane: LaneID, at end: Int) {
    let did = open.did.joined(separator: " · ")
    add(
      .lane(lane), open.column,
      .bar(from: open.column, to: end, label: open.label, did: open.did, busy: open.busy),
      did.isEmpty ? open.label : "\(open.label): \(did)")
  }

  private mutating func closeFlag(_ task: TaskID, at end: Int) {
    guard let from = flagsSet.removeValue(forKey: task) else { return }
    let label = phrases.words.cancellationState(true)
    add(
      .task(task), from, .flag(from: from, to: end, label: label),
      "\(task) is cancelled from here on: \(label)")
  }

  private mutating func closeSleep(_ task: TaskID, at end: Int) {
    guard let open = openSleeps.removeValue(forKey: task) else { return }
    add(.task(task), open.column, .span(from: open.column, to: end, label: open.label), open.label)
  }

  /// Closes what the run left open: a job still running, a sleep never woken.
  mutating func finish() {
    guard let last = columnTimes.last else { return }
    let end = column(last)
    for (lane, open) in openJobs.sorted(by: { $0.key.index < $1.key.index }) {
      closeJob(open, on: lane, at: end)
    }
    openJobs = [:]
    for index in stateRows.indices { _ = closeState(index, at: end) }
    for (task, open) in openSleeps.sorted(by: { $0.key < $1.key }) {
      add(
        .task(task), open.column, .span(from: open.column, to: end, label: open.label), open.label)
    }
    openSleeps = [:]
    for task in flagsSet.keys.sorted() { closeFlag(task, at: end) }
    items.removeAll {
      if case .queue(let lane) = $0.row { !crowdedLanes.contains(lane) } else { false }
    }
    // One queue label per lane and instant: the longest (the first of equals).
    var longest: [TimelineRow: [VirtualTime: (index: Int, count: Int)]] = [:]
    for (index, item) in items.enumerated() {
      guard case .queue(_, let count) = item.shape else { continue }
      let time = columnTimes[item.column]
      if let kept = longest[item.row]?[time], kept.count >= count { continue }
      longest[item.row, default: [:]][time] = (index, count)
    }
    let kept = Set(longest.values.flatMap { $0.values.map(\.index) })
    items = items.enumerated().compactMap { index, item in
      if case .queue = item.shape, !kept.contains(index) { return nil }
      return item
    }
    rows = rows.filter {
      if case .queue(let lane) = $0 { crowdedLanes.contains(lane) } else { true }
    }
  }

  /// Folds the columns of each of `folds`' instants into one (``folded(_:)``); a row left
  /// with nothing drawn on it goes.
  mutating func fold(_ folds: [RepeatFolder.Fold]) {
    guard !folds.isEmpty else { return }
    (columnTimes, items) = folded(folds)
    rows = rows.filter { row in row == .world || items.contains { $0.row == row } }
  }

  func rowName(_ row: TimelineRow) -> String {
    if case .state(let index) = row { return stateRows[index] }
    return row.name(phrases)
  }

}
