import ModelContract
import YAML

/// `events:` and the built-in events every model has.
extension ModelFileDecoder {
  static let builtInEventNames = [
    "main-busy", "app-suspend", "app-resume", "relaunch", "crash", "wall-clock-shift",
  ]

  /// Where each operation first suspends, following calls on its own lane (a handler that
  /// calls it inline suspends there too).
  func suspensions() -> [SourceLocation?] {
    var suspends = directSuspension
    var changed = true
    while changed {
      changed = false
      for operation in suspends.indices where suspends[operation] == nil {
        if let callee = sameLaneCalls[operation].first(where: { suspends[$0] != nil }) {
          suspends[operation] = suspends[callee]
          changed = true
        }
      }
    }
    return suspends
  }

  static let eventKeys = ["do", "steps", "on", "process", "params", "about", "internal", "label"]

  /// Reads each event's name and parameters (``eventSignatures``), before any body.
  mutating func declareEvents(_ node: YAMLNode?) {
    guard let node, let entries = context.mapping(node, "'events'") else { return }
    for entry in entries {
      if Self.builtInEventNames.contains(entry.key) {
        context.error(
          entry.keyLocation,
          "'\(entry.key)' is a built-in event; give the model's own another name")
        continue
      }
      let what = "event '\(entry.key)'"
      guard Self.isName(entry.key, dots: false) else {
        context.error(entry.keyLocation, "an event name is one word, found '\(entry.key)'")
        continue
      }
      guard let fields = context.mapping(entry.value, what) else { continue }
      context.checkKeys(fields, allowed: Self.eventKeys, in: what)
      let isInternal = fields.entry("internal").flatMap { flag($0.value, "'internal'") } ?? false
      eventSignatures.append(
        EventSignature(
          parameters: eventParameters(fields, what, writtenByTimelines: !isInternal),
          entry: entry, fields: fields, isInternal: isInternal))
    }
  }

  /// The events ``declareEvents(_:)`` declared, then the built-in ones.
  mutating func decodeEvents() -> [EventDecl] {
    let suspends = suspensions()
    var events: [EventDecl] = []
    for signature in eventSignatures {
      if let event = decodeEvent(signature, suspends: suspends) { events.append(event) }
    }
    return events + builtInEvents()
  }

  private mutating func decodeEvent(_ signature: EventSignature, suspends: [SourceLocation?])
    -> EventDecl?
  {
    let entry = signature.entry
    let fields = signature.fields
    let what = "event '\(entry.key)'"
    guard let (process, delivery) = eventDelivery(fields) else { return nil }
    let lane: Int? =
      if case .job(let lane) = delivery { lane } else { nil }
    let parameters = signature.parameters
    var help = ""
    if let about = fields.entry("about"), let text = context.scalar(about.value, "'about'") {
      help = text
    }
    guard
      let action = eventAction(
        fields, what, name: entry.key, at: entry.keyLocation, parameters: parameters, lane: lane,
        suspends: suspends)
    else { return nil }
    if help.isEmpty, let operation = action.runs { help = "runs \(operations[operation].name)" }
    var event = EventDecl(
      name: entry.key, process: process, parameters: parameters, delivery: delivery,
      action: .handler(action.body), help: help)
    event.isInternal = signature.isInternal
    if let entry = fields.entry("label") {
      guard let label = eventLabel(entry.value, parameters: parameters) else { return nil }
      event.label = label
    }
    return event
  }

  /// An event's `label:`: text with `{NAME}` parts, each the name of one of its parameters
  /// (the trace shows the value); at most ``labelLimit`` characters of text.
  private mutating func eventLabel(_ node: YAMLNode, parameters: [Parameter])
    -> [EventDecl.LabelPart]?
  {
    let parts = template(node, text: EventDecl.LabelPart.text) { decoder, inner in
      let name = String(scalars: inner.text[...]).trimmingSpaces
      guard let index = parameters.firstIndex(where: { $0.field.name == name }) else {
        decoder.context.error(
          inner.location(0),
          "a label's '{…}' names one of the event's parameters"
            + (parameters.isEmpty
              ? ", and it has none"
              : " (\(parameters.map(\.field.name).joined(separator: ", "))), found '\(name)'"))
        return nil
      }
      return .parameter(index)
    }
    guard let parts else { return nil }
    if parts.isEmpty {
      context.error(
        node.location, "'label' is empty; name the happening, such as 'label: scene {state}'")
      return nil
    }
    return parts
  }

