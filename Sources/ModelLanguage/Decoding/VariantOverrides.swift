import YAML

/// The events, periodic jobs and state defaults a variant replaces, read once the model's own
/// are known.
extension ModelFileDecoder {
  /// Reads each variant's `events:`, `periodic:` and `state:` against the model's.
  mutating func decodeVariantOverrides(
    _ declared: [[YAMLMapEntry]], events: [EventDecl], periodic: [PeriodicDecl],
    sections: [SectionDecl]
  ) {
    let suspends = suspensions()
    for (variant, fields) in declared.enumerated() {
      let what = "variant '\(variants[variant].name)'"
      if let node = fields.entry("events")?.value {
        replaceEvents(node, variant: variant, what, events: events, suspends: suspends)
      }
      if let node = fields.entry("periodic")?.value {
        replacePeriodic(node, variant: variant, what, periodic: periodic)
      }
      if let node = fields.entry("state")?.value {
        replaceState(node, variant: variant, what, sections: sections)
      }
    }
  }

  /// `events: {EVENT: {do or steps, about}}`: a new action for events of the model. `on`,
  /// `process` and `params` may be written too, and must then be the model's.
  private mutating func replaceEvents(
    _ node: YAMLNode, variant: Int, _ what: String, events: [EventDecl],
    suspends: [SourceLocation?]
  ) {
    let names = events.map(\.name)
    for part in replacedParts(
      node, "events", of: what, kind: "event", names: names,
      known: names.filter { !Self.builtInEventNames.contains($0) },
      allowed: ["do", "steps", "on", "process", "params", "about"],
      refusal: { name in
        Self.builtInEventNames.contains(name)
          ? "'\(name)' is a built-in event; a variant replaces the model's own events only" : nil
      })
    {
      let (index, entry, fields, place) = (part.index, part.entry, part.fields, part.place)
      let event = events[index]
      keepsDelivery(fields, of: event)
      if let params = fields.entry("params") {
        let before = context.diagnostics.count
        let written = eventParameters(fields, place)
        if context.diagnostics.count == before, written != event.parameters {
          let same = written.map(\.field) == event.parameters.map(\.field)
          context.error(
            params.keyLocation,
            "a variant replaces an event's steps only; '\(entry.key)' takes "
              + describe(event.parameters.map(\.field))
              + (same ? ", with the model's defaults" : ""))
        }
      }
      let lane: Int? = if case .job(let lane) = event.delivery { lane } else { nil }
      if let action = eventAction(
        fields, place, name: entry.key, at: entry.keyLocation, parameters: event.parameters,
        lane: lane, suspends: suspends)
      {
        variants[variant].handlers[index] = action.body
      }
    }
  }

  /// Refuses an event's `process:` or `on:` that differ from the model's.
  private mutating func keepsDelivery(_ fields: [YAMLMapEntry], of event: EventDecl) {
    let prefix = "a variant replaces an event's steps only; '\(event.name)'"
    if let entry = fields.entry("process"), let name = context.scalar(entry.value, "'process'") {
      if let process = knownProcess(name, at: entry.value.location), process != event.process {
        context.error(
          entry.value.location, "\(prefix) is sent to '\(processes[event.process].name)'")
      }
    }
    guard let on = fields.entry("on") else { return }
    let written: EventDecl.Delivery?
    if case .scalar("at-once", _) = on.value.content {
      written = .atOnce
    } else {
      written = laneName(on.value).map { .job(lane: $0) }
    }
    guard let written, written != event.delivery else { return }
    switch event.delivery {
    case .atOnce:
      context.error(on.value.location, "\(prefix) runs at once")
    case .job(let lane):
      context.error(on.value.location, "\(prefix) runs on '\(lanes[lane].name)'")
    }
  }

  /// `periodic: {JOB: {every, at, do}}`: a job of the model with other fields; a field left out
  /// is the one the variant inherits from the model.
  private mutating func replacePeriodic(
    _ node: YAMLNode, variant: Int, _ what: String, periodic: [PeriodicDecl]
  ) {
    for part in replacedParts(
      node, "periodic", of: what, kind: "periodic job", names: periodic.map(\.name),
      placeKind: "periodic job ", allowed: ["every", "at", "do", "process", "about"])
    {
      let (index, entry, fields, place) = (part.index, part.entry, part.fields, part.place)
      guard fields.contains(where: { ["every", "at", "do"].contains($0.key) }) else {
        context.error(entry.keyLocation, "\(place) needs 'every:', 'at:' or 'do:', what it changes")
        continue
      }
      if let job = periodicJob(
        fields, place, name: entry.key, at: entry.keyLocation, base: periodic[index])
      {
        variants[variant].periodic[index] = job
      }
    }
  }

  /// `state: {VARIABLE: VALUE}`: other initial values for state variables of the model, as a
  /// scenario's `state:` writes them.
  private mutating func replaceState(
    _ node: YAMLNode, variant: Int, _ what: String, sections: [SectionDecl]
  ) {
    guard let entries = context.mapping(node, "'state' of \(what)") else { return }
    for entry in entries {
      guard let slot = stateSlots[entry.key] else {
        context.unknown(
          "state variable", entry.key, at: entry.keyLocation, known: state.map(\.name))
        continue
      }
      if case .table = state[slot].type {
        context.error(
          entry.keyLocation, "'\(entry.key)' is a table, which starts empty in every variant")
        continue
      }
      for section in sections {
        for key in section.keys where key.binds == slot {
          context.error(
            entry.keyLocation,
            "'\(entry.key)' is bound to the scenario key '\(section.name).\(key.name)', whose "
              + "default is the same in every variant")
        }
      }
      if let value = value(
        entry.value, state[slot].type, "the default of '\(entry.key)' in \(what)")
      {
        variants[variant].initial[slot] = value
      }
    }
  }
}
