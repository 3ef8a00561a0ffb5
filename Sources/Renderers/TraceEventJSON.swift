import ModelContract
import RacelabKernel

/// Each trace event as a JSON object: its instant, lane and `kind` (the case's name), then the
/// case's own fields. Tasks read `T1`, instants carry nanoseconds and text, absent rules are
/// `null`; a sleep the model names (`as: request`) carries `"as"`.
struct TraceEventJSON {
  let laneNames: [String]

  func object(_ event: TraceEvent) -> JSONValue {
    let (kind, fields) = describe(event.kind)
    return .object(
      [
        ("timeNanoseconds", .int(event.time.nanoseconds)),
        ("time", .string(DurationText.instant(event.time))),
        ("lane", event.lane.map(lane) ?? .null),
        ("kind", .string(kind)),
      ] + fields)
  }

  /// `"tie": "last"` for a `tie: last` happening; nothing otherwise.
  private func tie(_ last: Bool) -> [(String, JSONValue)] {
    last ? [("tie", .string("last"))] : []
  }

  private func describe(_ kind: TraceEvent.Kind) -> (String, [(String, JSONValue)]) {
    switch kind {
    case .arrived(let event, .queued(_, let position), let tieLast):
      (
        "arrived",
        [
          ("event", .string(event)), ("delivery", .string("queued")),
          ("queue", queue(position)),
        ] + tie(tieLast)
      )
    case .arrived(let event, .actedAtOnce, let tieLast):
      ("arrived", [("event", .string(event)), ("delivery", .string("actedAtOnce"))] + tie(tieLast))
    case .jobStarted(let job): ("jobStarted", [("job", self.job(job))])
    case .jobEnded(let job): ("jobEnded", [("job", self.job(job))])
    case .laneHeld(let until): ("laneHeld", instant("until", until))
    case .lanesFrozen(let frozen): ("lanesFrozen", [("frozen", .bool(frozen))])
    case .taskCreated(let id, let program, let target):
      ("taskCreated", [task(id), ("program", .string(program)), ("taskLane", lane(target))])
    case .taskStarted(let id): ("taskStarted", [task(id)])
    case .sleepStarted(let id, let timer, let duration, let due, let rule, let label):
      (
        "sleepStarted",
        [
          task(id), ("timer", .int(timer.number)), ("durationNanoseconds", .int(duration)),
          self.rule(rule),
        ] + instant("due", due) + (label.map { [("as", JSONValue.string($0))] } ?? [])
      )
    case .sleepWindowed(let id, let timer, let window, let dueWindow, let due):
      (
        "sleepWindowed",
        [
          task(id), ("timer", .int(timer.number)),
          ("windowStartNanoseconds", .int(window.lowerBound)),
          ("windowEndNanoseconds", .int(window.upperBound)),
        ] + instant("dueWindowStart", dueWindow.lowerBound)
          + instant("dueWindowEnd", dueWindow.upperBound) + instant("due", due)
      )
    case .sleepThrewAtOnce(let id, let rule): ("sleepThrewAtOnce", [task(id), self.rule(rule)])
    case .timerFired(let id, let timer, let position, let rule):
      (
        "timerFired",
        [task(id), ("timer", .int(timer.number)), ("queue", queue(position)), self.rule(rule)]
      )
    case .cancelled(let id, let effect, let rule):
      ("cancelled", [task(id), self.rule(rule)] + self.effect(effect))
    case .resumed(let id, let suspension, let outcome, let isCancelled, let rule):
      (
        "resumed",
        [
          task(id), ("from", .string(suspension.rawValue)),
          ("outcome", .string(outcome == .returned ? "returned" : "threw")),
          ("isCancelled", .bool(isCancelled)), self.rule(rule),
        ]
      )
    case .errorHandled(let id, let handling, let rule):
      ("errorHandled", [task(id), ("onCancel", .string(handling.rawValue)), self.rule(rule)])
    case .guardChecked(let id, let passed): ("guardChecked", [task(id), ("passed", .bool(passed))])
    case .cancellationChecked(let id, let threw, let rule):
      ("cancellationChecked", [task(id), ("threw", .bool(threw)), self.rule(rule)])
    case .yielded(let id, let position, let rule):
      ("yielded", [task(id), ("queue", queue(position)), self.rule(rule)])
    case .called(let id, let operation, let arguments):
      (
        "called",
        [task(id), ("operation", .string(operation))]
          + (arguments.map { [("arguments", JSONValue.string($0))] } ?? [])
      )
    case .taskEnded(let id, let end): ("taskEnded", [task(id), ("end", .string(word(end)))])
    case .note(let note): ("note", [("note", self.note(note))])
    case .invariantBroken(let name, let detail):
      ("invariantBroken", [("invariant", .string(name)), ("detail", .string(detail))])
    case .arrivalChosen(let event, let window, let at):
      (
        "arrivalChosen",
        [("event", .string(event))] + instant("windowStart", window.lowerBound)
          + instant("windowEnd", window.upperBound) + instant("at", at)
      )
    case .instantsOrdered(
      let first, let firstAt, let second, let secondAt, let order, let defaultOrder):
      (
        "instantsOrdered",
        [("first", .string(first))] + instant("firstAt", firstAt)
          + [("second", .string(second))] + instant("secondAt", secondAt)
          + [("order", .string("\(order)")), ("defaultOrder", .string("\(defaultOrder)"))]
      )
    case .orderChosen(let event, let overtook):
      (
        "orderChosen",
        [("event", .string(event)), ("overtook", .array(overtook.map(JSONValue.string)))]
      )
    case .stateShown(let row, let value):
      ("stateShown", [("row", .string(row)), ("value", .string(value))])
    case .choiceTaken(let position, let alternative):
      (
        "choiceTaken",
        [("position", .int(Int64(position))), ("alternative", .int(Int64(alternative)))]
      )
    case .timerSet(let what, let delay, let due):
      (
        "timerSet",
        [("event", .string(what)), ("delayNanoseconds", .int(delay))] + instant("due", due)
      )
    case .hopped(let id, let target, let position, let rule):
      ("hopped", [task(id), ("to", lane(target)), ("queue", queue(position)), self.rule(rule)])
    case .awaitStarted(let id, let awaited, let rule):
      ("awaitStarted", [task(id), ("awaiting", .string(awaited.description)), self.rule(rule)])
    case .awaitEnded(let id, let awaited, let position):
      (
        "awaitEnded",
        [task(id), ("awaited", .string(awaited.description)), ("queue", queue(position))]
      )
    case .notDelivered(let event, let chosen):
      (
        "notDelivered",
        [("event", .string(event)), ("lostBy", .string(chosen ? "schedule" : "file"))]
      )
    case .runStopped: ("runStopped", [])
    case .jobsDropped(let target, let count, let busyCut):
      (
        "jobsDropped",
        [("droppedLane", lane(target)), ("count", .int(Int64(count))), ("busyCut", .bool(busyCut))]
      )
    }
  }

