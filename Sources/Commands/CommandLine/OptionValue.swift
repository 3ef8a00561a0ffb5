import ModelLanguage

/// What an option's value must be and what it becomes: how a usage line writes it, and the
/// check that turns the text given into the field's value (or the usage error) while parsing,
/// before any command runs.
struct OptionValue<Value>: Sendable {
  /// How a usage line writes the value (`text|json`, `N`, `I/N`, `TOKEN`); `nil` for a
  /// switch, which takes none.
  let placeholder: String?
  /// The value of the text given to the option named by the second argument (a switch is
  /// given the empty text).
  let read: @Sendable (_ text: String, _ option: String) throws(CommandError) -> Value
}

extension OptionValue<Bool> {
  /// A switch: no value; given means `true`.
  static var `switch`: Self { Self(placeholder: nil) { _, _ in true } }
}

extension OptionValue<String> {
  /// Any text, shown as `placeholder` in usage lines.
  static func text(_ placeholder: String) -> Self {
    Self(placeholder: placeholder) { text, _ in text }
  }

  /// One of these words.
  static func choice(_ words: [String]) -> Self {
    Self(placeholder: words.joined(separator: "|")) { text, option throws(CommandError) in
      guard words.contains(text) else { throw notAChoice(text, option, words) }
      return text
    }
  }
}

extension OptionValue where Value: RawRepresentable & Sendable, Value.RawValue == String {
  /// One of these values, written as its raw value.
  static func choice(_ values: [Value]) -> Self {
    let words = values.map(\.rawValue)
    return Self(placeholder: words.joined(separator: "|")) { text, option throws(CommandError) in
      guard let value = values.first(where: { $0.rawValue == text }) else {
        throw notAChoice(text, option, words)
      }
      return value
    }
  }
}

/// The error for `text`, given to `option`, which takes one of `words`.
private func notAChoice(_ text: String, _ option: String, _ words: [String]) -> CommandError {
  // `text or json`, `text, json or mermaid`.
  let alternatives =
    words.count > 2
    ? words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    : words.joined(separator: " or ")
  return .usage("\(option) takes \(alternatives), not '\(text)'", word: text, known: words)
}

extension OptionValue<Int> {
  /// A whole number ≥ 1.
  static var count: Self {
    Self(placeholder: "N") { text, option throws(CommandError) in
      guard isDigits(text), let number = Int(text), number >= 1 else {
        throw .usage("\(option) takes a whole number ≥ 1, not '\(text)'")
      }
      return number
    }
  }
}

extension OptionValue<UInt64> {
  /// A whole number ≥ 0 that fits 64 bits.
  static var seed: Self {
    Self(placeholder: "S") { text, option throws(CommandError) in
      guard isDigits(text), let seed = UInt64(text) else {
        throw .usage("\(option) takes a whole number from 0 to \(UInt64.max), not '\(text)'")
      }
      return seed
    }
  }
}

extension OptionValue<(index: Int, count: Int)> {
  /// `I/N` with `1 ≤ I ≤ N`, digits only: the I-th of N parts.
  static var shard: Self {
    Self(placeholder: "I/N") { text, option throws(CommandError) in
      let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
      guard pieces.count == 2, pieces.allSatisfy(isDigits),
        let index = Int(pieces[0]), let count = Int(pieces[1]), count >= 1,
        (1...count).contains(index)
      else {
        throw .usage("\(option) takes I/N with 1 ≤ I ≤ N, such as 2/4, not '\(text)'")
      }
      return (index, count)
    }
  }
}

extension OptionValue<ScenarioLimits> {
  /// `name=N,…`: resource limits (see ``ScenarioLimits``).
  static var limits: Self {
    Self(placeholder: "NAME=N,…") { text, option throws(CommandError) in
      switch ScenarioLimits.parse(text) {
      case .success(let limits):
        return limits
      case .failure(let error):
        let names = ScenarioLimits.names.map(\.name)
        throw error.badValue == nil
          ? .usage(
            "\(option): unknown limit '\(error.name)' (\(names.joined(separator: ", ")))",
            word: error.name, known: names)
          : .usage(
            "\(option): \(error.name) takes a whole number ≥ 1, not '\(error.badValue ?? "")'")
      }
    }
  }
}

/// Whether `text` is one or more ASCII digits.
private func isDigits(_ text: some StringProtocol) -> Bool {
  !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
}
