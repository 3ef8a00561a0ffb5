import ModelLanguage

/// `racelab tree`'s options.
struct TreeOptions: CommandOptions {
  var limits = ScenarioLimits()

  static let options: [Option<Self>] = [.limits(\.limits)]

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    guard !operands.isEmpty else { throw .usage("tree needs at least one file") }
    var command = TreeCommand(files: operands)
    command.limits = limits
    return command.execute(console: console)
  }
}