  private func lane(_ id: LaneID) -> JSONValue {
    .string(laneNames.indices.contains(Int(id.index)) ? laneNames[Int(id.index)] : "\(id.index)")
  }

  private func task(_ id: TaskID) -> (String, JSONValue) { ("task", .string(id.description)) }

  private func rule(_ rule: String?) -> (String, JSONValue) { ("rule", .optional(rule)) }

  /// `name` as text and `nameNanoseconds` as a number.
  private func instant(_ name: String, _ time: VirtualTime) -> [(String, JSONValue)] {
    [(name, .string(DurationText.instant(time))), (name + "Nanoseconds", .int(time.nanoseconds))]
  }

  private func queue(_ position: TraceEvent.QueuePosition) -> JSONValue {
    .object(
      [
        ("lane", lane(position.lane)), ("jobsAhead", .int(Int64(position.jobsAhead))),
        ("frozen", .bool(position.frozen)),
        ("busyUntilNanoseconds", position.busyUntil.map { .int($0.nanoseconds) } ?? .null),
      ])
  }

  private func job(_ job: TraceEvent.Job) -> JSONValue {
    switch job {
    case .event(let label): .object([("event", .string(label))])
    case .task(let id, let suspension):
      .object([task(id), ("resumingFrom", .optional(suspension?.rawValue))])
    }
  }

  private func effect(_ effect: TraceEvent.CancelEffect) -> [(String, JSONValue)] {
    switch effect {
    case .notStarted: [("effect", .string("notStarted"))]
    case .timerDiscarded(let timer, let position):
      [
        ("effect", .string("timerDiscarded")), ("timer", .int(timer.number)),
        ("queue", queue(position)),
      ]
    case .sleepAlreadyReturned: [("effect", .string("sleepAlreadyReturned"))]
    case .resumptionWillThrow: [("effect", .string("resumptionWillThrow"))]
    case .yieldPending: [("effect", .string("yieldPending"))]
    case .running: [("effect", .string("running"))]
    case .alreadyCancelled: [("effect", .string("alreadyCancelled"))]
    case .alreadyEnded: [("effect", .string("alreadyEnded"))]
    case .continuationPending: [("effect", .string("continuationPending"))]
    case .stillAwaiting: [("effect", .string("stillAwaiting"))]
    case .awaitWillThrow(let position):
      [("effect", .string("awaitWillThrow")), ("queue", queue(position))]
    }
  }

  private func word(_ end: TraceEvent.TaskEnd) -> String {
    switch end {
    case .returned: "returned"
    case .threw: "threw"
    case .killed: "killed"
    }
  }

  private func note(_ note: ModelNote) -> JSONValue {
    .object(
      [
        ("kind", .string(note.kind)), ("task", .optional(note.task?.description)),
        ("subject", .string(note.subject)), ("detail", .array(note.detail.map(JSONValue.string))),
        ("fields", .object(Self.members(note.fields))),
      ])
  }

  /// Typed fields as the members of one object, by name.
  static func members(_ fields: [TraceField]) -> [(String, JSONValue)] {
    fields.map { ($0.name, value($0.value)) }
  }

  /// A typed value in JSON: truth values and numbers as themselves, `none` as null, lists as
  /// arrays, and durations, dates and the rest as files write them (`250ms`, `2026-05-01`).
  static func value(_ value: Value) -> JSONValue {
    switch value {
    case .bool(let flag): .bool(flag)
    case .int(let number): .int(number)
    case .text(let text): .string(text)
    case .none: .null
    case .list(let items): .array(items.map(Self.value))
    case .duration, .day, .instant, .task, .enumCase, .clock: .string(value.written())
    }
  }
}