  /// The process an event is sent to (`process:`, default the first) and how it is delivered
  /// (`on:` a lane of that process or `at-once`, default the process's first lane).
  mutating func eventDelivery(_ fields: [YAMLMapEntry]) -> (Int, EventDecl.Delivery)? {
    var process = 0
    if let processEntry = fields.entry("process"),
      let name = context.scalar(processEntry.value, "'process'")
    {
      guard let index = knownProcess(name, at: processEntry.value.location) else { return nil }
      process = index
    }
    var delivery: EventDecl.Delivery
    if let on = fields.entry("on") {
      if case .scalar("at-once", _) = on.value.content {
        delivery = .atOnce
      } else {
        guard let lane = laneName(on.value) else { return nil }
        if lanes[lane].process != process {
          context.error(
            on.value.location,
            "lane '\(lanes[lane].name)' belongs to process "
              + "'\(processes[lanes[lane].process].name)', not '\(processes[process].name)'")
          return nil
        }
        delivery = .job(lane: lane)
      }
    } else {
      guard let lane = lanes.firstIndex(where: { $0.process == process }) else { return nil }
      delivery = .job(lane: lane)
    }
    return (process, delivery)
  }

  /// What an event does: `do: OP` (one call, whose operation is `runs`) or `steps:` (a
  /// handler), its parameters as locals `0..<parameters.count`.
  mutating func eventAction(
    _ fields: [YAMLMapEntry], _ what: String, name: String, at location: SourceLocation,
    parameters: [Parameter], lane: Int?, suspends: [SourceLocation?]
  ) -> (body: Body, runs: Int?)? {
    switch (fields.entry("do"), fields.entry("steps")) {
    case (let doEntry?, nil):
      guard let operation = operationNamed(doEntry.value, "'do'"),
        let steps = doStep(
          operation, doEntry, parameters: parameters, lane: lane, suspends: suspends)
      else { return nil }
      return (Body(steps: steps, localCount: parameters.count), operation)
    case (nil, let stepsEntry?):
      var scope = ExpressionScope(place: .handler)
      for (slot, parameter) in parameters.enumerated() {
        scope.bind(parameter.field.name, type: parameter.field.type, slot: slot)
      }
      var state = BodyState(
        lane: lane, result: nil, operation: nil, variant: nil, isHandler: true,
        localCount: parameters.count)
      let steps = decodeSteps(
        stepsEntry.value, "the steps of '\(name)'", scope: scope, state: &state)
      for call in state.inlineCalls {
        if let at = suspends[call.operation] {
          context.error(
            call.location,
            "an event handler must not suspend, but '\(operations[call.operation].name)' "
              + "suspends at line \(at.line); spawn it instead")
        }
      }
      return (Body(steps: steps, localCount: state.localCount), nil)
    case (.some(let doEntry), .some):
      context.error(doEntry.keyLocation, "\(what) has both 'do:' and 'steps:'; keep one")
      return nil
    case (nil, nil):
      context.error(location, "\(what) needs 'do: OPERATION' or 'steps:'")
      return nil
    }
  }

  /// `do: OP`: one call of the operation, its parameters passed by name from the event's.
  private mutating func doStep(
    _ operation: Int, _ entry: YAMLMapEntry, parameters: [Parameter], lane: Int?,
    suspends: [SourceLocation?]
  ) -> [Step]? {
    let signature = operations[operation]
    let location = entry.value.location
    var arguments: [Expression] = []
    var ok = true
    for parameter in signature.parameters {
      guard let index = parameters.firstIndex(where: { $0.field.name == parameter.name }) else {
        context.error(
          location,
          "'\(signature.name)' needs '\(parameter.name)'; declare it under the event's 'params:'")
        ok = false
        continue
      }
      guard parameters[index].field.type.isAssignable(to: parameter.type) else {
        context.error(
          location,
          "'\(parameter.name)' is \(describe(parameters[index].field.type)) here, but "
            + "'\(signature.name)' takes \(describe(parameter.type))")
        ok = false
        continue
      }
      arguments.append(.local(index))
    }
    for parameter in parameters
    where !signature.parameters.contains(where: { $0.name == parameter.field.name }) {
      context.error(
        location, "'\(signature.name)' has no parameter '\(parameter.field.name)' to pass it to")
      ok = false
    }
    if let lane, lane != signature.lane {
      context.error(
        location,
        "an event handler must not suspend, but '\(signature.name)' runs on "
          + "'\(lanes[signature.lane].name)', a hop from '\(lanes[lane].name)'",
        note: "give the event 'on: \(lanes[signature.lane].name)', or spawn the operation from "
          + "'steps:'")
      ok = false
    } else if let at = suspends[operation] {
      context.error(
        location,
        "an event handler must not suspend, but '\(signature.name)' suspends at line "
          + "\(at.line); spawn it from 'steps:' instead")
      ok = false
    }
    guard ok else { return nil }
    return [Step(.call(operation: operation, arguments: arguments, into: nil), line: location.line)]
  }

