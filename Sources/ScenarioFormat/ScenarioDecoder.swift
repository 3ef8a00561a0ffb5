import ModelContract
import ModelLanguage
import YAML

/// Turns a located YAML tree into a ``Scenario``, checked against the model's vocabulary, or
/// reports every problem it finds in one pass.
struct ScenarioDecoder {
  let models: [ModelVocabulary]
  /// Models that exist but were not loaded, named in messages only.
  let otherModels: [String]
  var context = DecodingContext()

  /// Every model a scenario may name, in order, each once.
  private var modelNames: [String] {
    var names = models.map(\.name)
    for name in otherModels where !names.contains(name) { names.append(name) }
    return names
  }

  static let defaultStart = TimeSyntax.Timestamp(
    nanosecondsSinceEpoch: 1_767_225_600 * 1_000_000_000, utcOffsetSeconds: 0)

  mutating func decode(_ root: YAMLNode) -> Scenario? {
    guard let entries = context.mapping(root, "a scenario file") else { return nil }
    let vocabulary = decodeModel(entries, at: root.location)
    let modelKeys =
      vocabulary.map { $0.sections.map(\.name) + $0.tables.map(\.name) }
      ?? models.flatMap { $0.sections.map(\.name) + $0.tables.map(\.name) }
    context.checkKeys(entries, allowed: ScenarioKeys.generic + modelKeys, in: "a scenario file")

    let name = decodeName(entries, at: root.location)
    let title = entries.entry("title").flatMap { context.scalar($0.value, "'title'") }
    let about = entries.entry("about").flatMap {
      context.scalar($0.value, "'about'", multiline: true)
    }
    let runtime = decodeRuntime(entries)
    let clock = decodeClock(entries)
    guard let vocabulary else { return nil }

    let variant = decodeVariant(entries, vocabulary)
    var sections: [String: NamedValues] = [:]
    for section in vocabulary.sections {
      let entriesOfSection = entries.entry(section.name).flatMap {
        context.mapping($0.value, "'\(section.name)'")
      }
      let location = entries.entry(section.name)?.value.location ?? root.location
      sections[section.name] = context.values(
        entriesOfSection ?? [], section.keys, at: location, in: "'\(section.name)'")
    }
    let taskBodies = decodeTaskBodies(entries, vocabulary: vocabulary, sections: sections)
    var setup = ModelSetup(
      variant: variant, sections: sections, taskBodies: taskBodies,
      wallClock: WallClock(
        startNanosecondsSinceEpoch: clock.start.nanosecondsSinceEpoch,
        utcOffsetSeconds: clock.offset))
    let content = decodeContent(
      entries, vocabulary: vocabulary, start: clock.start, at: root.location)
    if let until = entries.entry("until") {
      var timeline: [ScriptedHappening]?
      if case .timeline(let happenings) = content { timeline = happenings }
      setup.stopTime = decodeUntil(until, start: clock.start, timeline: timeline)
    } else if let reason = vocabulary.neverEnds, case .timeline? = content {
      context.error(
        entries.entry("model")?.keyLocation ?? root.location,
        "model '\(vocabulary.name)' \(reason), so its runs never end by themselves; say when "
          + "this one stops with 'until:' (such as until: 3d)")
    }
    let expectations =
      entries.entry("expect").map { decodeExpectations($0.value, vocabulary) } ?? []
    let explore = entries.entry("explore").map { decodeExplore($0.value, vocabulary) }
    if let explore, !explore.counterexamples.isEmpty, case .table = content {
      context.error(
        entries.entry("explore")?.keyLocation ?? root.location,
        "a truth table has no schedules, so no counterexample to keep")
    }
    guard context.diagnostics.isEmpty, let name, let content else { return nil }
    var scenario = Scenario(
      name: name, title: title, about: about, model: vocabulary.name, runtime: runtime,
      setup: setup, content: content, expectations: expectations,
      exploreViolations: explore?.violations, exploreRandom: explore?.random,
      exploreStateGraph: explore?.stateGraph ?? false)
    scenario.exploreLocation = entries.entry("explore")?.keyLocation
    scenario.exploreCounterexamples = explore?.counterexamples ?? []
    return scenario
  }

  private mutating func decodeModel(
    _ entries: [YAMLMapEntry], at location: SourceLocation
  ) -> ModelVocabulary? {
    guard let entry = entries.entry("model") else {
      context.error(
        location,
        "a scenario file needs 'model:' (one of: \(modelNames.joined(separator: ", ")))")
      return nil
    }
    guard let name = context.scalar(entry.value, "'model'") else { return nil }
    if let vocabulary = models.first(where: { $0.name == name }) { return vocabulary }
    context.unknown("model", name, at: entry.value.location, known: modelNames)
    return nil
  }

