import ModelContract
import RacelabKernel

/// The explanation of each kernel fact in plain words, naming the rule of the semantics tables
/// (`S5`, `K3`) that decided it, unless told not to (the brief trace).
struct Phrasebook {
  let words: RuntimeWords
  let laneNames: [String]
  /// How instants and lengths are written.
  var instants = InstantStyle.seconds
  /// Whether sentences name the rule that decided them (`(S5)`); the brief trace does not.
  var citesRules = true

  /// The name of `lane`, or its index when the report does not name it.
  func name(of lane: LaneID) -> String {
    laneNames.indices.contains(Int(lane.index)) ? laneNames[Int(lane.index)] : "lane \(lane.index)"
  }

  /// `screen-disappear (arrived at 2.001s)` alone, `screen-disappear at 2.001s` in a list, for
  /// an event whose arrival had no line of its own (`unannounced`), so no event is named before
  /// the trace has told of it; otherwise ``name(of:)-(TraceEvent.Job)``.
  private func nameInQueue(_ job: TraceEvent.Job, unannounced: VirtualTime?, inList: Bool)
    -> String
  {
    guard let arrived = unannounced else { return name(of: job) }
    let instant = instants.format(arrived)
    return inList ? "\(name(of: job)) at \(instant)" : "\(name(of: job)) (arrived at \(instant))"
  }

  /// `game-won`, `T1's first step`, `T1's resumption`.
  func name(of job: TraceEvent.Job) -> String {
    switch job {
    case .event(let label): label
    case .task(let task, nil): "\(task)'s first step"
    case .task(let task, .some): "\(task)'s resumption"
    }
  }

  /// Where a job waits, or `nil` when it runs as soon as the running job lets it:
  /// `queued behind screen-disappear and the busy main lane (until 2.050s)`. A long queue is
  /// named by its first jobs: `queued behind 9 jobs (a, b, c, d and 5 more)`.
  func queue(_ position: TraceEvent.QueuePosition, ahead: JobsAhead) -> String? {
    var behind: [String] = []
    switch ahead.count {
    case 0: break
    case 1:
      behind.append(
        nameInQueue(ahead.named[0], unannounced: ahead.unannounced.first ?? nil, inList: false))
    default:
      let more = ahead.count - ahead.named.count
      behind.append(
        "\(ahead.count) jobs (\(zip(ahead.named, ahead.unannounced).map { nameInQueue($0, unannounced: $1, inList: true) }.joined(separator: ", "))"
          + (more > 0 ? " and \(more) more)" : ")"))
    }
    if let until = position.busyUntil {
      behind.append(
        "the busy \(name(of: position.lane)) lane (until \(instants.format(until)))")
    }
    var text = behind.isEmpty ? "" : "queued behind " + behind.joined(separator: " and ")
    if position.frozen {
      text += (text.isEmpty ? "queued" : "") + " · lanes frozen: runs after the app resumes"
    }
    return text.isEmpty ? nil : text
  }

  /// ` (S5)` after a sentence, or nothing (no rule, or a phrasebook that cites none).
  func cite(_ rule: String?) -> String {
    guard citesRules else { return "" }
    return rule.map { " (\($0))" } ?? ""
  }

