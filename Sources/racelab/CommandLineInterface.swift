import Commands
import ScenarioFormat

/// Parses racelab's arguments and dispatches to a command. Argument parsing and exit codes
/// only: every command's logic lives in the Commands target.
enum CommandLineInterface {
  static let version = "racelab 0.1.0"

  static func run(_ arguments: [String], console: Console) -> ExitStatus {
    guard let first = arguments.first else {
      console.writeError(Help.overview)
      return .badInput
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--help", "-h":
      console.write(Help.overview)
      return .success
    case "--version":
      console.write(version + "\n")
      return .success
    case "help":
      return help(rest, console: console)
    default:
      guard let command = Help.commands.first(where: { $0.name == first }) else {
        return usageError(
          "unknown command '\(first)'", word: first, known: Help.commands.map(\.name),
          console: console)
      }
      if rest.contains("--help") || rest.contains("-h") {
        console.write(command.usage)
        return .success
      }
      do {
        var parsed = try ParsedArguments(rest, options: command.options, flags: command.flags)
        return try dispatch(command.name, &parsed, console: console)
      } catch let error as UsageError {
        return usageError(error.message, word: error.word, known: error.known, console: console)
      } catch {
        return usageError("\(error)", word: nil, known: [], console: console)
      }
    }
  }

  private static func dispatch(
    _ name: String, _ arguments: inout ParsedArguments, console: Console
  ) throws -> ExitStatus {
    switch name {
    case "run":
      guard !arguments.positional.isEmpty else {
        throw UsageError("run needs at least one scenario file")
      }
      let format = try format(arguments)
      let schedule = arguments.options["--schedule"]
      if schedule != nil && arguments.positional.count != 1 {
        throw UsageError("--schedule replays one file; give exactly one")
      }
      return RunCommand(
        files: arguments.positional, format: format, variant: arguments.options["--variant"],
        runtime: arguments.options["--runtime"], schedule: schedule
      ).execute(console: console)
    case "explore":
      guard !arguments.positional.isEmpty else {
        throw UsageError("explore needs at least one scenario file")
      }
      var command = ExploreCommand(files: arguments.positional)
      command.format = try format(arguments)
      command.variant = arguments.options["--variant"]
      command.runtime = arguments.options["--runtime"]
      command.randomRuns = try number(arguments, "--random")
      command.seed =
        try arguments.options["--seed"].map {
          guard let seed = UInt64($0) else { throw UsageError("--seed takes a whole number ≥ 0") }
          return seed
        } ?? 1
      command.maxSchedules = try number(arguments, "--max-schedules")
      command.jobs = try number(arguments, "--jobs") ?? 1
      command.pruning = !arguments.flags.contains("--no-pruning")
      if let shard = arguments.options["--shard"] {
        let pieces = shard.split(separator: "/", omittingEmptySubsequences: false)
        let parts = pieces.compactMap { piece in
          piece.allSatisfy { $0.isASCII && $0.isNumber } ? Int(piece) : nil
        }
        guard pieces.count == 2, parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0])
        else {
          throw UsageError("--shard takes I/N with 1 ≤ I ≤ N, such as 2/4")
        }
        command.shard = (parts[0], parts[1])
      }
      if command.randomRuns == nil && arguments.options["--seed"] != nil {
        throw UsageError("--seed goes with --random N")
      }
      return command.execute(console: console)
    case "check":
      guard arguments.positional.count <= 1 else {
        throw UsageError("check takes at most one folder")
      }
      return CheckCommand(
        scenarios: arguments.positional.first ?? "scenarios",
        traces: arguments.options["--traces"] ?? "traces",
        update: arguments.flags.contains("--update"),
        explore: arguments.flags.contains("--explore")
      ).execute(console: console)
    case "tree":
      guard !arguments.positional.isEmpty else { throw UsageError("tree needs at least one file") }
      return TreeCommand(files: arguments.positional).execute(console: console)
    case "schema":
      guard arguments.positional.count <= 1 else {
        throw UsageError("schema takes at most one model")
      }
      return SchemaCommand(model: arguments.positional.first).execute(console: console)
    default:
      throw UsageError("unknown command '\(name)'")
    }
  }

  private static func format(_ arguments: ParsedArguments) throws -> RunCommand.Format {
    let name = arguments.options["--format"] ?? "text"
    guard let format = RunCommand.Format(rawValue: name) else {
      throw UsageError(
        "unknown format '\(name)'", word: name, known: RunCommand.Format.allCases.map(\.rawValue))
    }
    return format
  }

  private static func number(_ arguments: ParsedArguments, _ option: String) throws -> Int? {
    guard let text = arguments.options[option] else { return nil }
    guard let value = Int(text), value >= 1 else {
      throw UsageError("\(option) takes a whole number ≥ 1, found '\(text)'")
    }
    return value
  }

  private static func help(_ rest: [String], console: Console) -> ExitStatus {
    guard let name = rest.first else {
      console.write(Help.overview)
      return .success
    }
    guard let command = Help.commands.first(where: { $0.name == name }) else {
      return usageError(
        "no help for unknown command '\(name)'", word: name, known: Help.commands.map(\.name),
        console: console)
    }
    console.write(command.usage)
    return .success
  }

  private static func usageError(
    _ message: String, word: String?, known: [String], console: Console
  ) -> ExitStatus {
    var line = "racelab: error: \(message)"
    if let word, let suggestion = NearestWord.suggestion(for: word, among: known) {
      line += " (did you mean '\(suggestion)'?)"
    }
    console.writeError(line + "; see 'racelab --help'\n")
    return .badInput
  }
}

/// A usage mistake: a one-line message, and the word to suggest a correction for.
struct UsageError: Error {
  var message: String
  var word: String?
  var known: [String]

  init(_ message: String, word: String? = nil, known: [String] = []) {
    self.message = message
    self.word = word
    self.known = known
  }
}

/// Arguments split into positionals, options with values and flags.
struct ParsedArguments {
  var positional: [String] = []
  var options: [String: String] = [:]
  var flags: [String] = []

  init(_ arguments: [String], options known: [String], flags knownFlags: [String]) throws {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      if knownFlags.contains(name) && value == nil {
        flags.append(name)
      } else if known.contains(name) {
        if value == nil {
          guard index < arguments.count else { throw UsageError("\(name) needs a value") }
          value = arguments[index]
          index += 1
        }
        options[name] = value
      } else {
        throw UsageError("unknown option '\(name)'", word: name, known: known + knownFlags)
      }
    }
  }
}
