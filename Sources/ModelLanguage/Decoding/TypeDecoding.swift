import ModelContract
import YAML

/// A declared type with the entries written beside it (`default:`, `binds:`).
struct TypeSpec {
  var type: ValueType
  var entries: [YAMLMapEntry]
  var location: SourceLocation
}

extension ModelFileDecoder {
  static let typeWords = [
    "bool", "int", "text", "enum", "duration", "instant", "day", "task", "list",
  ]

  /// A type written as a word (`text`) or a mapping (`{type: enum, values: [a, b],
  /// optional: true}`), allowing `extra` keys beside it.
  mutating func typeSpec(_ node: YAMLNode, _ what: String, extra: [String] = []) -> TypeSpec? {
    if case .scalar = node.content {
      guard let word = context.scalar(node, what) else { return nil }
      guard let type = simpleType(word, at: node.location, what) else { return nil }
      return TypeSpec(type: type, entries: [], location: node.location)
    }
    guard let entries = context.mapping(node, what) else { return nil }
    if let table = entries.entry("table") {
      context.error(
        table.keyLocation,
        "\(what): a table is a state variable of its own, declared under a process's "
          + "'persisted:', 'memory:', 'transactional:' or 'durable:'")
      return nil
    }
    context.checkKeys(entries, allowed: ["type", "values", "of", "optional"] + extra, in: what)
    guard let typeEntry = entries.entry("type") else {
      context.error(
        node.location, "\(what) needs 'type:' (one of \(Self.typeWords.joined(separator: ", ")))")
      return nil
    }
    guard let word = context.scalar(typeEntry.value, "'type'") else { return nil }
    var type: ValueType?
    switch word {
    case "enum":
      type = enumType(entries, at: typeEntry.value.location)
    case "list":
      if let of = entries.entry("of") {
        type = typeSpec(of.value, "'of'").map { .list($0.type) }
      } else {
        context.error(typeEntry.value.location, "a list needs 'of:', the type of its items")
      }
    default:
      type = simpleType(word, at: typeEntry.value.location, "'type'")
    }
    if word != "enum", let values = entries.entry("values") {
      context.error(values.keyLocation, "'values:' belongs to 'type: enum' only")
    }
    if word != "list", let of = entries.entry("of") {
      context.error(of.keyLocation, "'of:' belongs to 'type: list' only")
    }
    guard var resolved = type else { return nil }
    if let optional = entries.entry("optional"), flag(optional.value, "'optional'") == true {
      resolved = .optional(resolved)
    }
    return TypeSpec(type: resolved, entries: entries, location: node.location)
  }

  private mutating func simpleType(_ word: String, at location: SourceLocation, _ what: String)
    -> ValueType?
  {
    switch word {
    case "bool": return .bool
    case "int": return .int
    case "text": return .text
    case "duration": return .duration
    case "instant": return .instant
    case "day": return .day
    case "task": return .task
    case "enum", "list":
      context.error(
        location,
        "\(what): '\(word)' needs more than a word; write {type: \(word), "
          + (word == "enum" ? "values: [a, b]}" : "of: text}"))
      return nil
    default:
      context.unknown("type", word, at: location, known: Self.typeWords)
      return nil
    }
  }

  private mutating func enumType(_ entries: [YAMLMapEntry], at location: SourceLocation)
    -> ValueType?
  {
    guard let valuesEntry = entries.entry("values") else {
      context.error(location, "an enum needs 'values:', such as [wildcard, bundle]")
      return nil
    }
    guard let items = context.sequence(valuesEntry.value, "'values'") else { return nil }
    var values: [String] = []
    // Where each value was first written: looked up, never iterated, so an enum of many
    // values loads in time proportional to their number.
    var firstAt: [String: SourceLocation] = [:]
    var ok = true
    for item in items {
      guard let value = word(item, "an enum value") else {
        ok = false
        continue
      }
      if let first = firstAt[value] {
        duplicate("enum value", value, at: item.location, first: first)
        ok = false
        continue
      }
      // A word an expression reads as its own (`none`, `true`, `if`): an enum value spelled
      // like one could be declared but never written.
      if Self.wordKeywords.contains(value) || ExpressionParser.keywords.contains(value) {
        context.error(
          item.location,
          "'\(value)' cannot be an enum value: expressions read it as a word of their own, so "
            + "the value could never be written; give it another name")
        ok = false
        continue
      }
      values.append(value)
      firstAt[value] = item.location
    }
    if items.isEmpty {
      context.error(valuesEntry.value.location, "an enum needs at least one value")
      return nil
    }
    return ok ? .enumeration(enumIndex(values)) : nil
  }

