import ModelContract
import YAML

/// `processes:` (lanes and state), `records:` and `errors:`.
extension ModelFileDecoder {
  /// Declares every process, lane and state variable; returns the `on-launch:` nodes to resolve
  /// once operations are known.
  mutating func decodeProcesses(_ node: YAMLNode) -> [(process: Int, node: YAMLNode)] {
    guard let entries = context.mapping(node, "'processes'") else { return [] }
    if entries.isEmpty { context.error(node.location, "'processes' declares no process") }
    var onLaunch: [(process: Int, node: YAMLNode)] = []
    for entry in entries {
      guard Self.isName(entry.key, dots: false) else {
        context.error(entry.keyLocation, "a process name is one word, found '\(entry.key)'")
        continue
      }
      let process = processes.count
      processes.append(ProcessDecl(name: entry.key, onLaunch: nil))
      guard let fields = context.mapping(entry.value, "process '\(entry.key)'") else { continue }
      context.checkKeys(
        fields,
        allowed: ["lanes"] + Self.storageSections.map(\.key) + [
          "on-launch", "wall-clock", "restart",
        ],
        in: "process '\(entry.key)'")
      if let wallClock = fields.entry("wall-clock") {
        processes[process].wallClock = word(wallClock.value, "'wall-clock'")
      }
      if let lanesEntry = fields.entry("lanes") {
        decodeLanes(lanesEntry.value, process: process)
      } else {
        context.error(
          entry.keyLocation, "process '\(entry.key)' needs 'lanes:' (such as main: serial)")
      }
      var declared: [String: SourceLocation] = [:]
      for stateEntry in fields {
        guard let storage = Self.storageSections.first(where: { $0.key == stateEntry.key })?.storage
        else { continue }
        guard let variables = context.mapping(stateEntry.value, "'\(stateEntry.key)'") else {
          continue
        }
        for variable in variables {
          if let first = declared[variable.key] {
            duplicate("state variable", variable.key, at: variable.keyLocation, first: first)
            continue
          }
          declared[variable.key] = variable.keyLocation
          declareState(variable, process: process, storage: storage)
        }
      }
      if let launch = fields.entry("on-launch") { onLaunch.append((process, launch.value)) }
      if let restart = fields.entry("restart") { restartNodes.append((process, restart.value)) }
    }
    nameFirstProcessLanes()
    return onLaunch
  }

  /// With two processes or more, the first process's lanes are named `process.lane` too, so a
  /// trace never shows a bare `main` that is the server in one model and the app in the next.
  /// Model files may still write them bare (``laneIndex(_:)``).
  private mutating func nameFirstProcessLanes() {
    guard processes.count > 1, let first = processes.first?.name else { return }
    for index in lanes.indices where lanes[index].process == 0 {
      lanes[index].name = "\(first).\(lanes[index].name)"
    }
  }

  /// The sections of a process that declare state, each with what holds its variables.
  static let storageSections: [(key: String, storage: StateVariable.Storage)] = [
    ("persisted", .persisted), ("memory", .memory), ("transactional", .transactional),
    ("durable", .durable),
  ]

  private mutating func decodeLanes(_ node: YAMLNode, process: Int) {
    guard let entries = context.mapping(node, "'lanes'") else { return }
    if entries.isEmpty { context.error(node.location, "'lanes' declares no lane") }
    for entry in entries {
      guard Self.isName(entry.key, dots: false) else {
        context.error(entry.keyLocation, "a lane name is one word, found '\(entry.key)'")
        continue
      }
      guard let kindText = context.scalar(entry.value, "lane '\(entry.key)'") else { continue }
      let kind: LaneDecl.Kind
      switch kindText {
      case "serial": kind = .serial
      case "concurrent": kind = .concurrent
      default:
        context.unknown(
          "lane kind", kindText, at: entry.value.location, known: ["serial", "concurrent"])
        continue
      }
      let name = process == 0 ? entry.key : "\(processes[process].name).\(entry.key)"
      lanes.append(LaneDecl(name: name, process: process, kind: kind))
    }
  }

  private mutating func declareState(
    _ entry: YAMLMapEntry, process: Int, storage: StateVariable.Storage
  ) {
    let fullName = "\(processes[process].name).\(entry.key)"
    if case .mapping(let fields) = entry.value.content, let table = fields.entry("table") {
      context.checkKeys(fields, allowed: ["table"], in: "table '\(fullName)'")
      guard let columns = tableColumns(table.value, fullName) else { return }
      stateSlots[fullName] = state.count
      state.append(
        StateVariable(
          name: fullName, type: .table(tables.count), storage: storage, process: process,
          initial: .list([])))
      tables.append(TableDecl(name: fullName, columns: columns.fields, defaults: columns.defaults))
      return
    }
    guard let spec = typeSpec(entry.value, "state variable '\(fullName)'", extra: ["default"])
    else { return }
    // A task handle starts as none, so only `optional: true` fits; say that alone.
    if case .task = spec.type {
      context.error(
        entry.keyLocation,
        "'\(fullName)': a task handle in state must be optional (write 'optional: true')")
      return
    }
    var initial: Value?
    if let defaultEntry = spec.entries.entry("default") {
      initial = value(defaultEntry.value, spec.type, "the default of '\(fullName)'")
    } else {
      initial = zeroValue(spec.type, at: entry.keyLocation, "'\(fullName)'")
    }
    stateSlots[fullName] = state.count
    state.append(
      StateVariable(
        name: fullName, type: spec.type, storage: storage, process: process,
        initial: initial ?? Value.none))
  }

