import RacelabKernel

extension ScenarioDecoder {
  static let wordSteps: [String: TaskStep<String>] = [
    "guard-not-cancelled": .guardNotCancelled, "check-cancellation": .checkCancellation,
    "yield": .yield,
  ]
  static let stepNames = ["sleep", "guard-not-cancelled", "check-cancellation", "yield", "call"]

  /// Decodes `task:`: a list of bare words (`yield`) and one-key mappings (`sleep: delay` with
  /// an optional `on-cancel:`, `call: fire`). `sleep:` takes a duration or the name of a
  /// duration in `config` (`delay`).
  mutating func decodeTask(
    _ node: YAMLNode, vocabulary: ModelVocabulary, config: SettingValues
  ) -> [TaskStep<String>]? {
    guard let items = context.sequence(node, "'task'") else { return nil }
    let configKeys = vocabulary.sections.first { $0.name == "config" }?.keys ?? []
    let named = configKeys.filter { $0.kind == .duration }.map(\.name)
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
        if let step = decodeSleep(sleep, entries.entry("on-cancel"), config: config, named: named) {
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
    if items.isEmpty { context.error(node.location, "'task' has no steps") }
    return steps
  }

  private mutating func decodeSleep(
    _ sleep: YAMLMapEntry, _ onCancelEntry: YAMLMapEntry?, config: SettingValues,
    named: [String]
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
    if named.contains(text), case .duration(let length) = config[text] {
      return .sleep(nanoseconds: length, onCancel: onCancel)
    }
    switch DurationSyntax.parse(text, signed: false) {
    case .success(let nanoseconds):
      return .sleep(nanoseconds: nanoseconds, onCancel: onCancel)
    case .failure(let failure):
      context.error(
        sleep.value.location,
        "'sleep': " + DurationSyntax.message(failure, text: text)
          + ", or the name of a duration in 'config' (\(named.joined(separator: ", ")))",
        note: NearestWord.suggestion(for: text, among: named).map { "did you mean '\($0)'?" })
      return nil
    }
  }
}