  /// How a type reads in messages: `text`, `optional text`, `enum (wildcard, bundle)`.
  func describe(_ type: ValueType) -> String {
    switch type {
    case .bool: "bool"
    case .int: "int"
    case .text: "text"
    case .duration: "duration"
    case .instant: "instant"
    case .day: "day"
    case .task: "task"
    case .enumeration(let index):
      index < enums.count ? "enum (\(enums[index].values.joined(separator: ", ")))" : "enum"
    case .list(let element): "list of \(describe(element))"
    case .optional(let wrapped): "optional \(describe(wrapped))"
    case .table(let index): index < tables.count ? "table \(tables[index].name)" : "table"
    case .row(let index): index < tables.count ? "row of \(tables[index].name)" : "row"
    }
  }

  /// A value written in YAML for a declared type (a `default:`): typed by the declaration,
  /// never guessed.
  mutating func value(_ node: YAMLNode, _ type: ValueType, _ what: String) -> Value? {
    if case .list(let element) = type {
      guard let items = context.sequence(node, what) else { return nil }
      let values = items.map { value($0, element, "an item of \(what)") }
      return values.contains(nil) ? nil : .list(values.compactMap { $0 })
    }
    guard let text = context.scalar(node, what) else { return nil }
    let location = node.location
    switch type {
    case .optional(let wrapped):
      if text == "none" { return Value.none }
      return value(node, wrapped, what)
    case .bool:
      if text == "true" { return .bool(true) }
      if text == "false" { return .bool(false) }
      context.error(location, "\(what) must be true or false, found '\(text)'")
    case .int:
      if let number = Int64(text), text.first != "+" { return .int(number) }
      let magnitude = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
      let digits = !magnitude.isEmpty && magnitude.allSatisfy { $0.isASCII && $0.isNumber }
      context.error(
        location,
        digits
          ? "\(what): '\(text)' does not fit in 64 bits"
          : "\(what) must be a whole number, found '\(text)'")
    case .text:
      return .text(text)
    case .duration:
      switch DurationSyntax.parse(text, signed: true) {
      case .success(let nanoseconds): return .duration(nanoseconds)
      case .failure(let failure):
        context.error(location, "\(what): " + DurationSyntax.message(failure, text: text))
      }
    case .instant:
      if let time = TimeSyntax.timestamp(text) { return .instant(time.nanosecondsSinceEpoch) }
      context.error(
        location,
        "\(what) must be an RFC 3339 time such as 2026-08-15T21:00:00+09:00, found '\(text)'")
    case .day:
      if let day = TimeSyntax.date(text) { return .day(day) }
      context.error(location, "\(what) must be a calendar date such as 2026-05-01, found '\(text)'")
    case .enumeration(let index):
      let values = enums[index].values
      if let position = values.firstIndex(of: text) { return .enumCase(Int32(position)) }
      context.unknown("value", text, at: location, known: values, in: what)
    case .task, .table, .row:
      context.error(location, "\(what): \(describe(type)) has no written value")
    case .list:
      break
    }
    return nil
  }

  /// The value a declaration without `default:` starts with: `none` for an optional, the zero
  /// of a number, a duration, a text or a list, `false`, an enumeration's first value; `nil`
  /// (a diagnostic) for an instant, a day or a task, which have no natural zero.
  mutating func zeroValue(_ type: ValueType, at location: SourceLocation, _ what: String) -> Value?
  {
    switch type {
    case .optional: return Value.none
    case .bool: return .bool(false)
    case .int: return .int(0)
    case .text: return .text("")
    case .duration: return .duration(0)
    case .list: return .list([])
    case .enumeration: return .enumCase(0)
    case .instant, .day, .task, .table, .row:
      context.error(
        location,
        "\(what) of type \(describe(type)) needs 'default:' or 'optional: true' (it has no "
          + "natural starting value)")
      return nil
    }
  }
}
