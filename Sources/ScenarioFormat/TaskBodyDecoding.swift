import ModelContract
import ModelLanguage
import YAML

extension ScenarioDecoder {
  static let wordSteps: [String: TaskStep<String>] = [
    "guard-not-cancelled": .guardNotCancelled, "check-cancellation": .checkCancellation,
    "yield": .yield,
  ]
  static let stepNames = ["sleep", "guard-not-cancelled", "check-cancellation", "yield", "call"]

  /// Decodes `task:` (the body of the model's first program) and `tasks:` (bodies by program
  /// name) into the task bodies the file replaces.
  mutating func decodeTaskBodies(
    _ entries: [YAMLMapEntry], vocabulary: ModelVocabulary, sections: [String: NamedValues]
  ) -> [String: [TaskStep<String>]] {
    let durations = NamedDurations(vocabulary: vocabulary, sections: sections)
    var bodies: [String: [TaskStep<String>]] = [:]
    let programs = vocabulary.programs.map(\.name)
    if let task = entries.entry("task") {
      if let first = programs.first {
        bodies[first] = decodeTask(
          task.value, "'task'", vocabulary: vocabulary, durations: durations)
      } else {
        context.error(task.keyLocation, "model '\(vocabulary.name)' has no task body to replace")
      }
    }
    guard let tasks = entries.entry("tasks"), let named = context.mapping(tasks.value, "'tasks'")
    else { return bodies }
    for entry in named {
      guard programs.contains(entry.key) else {
        context.unknown("task body", entry.key, at: entry.keyLocation, known: programs)
        continue
      }
      guard bodies[entry.key] == nil else {
        context.error(
          entry.keyLocation, "'tasks' replaces '\(entry.key)', which 'task:' already replaces")
        continue
      }
      bodies[entry.key] = decodeTask(
        entry.value, "'\(entry.key)'", vocabulary: vocabulary, durations: durations)
    }
    return bodies
  }

  /// Decodes one task body: a list of bare words (`yield`) and one-key mappings
  /// (`sleep: delay` with an optional `on-cancel:`, `call: fire`). `sleep:` takes a duration or
  /// the name of a duration setting (`delay`, or `config.delay` in full).
  private mutating func decodeTask(
    _ node: YAMLNode, _ what: String, vocabulary: ModelVocabulary, durations: NamedDurations
  ) -> [TaskStep<String>]? {
    guard let items = context.sequence(node, what) else { return nil }
    var steps: [TaskStep<String>] = []
    for item in items {
      if case .scalar = item.content {
        guard let word = context.scalar(item, "a task step") else { continue }
        if let step = Self.wordSteps[word] {
          steps.append(step)
        } else if word == "sleep" || word == "call" {
          context.error(
            item.location,
            "step '\(word)' needs a value, such as '\(word == "sleep" ? "sleep: delay" : "call: fire")'"
          )
        } else {
          context.unknown("step", word, at: item.location, known: Self.stepNames)
        }
        continue
      }
      guard let entries = context.mapping(item, "a task step") else { continue }
      if let sleep = entries.entry("sleep") {
        context.checkKeys(entries, allowed: ["sleep", "on-cancel"], in: "a sleep step")
        if let step = decodeSleep(sleep, entries.entry("on-cancel"), durations: durations) {
          steps.append(step)
        }
      } else if let call = entries.entry("call") {
        context.checkKeys(entries, allowed: ["call"], in: "a call step")
        guard let name = context.scalar(call.value, "'call'") else { continue }
        if vocabulary.operations.contains(name) {
          steps.append(.call(name))
        } else {
          context.unknown("operation", name, at: call.value.location, known: vocabulary.operations)
        }
      } else if let first = entries.first {
        if Self.wordSteps[first.key] != nil {
          context.error(
            first.keyLocation, "step '\(first.key)' takes no value; write '- \(first.key)'")
        } else {
          context.unknown("step", first.key, at: first.keyLocation, known: Self.stepNames)
        }
      }
    }
    if items.isEmpty { context.error(node.location, "\(what) has no steps") }
    return steps
  }

  private mutating func decodeSleep(
    _ sleep: YAMLMapEntry, _ onCancelEntry: YAMLMapEntry?, durations: NamedDurations
  ) -> TaskStep<String>? {
    var onCancel = OnCancel.throw
    if let onCancelEntry, let text = context.scalar(onCancelEntry.value, "'on-cancel'") {
      if let parsed = OnCancel(rawValue: text) {
        onCancel = parsed
      } else {
        context.unknown(
          "on-cancel handling", text, at: onCancelEntry.value.location,
          known: OnCancel.allCases.map(\.rawValue))
      }
    }
    guard let text = context.scalar(sleep.value, "'sleep'") else { return nil }
    if let length = durations.value(named: text) {
      return .sleep(nanoseconds: length, onCancel: onCancel)
    }
    switch DurationSyntax.parse(text, signed: false) {
    case .success(let nanoseconds):
      return .sleep(nanoseconds: nanoseconds, onCancel: onCancel)
    case .failure(let failure):
      context.error(
        sleep.value.location,
        "'sleep': " + DurationSyntax.message(failure, text: text)
          + durations.alternatives,
        note: NearestWord.suggestion(for: text, among: durations.names).map {
          "did you mean '\($0)'?"
        })
      return nil
    }
  }
}

/// The duration settings a `sleep:` step may name: every duration key of every section, by its
/// full name (`config.delay`) and, when no other section has a key of that name, by its key
/// alone (`delay`).
struct NamedDurations {
  /// The names messages offer: the short name, or the full one where keys of two sections
  /// share a name. (A full name is always accepted.)
  let names: [String]
  private let values: [String: Int64]

  init(vocabulary: ModelVocabulary, sections: [String: NamedValues]) {
    var short: [String] = []
    var full: [String] = []
    var values: [String: Int64] = [:]
    let keys = vocabulary.sections.flatMap { section in
      section.keys.filter { $0.kind == .duration || $0.kind == .signedDuration }.map {
        (section.name, $0.name)
      }
    }
    for (section, key) in keys {
      guard case .duration(let length) = sections[section]?[key] else { continue }
      values[section + "." + key] = length
      if keys.filter({ $0.1 == key }).count == 1 {
        values[key] = length
        short.append(key)
      } else {
        full.append(section + "." + key)
      }
    }
    self.names = short + full
    self.values = values
  }

  /// The length of the setting written `name`, if it is one.
  func value(named name: String) -> Int64? { values[name] }

  /// The end of a message about a `sleep:` value that is neither a duration nor a name.
  var alternatives: String {
    names.isEmpty ? "" : ", or the name of a duration setting (\(names.joined(separator: ", ")))"
  }
}
