import Testing

@testable import Commands

/// Each command's options: every field of its options value is filled by exactly one declared
/// option, and parsing an option fills its own field and no other.
struct OptionDeclarationTests {
  @Test(arguments: CommandCatalog.commands.map(\.name))
  func everyFieldHasExactlyOneOption(command name: String) throws {
    let command = try #require(CommandCatalog.command(named: name))
    try expectOneOptionPerField(command.options)
  }

  @Test(arguments: CommandCatalog.commands.map(\.name))
  func eachOptionFillsItsOwnFieldAlone(command name: String) throws {
    let command = try #require(CommandCatalog.command(named: name))
    try expectEachOptionFillsItsField(command.options, command: name)
  }

  @Test(arguments: CommandCatalog.commands.map(\.name))
  func everyOptionAtOnceKeepsItsOwnValue(command name: String) throws {
    let command = try #require(CommandCatalog.command(named: name))
    try expectAllOptionsTogether(command.options, command: name)
  }

  /// The fields' names and the options' names in camel case agree one to one.
  private func expectOneOptionPerField<Options: CommandOptions>(_: Options.Type) throws {
    let fields = Mirror(reflecting: Options()).children.compactMap(\.label)
    let names = Options.options.map(\.name)
    #expect(Set(names).count == names.count, "an option is declared twice: \(names)")
    #expect(fields.count == names.count, "fields \(fields), options \(names)")
    #expect(Set(fields) == Set(names.map(fieldName)), "fields \(fields), options \(names)")
  }

  /// Parsing each option alone changes exactly the field named after it, to its value: no
  /// two options fill one field.
  private func expectEachOptionFillsItsField<Options: CommandOptions>(
    _: Options.Type, command: String
  ) throws {
    let defaults = fieldValues(of: Options())
    for (index, option) in Options.options.enumerated() {
      let (arguments, shown) = sample(option, number: index)
      let parsed = try Options.parse(arguments + ["operand"], command: command)
      #expect(parsed.operands == ["operand"])
      let values = fieldValues(of: parsed.options)
      let changed = values.keys.filter { values[$0] != defaults[$0] }
      #expect(changed == [fieldName(option.name)], "\(option.name) changed \(changed)")
      let value = values[fieldName(option.name)] ?? ""
      #expect(value.contains(shown), "\(option.name) holds \(value), given \(arguments)")
    }
  }

  /// Parsing every option at once, each with a value of its own, leaves each field with the
  /// value its option was given.
  private func expectAllOptionsTogether<Options: CommandOptions>(
    _: Options.Type, command: String
  ) throws {
    let samples = Options.options.indices.map { sample(Options.options[$0], number: $0) }
    let parsed = try Options.parse(samples.flatMap(\.arguments), command: command)
    let values = fieldValues(of: parsed.options)
    for (option, (arguments, shown)) in zip(Options.options, samples) {
      let value = values[fieldName(option.name)] ?? ""
      #expect(value.contains(shown), "\(option.name) holds \(value), given \(arguments)")
    }
  }

  /// Each field's value as text, by the field's name.
  private func fieldValues(of options: some CommandOptions) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: Mirror(reflecting: options).children.map {
        ($0.label ?? "", String(describing: $0.value))
      })
  }

  /// The arguments that give `option` a value of its own (made from `number`), and the text
  /// the field's value then shows.
  private func sample<Options>(_ option: Option<Options>, number: Int)
    -> (arguments: [String], shown: String)
  {
    let unique = 9_990_000 + number
    switch option.placeholder {
    case nil: return ([option.name], "true")
    case "N": return ([option.name, "\(unique)"], "\(unique)")
    case "S": return (["\(option.name)=\(unique)"], "\(unique)")
    case "I/N": return ([option.name, "2/\(unique)"], "index: 2, count: \(unique)")
    case "NAME=N,…": return ([option.name, "tasks=\(unique)"], "tasks: \(unique)")
    case let words? where words.contains("|"):
      let word = String(words.split(separator: "|").last ?? "")
      return ([option.name, word], word)
    case _?: return ([option.name, "value-\(unique)"], "value-\(unique)")
    }
  }

  /// `--max-schedules` → `maxSchedules`.
  private func fieldName(_ option: String) -> String {
    let words = option.dropFirst(2).split(separator: "-")
    return words.enumerated().map { $0 == 0 ? String($1) : $1.capitalized }.joined()
  }
}
