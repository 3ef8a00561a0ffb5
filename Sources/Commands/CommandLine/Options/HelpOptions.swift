/// `racelab help`'s options: none.
struct HelpOptions: CommandOptions {
  static let options: [Option<Self>] = []

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    guard let name = operands.first else {
      console.write(CommandCatalog.overview)
      return .success
    }
    guard let command = CommandCatalog.command(named: name) else {
      throw .usage(
        "no help for unknown command '\(name)'", word: name,
        known: CommandCatalog.commands.map(\.name))
    }
    console.write(command.usage)
    return .success
  }
}
