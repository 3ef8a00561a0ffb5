import ModelLanguage

/// `racelab run`'s options.
struct RunOptions: CommandOptions {
  var format: RunCommand.Format?
  var variant: String?
  var runtime: String?
  var schedule: String?
  var brief = false
  var limits = ScenarioLimits()

  static let options: [Option<Self>] = [
    Option(
      "--format", .choice(RunCommand.Format.allCases),
      help: "text (default), one JSON object per file, one line each, a Mermaid sequence "
        + "diagram or an SVG picture of the timeline",
      field: \.format),
    .variant(\.variant),
    .runtime(\.runtime),
    Option(
      "--schedule", .text("TOKEN"),
      help: "replay a schedule printed by racelab explore (one file only)", field: \.schedule),
    Option(
      "--brief", .switch,
      help: "the text trace's facts without its bookkeeping: no hops, calls, returns, "
        + "rule names, default world choices, normal task ends or timers whose task runs "
        + "next",
      field: \.brief),
    .limits(\.limits),
  ]

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    guard !operands.isEmpty else { throw .usage("run needs at least one scenario file") }
    if schedule != nil && (operands.count != 1 || Files.isDirectory(operands[0])) {
      throw .usage("--schedule replays one file; give exactly one")
    }
    let format = format ?? .text
    var command = RunCommand(
      files: operands, format: format,
      overrides: Overrides(variant: variant, runtime: runtime), schedule: schedule)
    command.limits = limits
    command.brief = brief
    if brief && format != .text {
      throw .usage(
        "--brief shortens the text trace; with --format \(format.rawValue) it has no effect")
    }
    return command.execute(console: console)
  }
}