  /// `cancel T1 → sleep already returned: flag set, nothing thrown (S5)`; `label` is what the
  /// task's sleep stands for, if the model names it (`request cut short: timer #1 discarded`).
  func cancel(
    _ task: TaskID, effect: TraceEvent.CancelEffect, rule: String?, ahead: JobsAhead,
    label: String? = nil
  ) -> String {
    let error = words.cancellationError
    let outcome: String
    switch effect {
    case .notStarted:
      outcome = "not started yet: flag set, its first \(words.sleep) will throw"
    case .timerDiscarded(let timer, let position):
      let waits = queue(position, ahead: ahead).map { " · \($0)" } ?? ""
      let cut = label.map { "\($0) cut short: " } ?? ""
      outcome = "\(cut)\(timer) discarded, the resumption will throw \(error)\(waits)"
    case .sleepAlreadyReturned:
      outcome = "\(label ?? words.sleep) already completed: flag set, nothing thrown"
    case .resumptionWillThrow:
      outcome = "its queued resumption will throw \(error)"
    case .yieldPending:
      outcome = "yield pending: flag set, nothing thrown"
    case .running:
      outcome = "it is running (it cancels itself): flag set"
    case .alreadyCancelled:
      outcome = "already cancelled: nothing changes"
    case .alreadyEnded:
      outcome = "already ended: nothing changes"
    case .continuationPending:
      outcome = "its continuation is queued and does not check: flag set, nothing thrown"
    case .stillAwaiting:
      outcome = "it keeps waiting for the task it awaits: flag set, nothing thrown"
    case .awaitWillThrow(let position):
      let waits = queue(position, ahead: ahead).map { " · \($0)" } ?? ""
      outcome = "its await will throw \(error)\(waits)"
    }
    return "cancel \(task) → \(outcome)\(cite(rule))"
  }

  /// `sleep returned normally · isCancelled = true (S5)`; the rule is named when the
  /// resumption is about a cancellation. A sleep the model names (`label`) is called so:
  /// `request returned normally`.
  func resumed(
    from suspension: TraceEvent.Suspension, outcome: TraceEvent.ResumeOutcome, isCancelled: Bool,
    rule: String?, label: String? = nil
  ) -> String {
    let what =
      switch suspension {
      case .sleep: label ?? words.sleep
      case .yield: "yield"
      case .hop: "hop"
      case .await: "await"
      }
    let result =
      outcome == .threw
      ? "threw \(words.cancellationError)" : suspension == .hop ? "done" : "returned normally"
    let interesting = isCancelled || outcome == .threw
    return
      "\(what) \(result) · \(words.cancellationState(isCancelled))\(interesting ? cite(rule) : "")"
  }

  /// What the body did with a thrown cancellation.
  func errorHandled(_ handling: OnCancel, rule: String?) -> String {
    switch handling {
    case .return: "catch → return"
    case .throw: "not caught: the error ends the task"
    case .ignore: "\(words.errorDropper) dropped the error · the next step runs\(cite(rule))"
    }
  }

  /// `guard !Task.isCancelled → cancelled, returns early`: words, not a ✓ or ✗, since the
  /// check's stopping a cancelled task is the good outcome.
  func guardChecked(passed: Bool) -> String {
    passed
      ? "\(words.cancelledGuard) → not cancelled, goes on"
      : "\(words.cancelledGuard) → cancelled, returns early"
  }

  /// How a `tie: last` happening's arrival line says so.
  static let tieLast = "tie: last, after everything else due at this instant"

  /// `Task.checkCancellation() threw CancellationError (S7)`.
  func cancellationChecked(threw: Bool, rule: String?) -> String {
    threw
      ? "\(words.cancellationCheck) threw \(words.cancellationError)\(cite(rule))"
      : "\(words.cancellationCheck) → not cancelled, goes on"
  }

  /// `T1 ends · returned`.
  /// `asleep` is the timer of the sleep a killed task was waiting on, and what the sleep stands
  /// for (`request`), if any: it never fires.
  func ended(
    _ task: TaskID, _ end: TraceEvent.TaskEnd, asleep: (timer: TimerID, label: String?)? = nil
  ) -> String {
    switch end {
    case .returned: return "\(task) ends · returned"
    case .threw: return "\(task) ends · \(words.cancellationError) thrown out of its body"
    case .killed:
      guard let asleep else { return "\(task) ends · killed with its process" }
      let what = asleep.label.map { "its \($0) in flight" } ?? "its \(words.sleep)"
      return "\(task) ends · killed with its process: \(what) never completes (\(asleep.timer) "
        + "never fires)"
    }
  }

