import ModelContract
import ModelLanguage
import YAML

extension ScenarioDecoder {
  /// Decodes `timeline:`: each entry has `at:`, `event:`, an optional `tie: last`, an optional
  /// `maybe: true` or `lost: true`, and the event's fields.
  mutating func decodeTimeline(
    _ node: YAMLNode, vocabulary: ModelVocabulary, start: TimeSyntax.Timestamp
  ) -> [ScriptedHappening]? {
    guard let items = context.sequence(node, "'timeline'") else { return nil }
    var happenings: [ScriptedHappening] = []
    for item in items {
      guard let entries = context.mapping(item, "a timeline entry") else { continue }
      // `at:` and `tie:` are checked even when the event is missing or unknown, so one pass
      // reports every problem of the entry.
      let timing = decodeTiming(entries, start: start, at: item.location)
      let tie = decodeTie(entries)
      var maybe = false
      if let entry = entries.entry("maybe"),
        case .bool(let flag) = context.value(entry.value, .boolean, "'maybe'")
      {
        maybe = flag
      }
      var lost = false
      if let entry = entries.entry("lost"),
        case .bool(let flag) = context.value(entry.value, .boolean, "'lost'")
      {
        lost = flag
        if lost && maybe {
          context.error(
            entry.keyLocation,
            "a happening is either 'maybe: true' (explore tries it delivered and lost) or "
              + "'lost: true' (every run loses it), not both")
        }
      }
      guard let eventEntry = entries.entry("event") else {
        context.error(item.location, "a timeline entry needs 'event:'")
        continue
      }
      guard let name = context.scalar(eventEntry.value, "'event'") else { continue }
      guard let spec = vocabulary.events.first(where: { $0.name == name }) else {
        context.unknown(
          "event", name, at: eventEntry.value.location, known: vocabulary.events.map(\.name))
        continue
      }
      let fields = context.values(
        entries, spec.parameters, at: item.location, in: "event '\(name)'",
        ignoring: ["at", "event", "tie", "maybe", "lost"])
      if let timing {
        happenings.append(
          ScriptedHappening(
            ScriptedEvent(name: name, fields: fields), timing, tie: tie, maybe: maybe, lost: lost))
      }
    }
    return happenings
  }

  private mutating func decodeTie(_ entries: [YAMLMapEntry]) -> TieRank {
    guard let entry = entries.entry("tie"), let text = context.scalar(entry.value, "'tie'") else {
      return .normal
    }
    if text == "last" { return .last }
    context.unknown("tie rank", text, at: entry.value.location, known: ["last"])
    return .normal
  }

  private mutating func decodeTiming(
    _ entries: [YAMLMapEntry], start: TimeSyntax.Timestamp, at location: SourceLocation
  ) -> ScriptedHappening.Timing? {
    guard let entry = entries.entry("at") else {
      context.error(
        location, "a timeline entry needs 'at:' (an offset such as 1.5s, or an RFC 3339 time)")
      return nil
    }
    guard let text = context.scalar(entry.value, "'at'") else { return nil }
    let valueLocation = entry.value.location
    if let (head, tail) = Self.splitWindow(text) {
      let lower = instant(head, start: start, at: valueLocation)
      let upper = instant(tail, start: start, at: valueLocation)
      guard let lower, let upper else { return nil }
      guard lower <= upper else {
        context.error(valueLocation, "the window '\(text)' ends before it starts")
        return nil
      }
      return .within(lower...upper)
    }
    return instant(text, start: start, at: valueLocation).map { .at($0) }
  }

  /// `a..b` split at its first `..`, or `nil` when the text is not a window.
  static func splitWindow(_ text: String) -> (String, String)? {
    let dot = UInt8(ascii: ".")
    var index = text.utf8.startIndex
    while index < text.utf8.endIndex {
      let next = text.utf8.index(after: index)
      if text.utf8[index] == dot && next < text.utf8.endIndex && text.utf8[next] == dot {
        return (String(text[..<index]), String(text[text.utf8.index(after: next)...]))
      }
      index = next
    }
    return nil
  }

  /// An offset from `t = 0`, or an RFC 3339 time converted to one.
  /// Decodes `until:`: the instant the run stops at, an offset or an RFC 3339 time like `at:`.
  /// A window that ends after it is refused: whether its arrival comes before the stop would
  /// have to be explored, and is not.
  mutating func decodeUntil(
    _ entry: YAMLMapEntry, start: TimeSyntax.Timestamp, timeline: [ScriptedHappening]?
  ) -> VirtualTime? {
    guard let text = context.scalar(entry.value, "'until'") else { return nil }
    guard let until = instant(text, start: start, at: entry.value.location, what: "'until'") else {
      return nil
    }
    for happening in timeline ?? [] {
      if case .within(let window) = happening.timing, window.upperBound > until {
        context.error(
          entry.value.location,
          "'until' comes before the end of the window of '\(happening.event.name)' "
            + "(\(DurationText.instant(window.upperBound))); end the window by then")
        return nil
      }
    }
    return until
  }

  private mutating func instant(
    _ raw: String, start: TimeSyntax.Timestamp, at location: SourceLocation,
    what: String = "'at'"
  ) -> VirtualTime? {
    let text = raw.trimmingSpaces
    if TimeSyntax.looksLikeTimestamp(text) {
      guard let time = TimeSyntax.timestamp(text) else {
        context.error(
          location, "'\(text)' is not a valid RFC 3339 time such as 2026-08-15T21:00:02+09:00")
        return nil
      }
      let (offset, overflow) = time.nanosecondsSinceEpoch.subtractingReportingOverflow(
        start.nanosecondsSinceEpoch)
      guard !overflow, offset >= 0 else {
        context.error(location, "'\(text)' is before clock.start")
        return nil
      }
      return VirtualTime(nanoseconds: offset)
    }
    switch DurationSyntax.parse(text, signed: false) {
    case .success(let nanoseconds): return VirtualTime(nanoseconds: nanoseconds)
    case .failure(let failure):
      context.error(location, "\(what): " + DurationSyntax.message(failure, text: text))
      return nil
    }
  }
}