  private mutating func decodeName(_ entries: [YAMLMapEntry], at location: SourceLocation)
    -> String?
  {
    guard let entry = entries.entry("name") else {
      context.error(
        location, "a scenario file needs 'name:' (a short identifier such as busy-main-disappear)")
      return nil
    }
    guard let name = context.scalar(entry.value, "'name'") else { return nil }
    let valid =
      !name.isEmpty
      && name.utf8.allSatisfy {
        ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-")
      }
    guard valid else {
      context.error(entry.value.location, "'name' must use only a-z, 0-9 and '-', found '\(name)'")
      return nil
    }
    return name
  }

  private mutating func decodeRuntime(_ entries: [YAMLMapEntry]) -> RuntimeProfile {
    guard let entry = entries.entry("runtime"),
      let name = context.scalar(entry.value, "'runtime'")
    else { return .swift }
    if let profile = RuntimeProfile.all.first(where: { $0.name == name }) { return profile }
    context.unknown(
      "runtime", name, at: entry.value.location, known: RuntimeProfile.all.map(\.name))
    return .swift
  }

  private mutating func decodeVariant(
    _ entries: [YAMLMapEntry], _ vocabulary: ModelVocabulary
  ) -> String {
    let fallback = vocabulary.variants.first?.name ?? ""
    guard let entry = entries.entry("variant"),
      let name = context.scalar(entry.value, "'variant'")
    else { return fallback }
    let known = vocabulary.variants.map(\.name)
    if known.contains(name) { return name }
    context.unknown("variant", name, at: entry.value.location, known: known)
    return fallback
  }

  private mutating func decodeClock(
    _ entries: [YAMLMapEntry]
  ) -> (start: TimeSyntax.Timestamp, offset: Int32) {
    var start = Self.defaultStart
    guard let entry = entries.entry("clock"),
      let clock = context.mapping(entry.value, "'clock'")
    else { return (start, start.utcOffsetSeconds) }
    context.checkKeys(clock, allowed: ["start", "timezone"], in: "'clock'")
    if let startEntry = clock.entry("start"), let text = context.scalar(startEntry.value, "'start'")
    {
      if let parsed = TimeSyntax.timestamp(text) {
        start = parsed
      } else {
        context.error(
          startEntry.value.location,
          "'start' must be an RFC 3339 time such as 2026-08-15T21:00:00+09:00 (years 1678–2261), found '\(text)'"
        )
      }
    }
    var offset = start.utcOffsetSeconds
    if let zone = clock.entry("timezone"), let text = context.scalar(zone.value, "'timezone'") {
      if let parsed = TimeSyntax.offset(text) {
        offset = parsed
      } else {
        context.error(
          zone.value.location,
          "'timezone' must be a UTC offset such as +09:00 or Z, found '\(text)'")
      }
    }
    return (start, offset)
  }

  private mutating func decodeContent(
    _ entries: [YAMLMapEntry], vocabulary: ModelVocabulary, start: TimeSyntax.Timestamp,
    at location: SourceLocation
  ) -> Scenario.Content? {
    let tables = vocabulary.tables.compactMap { table in
      entries.entry(table.name).map { (table, $0) }
    }
    let timeline = entries.entry("timeline")
    let cases = entries.entry("cases")
    let options =
      (["timeline"] + vocabulary.tables.map(\.name)
      + (vocabulary.functions.isEmpty ? [] : ["cases"])).map { "'\($0):'" }
    let others = tables.map(\.1) + [cases].compactMap { $0 }
    if others.count + (timeline == nil ? 0 : 1) > 1 {
      let second = others.last?.keyLocation ?? location
      context.error(
        second, "a scenario file has one of \(options.joined(separator: " or ")), not several")
      return nil
    }
    if let timeline {
      return decodeTimeline(timeline.value, vocabulary: vocabulary, start: start).map {
        .timeline($0)
      }
    }
    if let cases { return decodeCases(cases.value, vocabulary.functions) }
    if let (table, entry) = tables.first {
      return decodeTable(entry.value, table, "'\(table.name)'").map {
        .table(name: table.name, rows: $0)
      }
    }
    context.error(location, "a scenario file needs \(options.joined(separator: " or "))")
    return nil
  }

  /// The rows of `node`, a list of rows of `table`, which messages call `what`.
  mutating func decodeTable(_ node: YAMLNode, _ table: TableSpec, _ what: String) -> [TableRow]? {
    guard let items = context.sequence(node, what) else { return nil }
    var rows: [TableRow] = []
    for item in items {
      guard let entries = context.mapping(item, "a row of \(what)") else { continue }
      let values = context.values(
        entries, table.columns + [table.answer], at: item.location, in: "a row of \(what)")
      rows.append(TableRow(values: values, location: item.location))
    }
    if items.isEmpty { context.error(node.location, "\(what) has no rows") }
    return rows
  }

