import ModelLanguage

/// `racelab check`'s options.
struct CheckOptions: CommandOptions {
  var traces: String?
  var update = false
  var explore = false
  var junit: String?
  var limits = ScenarioLimits()

  static let options: [Option<Self>] = [
    Option(
      "--traces", .text("DIR"),
      help: "the traces folder that mirrors SCENARIOS_DIR (default: see above)", field: \.traces),
    Option(
      "--update", .switch, help: "rewrite goldens that differ or are missing", field: \.update),
    Option(
      "--explore", .switch,
      help: "also explore every file with an explore: block and check its violations",
      field: \.explore),
    .junit(\.junit),
    .limits(\.limits),
  ]

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    guard operands.count <= 1 else { throw .usage("check takes at most one folder") }
    var command = CheckCommand(
      scenarios: operands.first ?? "scenarios", traces: traces, update: update, explore: explore)
    command.limits = limits
    command.junit = junit
    return command.execute(console: console)
  }
}