  /// An event's `params:`; a timeline's event (`writtenByTimelines`) takes only values a
  /// timeline entry can write.
  mutating func eventParameters(
    _ fields: [YAMLMapEntry], _ what: String, writtenByTimelines: Bool = true
  ) -> [Parameter] {
    guard let params = fields.entry("params"),
      let items = context.mapping(params.value, "'params' of \(what)")
    else { return [] }
    var parameters: [Parameter] = []
    for item in items {
      guard Self.isName(item.key, dots: false) else {
        context.error(item.keyLocation, "a parameter name is one word, found '\(item.key)'")
        continue
      }
      guard
        let spec = typeSpec(
          item.value, "parameter '\(item.key)'",
          extra: ["default", "default-from"] + Self.boundKeys)
      else {
        continue
      }
      // Still declared, so that the steps reading it are checked without follow-up errors.
      if writtenByTimelines && !spec.type.isWritableInScenarios {
        context.error(
          item.value.location,
          "parameter '\(item.key)' is \(describe(spec.type)), which a timeline entry cannot "
            + "write; use a day, a duration, a number, text, a word or a list of them")
      }
      var defaultValue: Value?
      if let written = spec.entries.entry("default") {
        guard let parsed = value(written.value, spec.type, "the default of '\(item.key)'") else {
          continue
        }
        defaultValue = parsed
      }
      var defaultState: Int?
      if let from = spec.entries.entry("default-from") {
        guard defaultValue == nil else {
          context.error(
            from.keyLocation,
            "parameter '\(item.key)' has both 'default:' and 'default-from:'; keep one")
          continue
        }
        guard let name = context.scalar(from.value, "'default-from'") else { continue }
        guard let slot = stateSlots[name] else {
          context.unknown(
            "state variable", name, at: from.value.location, known: state.map(\.name))
          continue
        }
        guard state[slot].type.isAssignable(to: spec.type) else {
          context.error(
            from.value.location,
            "'\(name)' is \(describe(state[slot].type)), but parameter '\(item.key)' is "
              + "\(describe(spec.type))")
          continue
        }
        defaultState = slot
      }
      guard
        let bounds = scenarioBounds(spec, "parameter '\(item.key)'", default: defaultValue)
      else { continue }
      var parameter = Parameter(
        Field(item.key, spec.type), default: defaultValue, defaultState: defaultState)
      parameter.bounds = bounds
      parameters.append(parameter)
    }
    return parameters
  }

  /// The kernel's events, each with a last `process` parameter (default the first process).
  private mutating func builtInEvents() -> [EventDecl] {
    guard !processes.isEmpty else { return [] }
    let processType = ValueType.enumeration(enumIndex(processes.map(\.name)))
    var process = Parameter(Field("process", processType), default: .enumCase(0))
    process.bounds.about = "the process it happens to"
    // A lane cannot be busy for less than no time: `for: -5s` is refused where it is written.
    var busy = Parameter(Field("for", .duration), default: nil)
    busy.bounds.minimum = 0
    busy.bounds.about = "how long the lane is busy"
    var shift = Parameter(Field("by", .duration), default: nil)
    shift.bounds.about = "signed amount (-30d, +2h)"
    let firstLane = lanes.firstIndex { $0.process == 0 } ?? 0
    let table: [(String, [Parameter], EventDecl.Delivery, BuiltInEvent, String)] = [
      (
        "main-busy", [busy, process],
        .job(lane: firstLane), .busy, "the process's first lane runs a long job"
      ),
      ("app-suspend", [process], .atOnce, .suspend, "the process freezes; timers keep counting"),
      ("app-resume", [process], .atOnce, .resume, "the process thaws"),
      (
        "relaunch", [process], .atOnce, .relaunch,
        "the process dies and starts again (memory state reset, then its restart: and on-launch)"
      ),
      ("crash", [process], .atOnce, .crash, "the process dies until a relaunch"),
      (
        "wall-clock-shift", [shift, process], .atOnce,
        .wallClockShift, "the wall clock jumps by a signed duration"
      ),
    ]
    return table.map { name, parameters, delivery, event, help in
      EventDecl(
        name: name, process: 0, parameters: parameters, delivery: delivery,
        action: .builtIn(event), help: help)
    }
  }
}

extension ValueType {
  /// Whether scenario files can write a value of this type (an event's field, a state
  /// setting): instants, tasks, tables and rows have no written form there.
  var isWritableInScenarios: Bool {
    switch self {
    case .bool, .int, .text, .duration, .day, .enumeration: true
    case .list(let element): element.isWritableInScenarios
    case .optional(let wrapped):
      switch wrapped {
      case .text, .duration, .day, .enumeration: true
      default: false
      }
    case .instant, .task, .table, .row: false
    }
  }
}