  /// `main lane busy until 2.050s: nothing else runs there`.
  func laneHeld(_ lane: String, until: VirtualTime) -> String {
    "\(lane) lane busy until \(instants.format(until)): nothing else runs there"
  }

  /// `done · main lane free again`, at the end of a job that held its lane.
  func laneFreed(_ lane: String) -> String {
    "done · \(lane) lane free again"
  }

  /// What freezing or thawing the lanes means.
  func lanesFrozen(_ frozen: Bool) -> String {
    frozen
      ? "lanes frozen: timers still expire, queued jobs wait"
      : "lanes thawed: queued jobs run in order"
  }

  /// `T1 created (fire) · first step queued on main (C5)`.
  func created(_ task: TaskID, program: String, on lane: LaneID) -> String {
    "\(task) created (\(program)) · first step queued on \(name(of: lane))\(cite("C5"))"
  }

  /// `T1 created (fire)`: a brief trace's creation, whose lane the task's start shows.
  func createdBriefly(_ task: TaskID, program: String) -> String {
    "\(task) created (\(program))"
  }

  /// `T1 (fire) starts`, or `T1 (fire) starts on main` when `lane` is not the lane of the
  /// line: a brief trace's creation and first step, told as one.
  func createdAndStarted(_ task: TaskID, program: String, on lane: String?) -> String {
    "\(task) (\(program)) starts" + (lane.map { " on \($0)" } ?? "")
  }

  /// `sleep 2.000s → timer #1 due at 2.000s`, or for a sleep the model names (`as: request`)
  /// `request in flight 0.100s → timer #1 due at 0.100s`.
  func sleepStarted(
    timer: TimerID, duration: Int64, due: VirtualTime, rule: String?, label: String? = nil
  ) -> String {
    let length = instants.length(duration)
    let what = label.map { "\($0) in flight" } ?? words.sleep
    return "\(what) \(length) → \(timer) due at \(instants.format(due))" + cite(rule)
  }

  /// `timer set: after 3d → refund-if-unacknowledged, due at +3d 00:00:00.000`: a timer the
  /// model's code set; its line when it fires is `timer → refund-if-unacknowledged`.
  func timerSet(_ what: String, delay: Int64, due: VirtualTime) -> String {
    "timer set: after \(instants.length(delay)) → \(what), due at \(instants.format(due))"
  }

  /// `its length is a window of 50ms…2s: timer #1 fires somewhere in 0.050s…2.000s (here at
  /// 0.050s)`.
  func sleepWindowed(
    timer: TimerID, window: ClosedRange<Int64>, dueWindow: ClosedRange<VirtualTime>,
    due: VirtualTime
  ) -> String {
    let shortest = instants.length(window.lowerBound)
    let longest = instants.length(window.upperBound)
    return "its length is a window of \(shortest)…\(longest): \(timer) fires somewhere in "
      + "\(instants.format(dueWindow.lowerBound))…\(instants.format(dueWindow.upperBound))"
      + " (here at \(instants.format(due)))"
  }

  /// A sleep that threw at once because its task was already cancelled.
  func sleepThrewAtOnce(_ task: TaskID, rule: String?) -> String {
    "\(words.sleep) threw \(words.cancellationError) at once: \(task) was already cancelled"
      + cite(rule)
  }

  /// `T1's sleep completed (S4)`, or for a sleep the model names `T1's request is over: sleep
  /// completed (S4)`.
  func timerExpired(_ task: TaskID, rule: String?, label: String? = nil) -> String {
    let over = label.map { "\($0) is over: \(words.timerExpired)" } ?? words.timerExpired
    return "\(task)'s \(over)\(cite(rule))"
  }

  /// `yield → resumption runs next`.
  func yielded(wait: String?, rule: String?) -> String {
    "yield → resumption \(wait ?? "runs next")\(cite(rule))"
  }

  /// `T1 hops to store · continuation runs next`.
  func hopped(_ task: TaskID, to lane: LaneID, wait: String?, rule: String?) -> String {
    "\(task) hops to \(name(of: lane)) · continuation \(wait ?? "runs next")\(cite(rule))"
  }

