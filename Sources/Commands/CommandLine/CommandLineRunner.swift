import Reports

/// racelab's command line: finds the command, parses its arguments against its declaration
/// in ``CommandCatalog``, runs it, and prints every usage error in one place.
public enum CommandLineRunner {
  /// Runs `arguments` (without the program name) and returns the exit status.
  public static func run(_ arguments: [String], console: Console) -> ExitStatus {
    let status = runCommand(arguments, console: console)
    // A result nobody received is not a success: a failed write of the output is exit 2.
    if let problem = console.outputFailure() {
      console.report(.input("cannot write standard output: \(problem)"))
      return .badInput
    }
    return status
  }

  private static func runCommand(_ arguments: [String], console: Console) -> ExitStatus {
    guard let first = arguments.first else {
      console.writeError(CommandCatalog.overview)
      return .badInput
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--help", "-h":
      console.write(CommandCatalog.overview)
      return .success
    case "--version":
      console.write(CommandCatalog.version + "\n")
      return .success
    default:
      do throws(CommandError) {
        guard let command = CommandCatalog.command(named: first) else {
          throw CommandError.usage(
            "unknown command '\(first)'", word: first, known: CommandCatalog.commands.map(\.name))
        }
        if rest.contains("--help") || rest.contains("-h") {
          console.write(command.usage)
          return .success
        }
        let parsed = try ParsedArguments(rest, for: command)
        return try dispatch(command.name, parsed, console: console)
      } catch {
        console.report(error)
        return .badInput
      }
    }
  }

  private static func dispatch(
    _ name: String, _ arguments: ParsedArguments, console: Console
  ) throws(CommandError) -> ExitStatus {
    let operands = arguments.operands
    let overrides = Overrides(
      variant: arguments.text("--variant"), runtime: arguments.text("--runtime"))
    let format = arguments.text("--format").flatMap(RunCommand.Format.init) ?? .text
    switch name {
    case "run":
      guard !operands.isEmpty else { throw .usage("run needs at least one scenario file") }
      let schedule = arguments.text("--schedule")
      if schedule != nil && (operands.count != 1 || Files.isDirectory(operands[0])) {
        throw .usage("--schedule replays one file; give exactly one")
      }
      var command = RunCommand(
        files: operands, format: format, overrides: overrides, schedule: schedule)
      command.limits = arguments.limits("--limits")
      command.brief = arguments.has("--brief")
      if command.brief && format != .text {
        throw .usage(
          "--brief shortens the text trace; with --format \(format.rawValue) it has no effect")
      }
      return command.execute(console: console)
    case "explore":
      guard !operands.isEmpty else { throw .usage("explore needs at least one scenario file") }
      var command = ExploreCommand(files: operands)
      command.format = format
      command.overrides = overrides
      command.merge = arguments.has("--merge")
      command.limits = arguments.limits("--limits")
      command.settings.randomRuns = arguments.count("--random")
      command.settings.seed = arguments.seed("--seed") ?? 1
      command.settings.maxSchedules = arguments.count("--max-schedules")
      command.settings.jobs = arguments.count("--jobs") ?? 1
      command.settings.shard = arguments.shard("--shard")
      command.settings.pruning = !arguments.has("--no-pruning")
      command.settings.stateGraph = arguments.has("--state-graph")
      command.settings.maxStates = arguments.count("--max-states")
      command.settings.partialOrderReduction = !arguments.has("--no-partial-order")
      if command.settings.stateGraph
        && (!command.settings.pruning || command.settings.randomRuns != nil)
      {
        throw .usage("--state-graph explores every schedule: drop --no-pruning and --random")
      }
      command.junit = arguments.text("--junit")
      if command.settings.randomRuns == nil && arguments.text("--seed") != nil {
        throw .usage("--seed goes with --random N")
      }
      if command.merge && (command.format == .json || command.settings.shard != nil) {
        throw .usage("--merge reads the shards' JSON and prints text; drop --format and --shard")
      }
      return command.execute(console: console)
    case "check":
      guard operands.count <= 1 else { throw .usage("check takes at most one folder") }
      var command = CheckCommand(
        scenarios: operands.first ?? "scenarios", traces: arguments.text("--traces"),
        update: arguments.has("--update"), explore: arguments.has("--explore"))
      command.limits = arguments.limits("--limits")
      command.junit = arguments.text("--junit")
      return command.execute(console: console)
    case "compare":
      guard operands.count == 1, !Files.isDirectory(operands[0]) else {
        throw .usage("compare takes exactly one scenario file")
      }
      var command = CompareCommand(
        file: operands[0], variants: try names(arguments, "--variants"),
        runtimes: try names(arguments, "--runtimes"))
      command.limits = arguments.limits("--limits")
      command.format = arguments.text("--format").flatMap(CompareCommand.Format.init) ?? .text
      return command.execute(console: console)
    case "report":
      guard operands.count <= 1 else { throw .usage("report takes at most one folder") }
      guard let out = arguments.text("--out") else {
        throw .usage("report needs --out DIR, the folder to write the site to")
      }
      var command = ReportCommand(scenarios: operands.first ?? "scenarios", out: out)
      command.limits = arguments.limits("--limits")
      return command.execute(console: console)
    case "tree":
      guard !operands.isEmpty else { throw .usage("tree needs at least one file") }
      var command = TreeCommand(files: operands)
      command.limits = arguments.limits("--limits")
      return command.execute(console: console)
    case "models":
      guard let name = arguments.text("--copy") else {
        guard operands.isEmpty else { throw .usage("models takes a folder only with --copy NAME") }
        return ModelsCommand().execute(console: console)
      }
      guard operands.count == 1 else {
        throw .usage("models --copy NAME needs exactly one folder to write NAME.model.yaml to")
      }
      return ModelsCommand(copy: (name, operands[0])).execute(console: console)
    case "schema":
      if let document = arguments.text("--output").flatMap(OutputJSONSchema.Document.init) {
        guard operands.isEmpty, !arguments.has("--json-schema") else {
          throw .usage("schema --output takes no model and no --json-schema")
        }
        console.write(OutputJSONSchema.text(of: document))
        return .success
      }
      guard operands.count <= 1 else { throw .usage("schema takes at most one model") }
      var command = SchemaCommand(
        model: operands.first, jsonSchema: arguments.has("--json-schema"))
      command.limits = arguments.limits("--limits")
      return command.execute(console: console)
    default:
      return help(operands, console: console)
    }
  }

  /// The comma-separated names of `option`, or `nil` when it is not given.
  private static func names(_ arguments: ParsedArguments, _ option: String) throws(CommandError)
    -> [String]?
  {
    guard let text = arguments.text(option) else { return nil }
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard !names.contains("") else {
      throw .usage("\(option) takes names separated by commas, such as original,cancel-guard")
    }
    return names
  }

  private static func help(_ operands: [String], console: Console) -> ExitStatus {
    guard let name = operands.first else {
      console.write(CommandCatalog.overview)
      return .success
    }
    guard let command = CommandCatalog.command(named: name) else {
      console.report(
        .usage(
          "no help for unknown command '\(name)'", word: name,
          known: CommandCatalog.commands.map(\.name)))
      return .badInput
    }
    console.write(command.usage)
    return .success
  }
}