  private mutating func decodeExpectations(
    _ node: YAMLNode, _ vocabulary: ModelVocabulary
  ) -> [Expectation] {
    guard let entries = context.mapping(node, "'expect'") else { return [] }
    context.checkKeys(
      entries, allowed: vocabulary.summaryFields.map(\.key) + ["violations"], in: "'expect'")
    var expectations: [Expectation] = []
    for entry in entries {
      if entry.key == "violations" {
        if let names = decodeInvariants(entry.value, vocabulary, "'violations'") {
          expectations.append(
            Expectation(key: entry.key, value: .violations(names), location: entry.keyLocation))
        }
        continue
      }
      guard let field = vocabulary.summaryFields.first(where: { $0.key == entry.key }),
        let value = context.value(entry.value, field.kind, "'\(entry.key)'")
      else { continue }
      expectations.append(
        Expectation(
          key: entry.key, value: .summary(field: field.field, value: value, kind: field.kind),
          location: entry.keyLocation))
    }
    return expectations
  }

  private mutating func decodeExplore(
    _ node: YAMLNode, _ vocabulary: ModelVocabulary
  ) -> (
    violations: [String], random: (runs: Int, seed: UInt64)?, stateGraph: Bool,
    counterexamples: [String]
  ) {
    guard let entries = context.mapping(node, "'explore'") else { return ([], nil, false, []) }
    context.checkKeys(
      entries, allowed: ["violations", "random", "seed", "state-graph", "counterexample"],
      in: "'explore'")
    var stateGraph = false
    if let entry = entries.entry("state-graph"),
      case .bool(let flag) = context.value(entry.value, .boolean, "'state-graph'")
    {
      stateGraph = flag
      if flag, entries.entry("random") != nil {
        context.error(
          entry.keyLocation, "'state-graph: true' counts every schedule; it cannot go with 'random'"
        )
      }
    }
    let violations =
      entries.entry("violations").flatMap { decodeInvariants($0.value, vocabulary, "'violations'") }
      ?? []
    var counterexamples: [String] = []
    if let entry = entries.entry("counterexample") {
      // One invariant, or a list of them: each one's shortest counterexample is kept.
      let named: [(name: String, location: SourceLocation)]
      if case .sequence(let items) = entry.value.content {
        var names = decodeInvariants(entry.value, vocabulary, "'counterexample'") ?? []
        named = items.compactMap { item in
          guard case .scalar(let word, _) = item.content, let index = names.firstIndex(of: word)
          else { return nil }
          names.remove(at: index)  // a name listed twice is reported once, by the list
          return (word, item.location)
        }
      } else {
        let word = context.scalar(entry.value, "'counterexample'")
        named = word.map { [($0, entry.value.location)] } ?? []
      }
      for (name, location) in named {
        if violations.contains(name) {
          counterexamples.append(name)
        } else {
          context.error(
            location,
            "'counterexample: \(name)' keeps the shortest counterexample of an invariant the "
              + "file expects to break; list it under 'violations' too")
        }
      }
    }
    let counts: ValueKind = .integer(1...1_000_000_000)
    let runs = entries.entry("random").flatMap { context.value($0.value, counts, "'random'") }
    let seed = entries.entry("seed").flatMap {
      context.value($0.value, .integer(0...Int64.max), "'seed'")
    }
    if case .int(let count) = runs {
      var start: UInt64 = 1
      if case .int(let value) = seed { start = UInt64(value) }
      return (violations, (Int(count), start), stateGraph, counterexamples)
    }
    if let entry = entries.entry("seed"), runs == nil, entries.entry("random") == nil {
      context.error(entry.keyLocation, "'seed' goes with 'random: N'")
    }
    return (violations, nil, stateGraph, counterexamples)
  }

  private mutating func decodeInvariants(
    _ node: YAMLNode, _ vocabulary: ModelVocabulary, _ what: String
  ) -> [String]? {
    guard let items = context.sequence(node, what) else { return nil }
    let known = vocabulary.invariants.map(\.name)
    var names: [String] = []
    for item in items {
      guard let name = context.scalar(item, "an invariant") else { continue }
      if !known.contains(name) {
        context.unknown("invariant", name, at: item.location, known: known)
      } else if names.contains(name) {
        context.error(item.location, "invariant '\(name)' is listed twice")
      } else {
        names.append(name)
      }
    }
    return names
  }
}