  /// A table's columns (`{provider: {type: enum, values: [apple, manual]}, …}`), each with the
  /// value an `insert` that leaves it out gives.
  private mutating func tableColumns(_ node: YAMLNode, _ table: String)
    -> (fields: [Field], defaults: [Value?])?
  {
    guard let entries = context.mapping(node, "the columns of '\(table)'") else { return nil }
    if entries.isEmpty { context.error(node.location, "table '\(table)' has no column") }
    var fields: [Field] = []
    var defaults: [Value?] = []
    var ok = true
    for entry in entries {
      let what = "column '\(entry.key)' of '\(table)'"
      guard Self.isName(entry.key, dots: false) else {
        context.error(entry.keyLocation, "a column name is one word, found '\(entry.key)'")
        ok = false
        continue
      }
      guard let spec = typeSpec(entry.value, what, extra: ["default"]) else {
        ok = false
        continue
      }
      if case .task = spec.type.stripped {
        context.error(entry.keyLocation, "\(what): a table does not hold task handles")
        ok = false
        continue
      }
      var initial = zeroColumn(spec.type)
      if let written = spec.entries.entry("default") {
        guard let parsed = value(written.value, spec.type, "the default of \(what)") else {
          ok = false
          continue
        }
        initial = parsed
      }
      fields.append(Field(entry.key, spec.type))
      defaults.append(initial)
    }
    return ok ? (fields, defaults) : nil
  }

  /// A column's value when an insert leaves it out and it has no `default:` (`nil`: it must be
  /// written, as an instant or a day has no natural zero).
  private func zeroColumn(_ type: ValueType) -> Value? {
    switch type {
    case .optional: Value.none
    case .bool: .bool(false)
    case .int: .int(0)
    case .text: .text("")
    case .duration: .duration(0)
    case .list: .list([])
    case .enumeration: .enumCase(0)
    case .instant, .day, .task, .table, .row: nil
    }
  }

  mutating func decodeRecords(_ node: YAMLNode) {
    guard let entries = context.mapping(node, "'records'") else { return }
    for entry in entries {
      guard Self.isName(entry.key, dots: false) else {
        context.error(entry.keyLocation, "a record name is one word, found '\(entry.key)'")
        continue
      }
      var fields: [Field] = []
      var abouts: [String?] = []
      if let items = context.mapping(entry.value, "record '\(entry.key)'") {
        for item in items {
          let what = "field '\(item.key)' of '\(entry.key)'"
          if let spec = typeSpec(item.value, what, extra: ["about"]) {
            fields.append(Field(item.key, spec.type))
            let about = spec.entries.entry("about")
            abouts.append(about.flatMap { context.scalar($0.value, "'about' of \(what)") })
          }
        }
      }
      records.append(RecordDecl(name: entry.key, fields: fields, abouts: abouts))
    }
  }

  mutating func decodeErrors(_ node: YAMLNode) {
    guard let items = context.sequence(node, "'errors'") else { return }
    var firstAt: [SourceLocation] = []
    for item in items {
      guard let name = word(item, "an error name") else { continue }
      if name == "cancelled" || name == "any" {
        context.error(
          item.location, "'\(name)' is a catch pattern of its own; name the error otherwise")
      } else if let index = errors.firstIndex(of: name) {
        duplicate("error", name, at: item.location, first: firstAt[index])
      } else {
        errors.append(name)
        firstAt.append(item.location)
      }
    }
  }

  /// The scenario keys a section must not take: the generic ones, and the sections every model
  /// file offers (`state`, `faults`, and `history` for a model that reads history).
  static let reservedSections = ScenarioKeys.generic + ["state", "faults", "history"]

  /// `sections: {app: {version: {type: text, default: 1.0.0, binds: app.version}}}`.
  mutating func decodeSections(_ node: YAMLNode) -> [SectionDecl] {
    guard let entries = context.mapping(node, "'sections'") else { return [] }
    var sections: [SectionDecl] = []
    for entry in entries {
      if Self.reservedSections.contains(entry.key) {
        context.error(
          entry.keyLocation,
          "a section cannot be named '\(entry.key)': scenarios of every model file have that key")
        continue
      }
      guard let keys = context.mapping(entry.value, "section '\(entry.key)'") else { continue }
      var decoded: [SectionDecl.Key] = []
      for key in keys {
        let what = "'\(entry.key).\(key.key)'"
        guard
          let spec = typeSpec(key.value, what, extra: ["default", "binds"] + Self.boundKeys)
        else { continue }
        guard let binds = spec.entries.entry("binds") else {
          context.error(key.keyLocation, "\(what) needs 'binds:', the state variable it sets")
          continue
        }
        guard let name = context.scalar(binds.value, "'binds'") else { continue }
        guard let slot = stateSlots[name] else {
          context.unknown(
            "state variable", name, at: binds.value.location, known: state.map(\.name))
          continue
        }
        guard state[slot].type == spec.type else {
          context.error(
            spec.location,
            "\(what) is \(describe(spec.type)), but '\(name)' is \(describe(state[slot].type))")
          continue
        }
        var defaultValue = state[slot].initial
        if let written = spec.entries.entry("default") {
          guard let parsed = value(written.value, spec.type, "the default of \(what)") else {
            continue
          }
          defaultValue = parsed
        }
        guard let bounds = scenarioBounds(spec, what, default: defaultValue) else { continue }
        var decodedKey = SectionDecl.Key(name: key.key, binds: slot, defaultValue: defaultValue)
        decodedKey.bounds = bounds
        decoded.append(decodedKey)
      }
      sections.append(SectionDecl(name: entry.key, keys: decoded))
    }
    return sections
  }
}
