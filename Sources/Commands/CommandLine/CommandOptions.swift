/// A command's options: one stored field per option, each filled by the option its table
/// declares for it (the field is named as the option is, in camel case: `--max-schedules`
/// fills `maxSchedules`). The command reads the fields.
protocol CommandOptions: Sendable {
  /// No option given: every field at its default.
  init()

  /// The options, in the order help lists them.
  static var options: [Option<Self>] { get }

  /// Checks what the options and `operands` say together and runs the command.
  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus
}

extension CommandOptions {
  /// Each option's `--format text|json` and help line, in order.
  static var helpLines: [(synopsis: String, help: String)] {
    options.map { ($0.synopsis, $0.help) }
  }

  /// Parses `arguments` for the command `command` and runs it.
  static func execute(
    _ arguments: [String], command: String, console: Console
  ) throws(CommandError) -> ExitStatus {
    let (options, operands) = try parse(arguments, command: command)
    return try options.execute(operands, console: console)
  }

  /// Splits `arguments` into the options, each value checked and in its field, and the
  /// operands. `--` ends the options; `-` is an operand (standard input); `--name=value` and
  /// `--name value` both work; an option given again replaces its value.
  static func parse(
    _ arguments: [String], command: String
  ) throws(CommandError) -> (options: Self, operands: [String]) {
    var options = Self()
    var operands: [String] = []
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
      guard let option = Self.options.first(where: { $0.name == name }) else {
        throw .usage(
          "unknown option '\(name)' for \(command)", word: name, known: Self.options.map(\.name))
      }
      guard let placeholder = option.placeholder else {
        guard value == nil else { throw .usage("\(name) takes no value") }
        try option.fill(&options, "")
        continue
      }
      if value == nil {
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
          throw .usage("\(name) needs a value: \(placeholder)")
        }
        value = arguments[index]
        index += 1
      }
      try option.fill(&options, value ?? "")
    }
    return (options, operands)
  }
}
