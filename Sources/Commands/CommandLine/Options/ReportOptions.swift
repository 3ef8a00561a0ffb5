import ModelLanguage

/// `racelab report`'s options.
struct ReportOptions: CommandOptions {
  var out: String?
  var limits = ScenarioLimits()

  static let options: [Option<Self>] = [
    Option(
      "--out", .text("DIR"),
      help: "the folder to write the site to (created when missing; required)", field: \.out),
    .limits(\.limits),
  ]

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    guard operands.count <= 1 else { throw .usage("report takes at most one folder") }
    guard let out else {
      throw .usage("report needs --out DIR, the folder to write the site to")
    }
    var command = ReportCommand(scenarios: operands.first ?? "scenarios", out: out)
    command.limits = limits
    return command.execute(console: console)
  }
}
