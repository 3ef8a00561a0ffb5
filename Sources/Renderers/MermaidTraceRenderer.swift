import ModelContract
import RacelabKernel

/// Renders a run as a Mermaid `sequenceDiagram`, which code hosts draw inside a ```` ```mermaid ````
/// block: the world outside the app, each lane the model names, each task and the timers as
/// participants; arrivals, task starts, sleeps, timer expiries, cancels and hops as messages;
/// what a task or job did as notes; every instant opened by a note across the diagram; broken
/// invariants in a highlighted box that also says `BROKEN`.
///
/// Participants and wording come from the report (the model's lane names, the runtime's words),
/// never from a list here, so every model renders. Text is escaped for Mermaid (``escape(_:)``)
/// and its control characters made visible, so scenario text can neither end a statement nor
/// start one. The same report gives the same bytes.
public enum MermaidTraceRenderer {
  /// The diagram of `report`, ending with exactly one newline.
  public static func render(_ report: RunReport) -> String {
    let phrases = Phrasebook(
      words: RuntimeWords(runtime: report.runtime), laneNames: report.laneNames)
    var drawing = MermaidDrawing(phrases: phrases)
    for event in report.result.trace { drawing.draw(event) }
    var ending = [report.headline]
    ending.append(
      "broken: "
        + (report.result.violations.isEmpty
          ? "none" : report.result.violations.joined(separator: ", ")))
    drawing.statements.append(.spanningNote(ending))

    let participants = drawing.participantsInOrder()
    var lines = ["sequenceDiagram"]
    lines.append(
      "  title "
        + escape(
          "racelab · \(report.model) · \(report.scenario) · runtime \(report.runtime) · "
            + (report.customTaskBody ? "custom task body" : "variant \(report.variant)")))
    for participant in participants {
      lines.append("  participant \(participant.id) as \(escape(drawing.name(of: participant)))")
    }
    let span =
      participants.count > 1
      ? "\(participants[0].id),\(participants[participants.count - 1].id)"
      : participants.first?.id ?? TimelineRow.world.id
    for statement in drawing.statements {
      lines += statement.lines(span: span)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` made safe inside one Mermaid statement: control characters shown as escapes, and
  /// the characters Mermaid reads as syntax (`#` entity codes, `;` statement ends, `<` and `>`
  /// markup) written as entity codes.
  public static func escape(_ text: String) -> String {
    VisibleText.escaping(text, replacing: ["#": "#35;", ";": "#59;", "<": "#lt;", ">": "#gt;"])
  }

}

/// One statement of the diagram.
enum MermaidStatement {
  /// `A->>B: text` (`arrow` is `->>`, `-)`, `-x`, …).
  case message(from: TimelineRow, arrow: String, to: TimelineRow, text: String)
  /// `Note over A: text`, one line per item.
  case note(over: TimelineRow, [String])
  /// A note across every participant.
  case spanningNote([String])
  /// A broken invariant: a highlighted box holding its note.
  case broken(over: TimelineRow, invariant: String, detail: String)

  /// The statement's lines; `span` names the first and last participants.
  func lines(span: String) -> [String] {
    let escape = MermaidTraceRenderer.escape
    switch self {
    case .message(let from, let arrow, let to, let text):
      return ["  \(from.id)\(arrow)\(to.id): \(escape(text))"]
    case .note(let over, let texts):
      return ["  Note over \(over.id): \(texts.map(escape).joined(separator: "<br>"))"]
    case .spanningNote(let texts):
      return ["  Note over \(span): \(texts.map(escape).joined(separator: "<br>"))"]
    case .broken(let over, let invariant, let detail):
      return [
        "  rect rgb(255, 224, 178)",
        "    Note over \(over.id): \(escape("BROKEN \(invariant)"))<br>\(escape(detail))",
        "  end",
      ]
    }
  }
}

/// The statements of a diagram, built event by event, and the participants they use.
struct MermaidDrawing {
  let phrases: Phrasebook
  private(set) var used: Set<TimelineRow> = []
  var statements: [MermaidStatement] = []
  private var queues = LaneQueues()
  private var instant: VirtualTime?
  /// The job running on each lane, and the one that holds it busy.
  private var running: [LaneID: TraceEvent.Job] = [:]
  private var held: [LaneID: TraceEvent.Job] = [:]

  init(phrases: Phrasebook) {
    self.phrases = phrases
  }

  /// The used participants in declaration order.
  func participantsInOrder() -> [TimelineRow] {
    used.sorted()
  }

  /// The name a participant is shown with.
  func name(of participant: TimelineRow) -> String {
    participant.name(phrases)
  }

  mutating func draw(_ event: TraceEvent) {
    if instant != event.time {
      instant = event.time
      statements.append(.spanningNote(["at \(DurationText.instant(event.time))"]))
    }
    let here = event.lane.map(TimelineRow.lane) ?? .world
    switch event.kind {
    case .arrived(let label, .queued(let lane, let position), _):
      let ahead = queues.ahead(of: position)
      queues.enqueue(.event(label), on: lane)
      let wait = phrases.queue(position, ahead: ahead).map { " · \($0)" } ?? ""
      message(.world, "-)", .lane(lane), "\(label) arrives\(wait)")
    case .arrived(let label, .actedAtOnce, _):
      note(.world, "\(label) arrives and acts at once, outside every lane")
    case .jobStarted(let job):
      if let lane = event.lane {
        queues.started(job, on: lane)
        running[lane] = job
      }
      switch job {
      case .event(let label): note(here, "\(label) runs")
      case .task(let task, nil): message(here, "->>", .task(task), "\(task) starts")
      case .task(let task, .some): message(here, "->>", .task(task), "\(task) resumes")
      }
    case .jobEnded(let job):
      if let lane = event.lane, held[lane] == job {
        held[lane] = nil
        note(here, "\(phrases.name(of: job)) \(phrases.laneFreed(phrases.name(of: lane)))")
      }
    case .laneHeld(let until):
      if let lane = event.lane {
        held[lane] = running[lane]
        note(here, phrases.laneHeld(phrases.name(of: lane), until: until))
      }
    case .lanesFrozen(let frozen):
      statements.append(.spanningNote([phrases.lanesFrozen(frozen)]))
    case .taskCreated(let task, let program, let lane):
      queues.enqueue(.task(task, nil), on: lane)
      message(here, "->>", .task(task), phrases.created(task, program: program, on: lane))
    case .taskStarted:
      break  // the message that runs its first step says so
    case .sleepStarted(let task, let timer, let duration, let due, let rule, let label):
      message(
        .task(task), "->>", .timers,
        phrases.sleepStarted(timer: timer, duration: duration, due: due, rule: rule, label: label))
    case .sleepWindowed(let task, let timer, let window, let dueWindow, let due):
      note(
        .task(task),
        phrases.sleepWindowed(timer: timer, window: window, dueWindow: dueWindow, due: due))
    case .sleepThrewAtOnce(let task, let rule):
      note(.task(task), phrases.sleepThrewAtOnce(task, rule: rule))
    case .timerFired(let task, let timer, let position, let rule):
      let ahead = queues.ahead(of: position)
      queues.enqueue(.task(task, .sleep), on: position.lane)
      let wait = phrases.queue(position, ahead: ahead) ?? "runs next"
      message(
        .timers, "--)", .task(task),
        "\(timer) fires: \(phrases.timerExpired(task, rule: rule)) · resumption \(wait)")
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
      message(
        here, "-x", .task(task), phrases.cancel(task, effect: effect, rule: rule, ahead: ahead))
    case .resumed(let task, let suspension, let outcome, let isCancelled, let rule):
      note(
        .task(task),
        phrases.resumed(from: suspension, outcome: outcome, isCancelled: isCancelled, rule: rule))
    case .errorHandled(let task, let handling, let rule):
      note(.task(task), phrases.errorHandled(handling, rule: rule))
    case .guardChecked(let task, let passed):
      note(.task(task), phrases.guardChecked(passed: passed))
    case .cancellationChecked(let task, let threw, let rule):
      note(.task(task), phrases.cancellationChecked(threw: threw, rule: rule))
    case .yielded(let task, let position, let rule):
      let ahead = queues.ahead(of: position)
      queues.enqueue(.task(task, .yield), on: position.lane)
      note(.task(task), phrases.yielded(wait: phrases.queue(position, ahead: ahead), rule: rule))
    case .called(let task, let operation, _):
      note(.task(task), "\(task) calls \(operation)")
    case .taskEnded(let task, let end):
      note(.task(task), phrases.ended(task, end))
    case .hopped(let task, let target, let position, let rule):
      let ahead = queues.ahead(of: position)
      queues.enqueue(.task(task, .hop), on: target)
      let wait = phrases.queue(position, ahead: ahead)
      message(
        .task(task), "-)", .lane(target),
        phrases.hopped(task, to: target, wait: wait, rule: rule))
    case .awaitStarted(let task, let awaited, let rule):
      message(
        .task(task), "->>", .task(awaited),
        phrases.awaitStarted(task, awaiting: awaited, rule: rule))
    case .awaitEnded(let task, let awaited, let position):
      let ahead = queues.ahead(of: position)
      queues.enqueue(.task(task, .await), on: position.lane)
      let wait = phrases.queue(position, ahead: ahead)
      message(
        .task(awaited), "--)", .task(task), phrases.awaitEnded(task, awaited: awaited, wait: wait))
    case .runStopped:
      statements.append(.spanningNote(["until: \(phrases.runStopped)"]))
    case .notDelivered(let label, let chosen):
      note(.world, "\(label) \(phrases.notDelivered(chosen: chosen))")
    case .jobsDropped(let lane, let count, let busyCut):
      note(.lane(lane), phrases.jobsDropped(count, busyCut: busyCut))
    case .note(let modelNote):
      let over = modelNote.task.map(TimelineRow.task) ?? here
      note(over, modelNote.detail.first.map { "\(modelNote.subject): \($0)" } ?? modelNote.subject)
      for line in modelNote.detail.dropFirst() { appendToLastNote(line) }
    case .invariantBroken(let name, let detail):
      used.insert(here)
      statements.append(.broken(over: here, invariant: name, detail: detail))
    case .arrivalChosen(let label, let window, let at):
      note(.world, "\(label) \(phrases.arrivalChosen(at: at, window: window))")
    case .instantsOrdered(
      let first, let firstAt, let second, let secondAt, let order, let defaultOrder):
      note(
        .world,
        phrases.instantsOrdered(
          first, at: firstAt, second, at: secondAt, order, default: defaultOrder))
    case .orderChosen(let label, let overtook):
      note(.world, "\(label) \(phrases.orderChosen(overtook: overtook))")
    case .stateShown:
      // A sequence diagram has no rows for state; the SVG timeline draws them.
      break
    case .choiceTaken(let position, let alternative):
      note(.world, phrases.choiceTaken(position: position, alternative: alternative))
    case .timerSet(let what, let delay, let due):
      if let lane = event.lane { note(.lane(lane), phrases.timerSet(what, delay: delay, due: due)) }
    }
  }

  private mutating func message(
    _ from: TimelineRow, _ arrow: String, _ to: TimelineRow, _ text: String
  ) {
    used.insert(from)
    used.insert(to)
    statements.append(.message(from: from, arrow: arrow, to: to, text: text))
  }

  private mutating func note(_ over: TimelineRow, _ text: String) {
    used.insert(over)
    statements.append(.note(over: over, [text]))
  }

  /// Adds a line to the note just written.
  private mutating func appendToLastNote(_ text: String) {
    guard case .note(let over, let texts)? = statements.last else { return }
    statements[statements.count - 1] = .note(over: over, texts + [text])
  }
}
