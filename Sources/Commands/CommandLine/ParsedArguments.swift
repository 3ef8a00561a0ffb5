import ModelLanguage

/// A command's arguments split by its declaration into operands, option values and switches,
/// every value already checked against what its option takes.
struct ParsedArguments {
  /// The operands, in order.
  var operands: [String] = []
  private var values: [String: String] = [:]
  private var switches: Set<String> = []

  /// Parses `arguments` against `command`'s options. `--` ends the options; `-` is an operand
  /// (standard input); `--name=value` and `--name value` both work.
  init(_ arguments: [String], for command: CommandSpec) throws(CommandError) {
    var index = 0
    var onlyOperands = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
        operands.append(argument)
        continue
      }
      if argument == "--" {
        onlyOperands = true
        continue
      }
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      guard let option = command.option(named: name) else {
        throw .usage(
          "unknown option '\(name)' for \(command.name)", word: name,
          known: command.options.map(\.name))
      }
      if option.value == .none {
        guard value == nil else { throw .usage("\(name) takes no value") }
        switches.insert(name)
        continue
      }
      if value == nil {
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
          throw .usage("\(name) needs a value: \(option.value.placeholder ?? "")")
        }
        value = arguments[index]
        index += 1
      }
      guard let value else { continue }
      try Self.validate(value, for: option)
      values[name] = value
    }
  }

  /// Whether the switch `name` was given.
  func has(_ name: String) -> Bool { switches.contains(name) }

  /// The text of option `name`, if given.
  func text(_ name: String) -> String? { values[name] }

  /// The whole number of option `name` (checked ≥ 1 when parsed), if given.
  func count(_ name: String) -> Int? { values[name].flatMap { Int($0) } }

  /// The seed of option `name`, if given.
  func seed(_ name: String) -> UInt64? { values[name].flatMap { UInt64($0) } }

  /// The limits of option `name` (the defaults when not given).
  func limits(_ name: String) -> ScenarioLimits {
    guard let text = values[name], case .success(let limits) = ScenarioLimits.parse(text) else {
      return ScenarioLimits()
    }
    return limits
  }

  /// The shard of option `name`, if given.
  func shard(_ name: String) -> (index: Int, count: Int)? {
    values[name].flatMap(Self.shard)
  }

  /// `text or json`, `text, json or mermaid`.
  private static func alternatives(_ words: [String]) -> String {
    words.count > 2
      ? words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
      : words.joined(separator: " or ")
  }

  private static func validate(_ value: String, for option: OptionSpec) throws(CommandError) {
    switch option.value {
    case .none, .text:
      return
    case .choice(let words):
      guard words.contains(value) else {
        throw .usage(
          "\(option.name) takes \(alternatives(words)), not '\(value)'", word: value, known: words)
      }
    case .count:
      guard isDigits(value), let number = Int(value), number >= 1 else {
        throw .usage("\(option.name) takes a whole number ≥ 1, not '\(value)'")
      }
    case .seed:
      guard isDigits(value), UInt64(value) != nil else {
        throw .usage("\(option.name) takes a whole number from 0 to \(UInt64.max), not '\(value)'")
      }
    case .limits:
      if case .failure(let error) = ScenarioLimits.parse(value) {
        let names = ScenarioLimits.names.map(\.name)
        throw error.badValue == nil
          ? .usage(
            "\(option.name): unknown limit '\(error.name)' "
              + "(\(names.joined(separator: ", ")))", word: error.name, known: names)
          : .usage(
            "\(option.name): \(error.name) takes a whole number ≥ 1, not '\(error.badValue ?? "")'")
      }
    case .shard:
      guard shard(value) != nil else {
        throw .usage("\(option.name) takes I/N with 1 ≤ I ≤ N, such as 2/4, not '\(value)'")
      }
    }
  }

  private static func shard(_ text: String) -> (index: Int, count: Int)? {
    let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
    guard pieces.count == 2, pieces.allSatisfy(isDigits),
      let index = Int(pieces[0]), let count = Int(pieces[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    return (index, count)
  }

  private static func isDigits(_ text: some StringProtocol) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
  }
}
