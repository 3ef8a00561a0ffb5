import ModelContract
import ModelLanguage
import YAML

extension DecodingContext {
  /// Decodes `node` as a value of `kind`, typed by the schema: `no` is a word where a word is
  /// expected and an error where a truth value is.
  mutating func value(_ node: YAMLNode, _ kind: ValueKind, _ what: String) -> Value? {
    if case .list(let element) = kind {
      guard let items = sequence(node, what) else { return nil }
      let values = items.map { value($0, element, "an item of \(what)") }
      return values.contains(nil) ? nil : .list(values.compactMap { $0 })
    }
    guard let text = scalar(node, what) else { return nil }
    let location = node.location
    switch kind {
    case .duration, .signedDuration:
      return duration(text, signed: kind == .signedDuration, at: location, what)
    case .durationOrNone:
      return text == "none" ? Value.none : duration(text, signed: false, at: location, what)
    case .integer(let range):
      guard let number = Int64(text), text.first != "+" else {
        let fits = text.allSatisfy { $0.isASCII && $0.isNumber } && !text.isEmpty
        error(
          location,
          fits
            ? "\(what): '\(text)' does not fit in 64 bits"
            : "\(what) must be a whole number, found '\(text)'")
        return nil
      }
      guard range.contains(number) else {
        error(
          location, "\(what) must be in \(range.lowerBound)...\(range.upperBound), found \(number)")
        return nil
      }
      return .int(number)
    case .boolean:
      switch text {
      case "true": return .bool(true)
      case "false": return .bool(false)
      default:
        error(location, "\(what) must be true or false, found '\(text)'")
        return nil
      }
    case .text, .textOrNone:
      if kind == .textOrNone && text == "none" { return Value.none }
      guard !text.isEmpty else {
        error(location, "\(what) must not be empty")
        return nil
      }
      return .text(text)
    case .date, .dateOrNever:
      if kind == .dateOrNever && text == "never" { return Value.none }
      guard let day = TimeSyntax.date(text) else {
        let alternative = kind == .dateOrNever ? " or never" : ""
        error(
          location,
          "\(what) must be a calendar date such as 2026-05-01\(alternative), found '\(text)'")
        return nil
      }
      return .day(day)
    case .wordOrNone where text == "none":
      return Value.none
    case .word(let words), .wordOrNone(let words):
      let words = kind == .word(words) ? words : words + ["none"]
      guard words.contains(text) else {
        let note = NearestWord.suggestion(for: text, among: words).map { "did you mean '\($0)'?" }
        error(
          location, "\(what) must be one of \(words.joined(separator: ", ")), found '\(text)'",
          note: note)
        return nil
      }
      return .text(text)
    case .list:
      return nil  // Never a scalar: decoded above, item by item.
    }
  }

  private mutating func duration(
    _ text: String, signed: Bool, at location: SourceLocation, _ what: String
  ) -> Value? {
    switch DurationSyntax.parse(text, signed: signed) {
    case .success(let nanoseconds): return .duration(nanoseconds)
    case .failure(let failure):
      error(location, "\(what): " + DurationSyntax.message(failure, text: text))
      return nil
    }
  }

  /// Decodes a mapping's keys against `parameters`: unknown keys are errors, missing required
  /// keys are errors, defaults fill in the rest.
  mutating func values(
    _ entries: [YAMLMapEntry], _ parameters: [ParameterSpec], at location: SourceLocation,
    in what: String, ignoring reserved: [String] = []
  ) -> NamedValues {
    checkKeys(entries, allowed: parameters.map(\.name) + reserved, in: what)
    var result = NamedValues()
    for parameter in parameters {
      if let entry = entries.entry(parameter.name) {
        result[parameter.name] = value(entry.value, parameter.kind, "'\(parameter.name)'")
      } else if let fallback = parameter.defaultValue {
        result[parameter.name] = fallback
      } else if parameter.isRequired {
        error(location, "\(what) needs '\(parameter.name):' (\(parameter.help))")
      }
    }
    return result
  }
}