  /// `T1 awaits T2's value`.
  func awaitStarted(_ task: TaskID, awaiting awaited: TaskID, rule: String?) -> String {
    "\(task) awaits \(awaited)'s value\(cite(rule))"
  }

  /// `T2 ended → T1's await returns · resumption runs next`.
  func awaitEnded(_ task: TaskID, awaited: TaskID, wait: String?) -> String {
    "\(awaited) ended → \(task)'s await returns · resumption \(wait ?? "runs next")"
  }

  /// The end of a run cut by `until:`.
  var runStopped: String { "the run stops here; what is due later never happens" }

  /// A `maybe` happening that was lost.
  /// What a happening that never arrives says: lost by the schedule (`maybe: true`) or by the
  /// file (`lost: true`).
  func notDelivered(chosen: Bool) -> String {
    chosen ? "never arrives: lost (maybe: true)" : "never arrives: lost (lost: true)"
  }

  /// `2 queued jobs dropped (game-won, T1's resumption): the process died (L1)`, led by `busy
  /// job cut short` when a busy job held the lane (L1). The jobs are named when `named` holds
  /// them, the first few of a long queue.
  func jobsDropped(_ count: Int, named: [TraceEvent.Job] = [], busyCut: Bool) -> String {
    var queued = "\(count) queued job\(count == 1 ? "" : "s") dropped"
    if !named.isEmpty {
      let shown = named.prefix(JobsAhead.namedLimit).map(name(of:))
      let more = named.count - shown.count
      queued += " (\(shown.joined(separator: ", "))\(more > 0 ? " and \(more) more" : ""))"
    }
    let cut = "busy job cut short"
    let what = busyCut ? (count == 0 ? cut : "\(cut), \(queued)") : queued
    return "\(what): the process died\(cite("L1"))"
  }

  /// `arrival chosen at 1.200s in the window 0.050s…2.000s`.
  func arrivalChosen(at instant: VirtualTime, window: ClosedRange<VirtualTime>) -> String {
    "arrival chosen at \(instants.format(instant)) in the window "
      + "\(instants.format(window.lowerBound))…\(instants.format(window.upperBound))"
  }

  /// `T1's sleep timer (2.001s) at the same instant as screen-disappear (2.001s): this
  /// schedule's order, where the windows allow others; by default (each window at its start)
  /// T1's sleep timer comes before screen-disappear`.
  func instantsOrdered(
    _ first: String, at firstAt: VirtualTime, _ second: String, at secondAt: VirtualTime,
    _ order: InstantOrder, default defaultOrder: InstantOrder
  ) -> String {
    "\(first) (\(instants.format(firstAt))) \(relation(order)) \(second) "
      + "(\(instants.format(secondAt))): this schedule's order, where the windows allow others"
      + (order == .same ? " (the lines below, numbered, give their order in the instant)" : "")
      + "; by default (each window at its start) \(first) comes \(relation(defaultOrder)) "
      + "\(second)"
  }

  /// `before`, `at the same instant as` or `after`.
  func relation(_ order: InstantOrder) -> String {
    switch order {
    case .before: "before"
    case .same: "at the same instant as"
    case .after: "after"
    }
  }

  /// `order chosen: applied before a, b, due at the same instant`.
  func orderChosen(overtook: [String]) -> String {
    "order chosen: applied before \(overtook.joined(separator: ", ")), due at the same instant"
  }

  /// `choice 7=1`: the mark of a choice the schedule makes off the default, as its token
  /// writes it, on the line that tells what the choice did.
  func choiceMark(position: Int32, alternative: Int32) -> String {
    "choice \(position)=\(alternative)"
  }

  /// `choice 7=1 of the schedule, off the default`, where a choice is told on its own.
  func choiceTaken(position: Int32, alternative: Int32) -> String {
    choiceMark(position: position, alternative: alternative) + " of the schedule, off the default"
  }
}
