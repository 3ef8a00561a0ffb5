/// racelab's command line: finds the command in ``CommandCatalog``, which parses its arguments
/// into its options and runs it, and prints every usage error in one place.
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
        return try command.execute(rest, console: console)
      } catch {
        console.report(error)
        return .badInput
      }
    }
  }
}
