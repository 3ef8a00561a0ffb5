import ModelLanguage

/// `racelab explore`'s options.
struct ExploreOptions: CommandOptions {
  var format: RunCommand.Format?
  var variant: String?
  var runtime: String?
  var random: Int?
  var seed: UInt64?
  var maxSchedules: Int?
  var jobs: Int?
  var shard: (index: Int, count: Int)?
  var noPruning = false
  var stateGraph = false
  var noPartialOrder = false
  var maxStates: Int?
  var junit: String?
  var merge = false
  var limits = ScenarioLimits()

  static let options: [Option<Self>] = [
    Option(
      "--format", .choice([RunCommand.Format.text, .json]),
      help: "text (default) or one JSON object per file, one line each", field: \.format),
    .variant(\.variant),
    .runtime(\.runtime),
    Option(
      "--random", .count,
      help: "sample N seeded random schedules instead (as a file's explore: random does)",
      field: \.random),
    Option("--seed", .seed, help: "the seed of --random (default 1)", field: \.seed),
    Option(
      "--max-schedules", .count, help: "stop after N schedules (reported as complete: false)",
      field: \.maxSchedules),
    Option(
      "--jobs", .count, help: "explore on N threads; the output is the same for every N",
      field: \.jobs),
    Option(
      "--shard", .shard, help: "explore the I-th of N deterministic parts of the space",
      field: \.shard),
    Option(
      "--no-pruning", .switch, help: "continue schedules that reach a state already seen",
      field: \.noPruning),
    Option(
      "--state-graph", .switch,
      help: "expand each state once across the whole space and count every schedule "
        + "(--max-schedules then bounds the runs), as a file's explore: {state-graph: true} "
        + "does",
      field: \.stateGraph),
    Option(
      "--no-partial-order", .switch,
      help: "on the state graph: run every order of same-instant happenings, also those "
        + "that reach a state already finished (the same output, more runs)",
      field: \.noPartialOrder),
    Option(
      "--max-states", .count,
      help: "on the state graph (--state-graph or a file's explore: {state-graph: "
        + "true}): hold at most N states (default 2,000,000), then stop as complete: false",
      field: \.maxStates),
    .junit(\.junit),
    Option(
      "--merge", .switch, help: "the FILEs are JSON outputs of shards: print their joint verdict",
      field: \.merge),
    .limits(\.limits),
  ]

  func execute(_ operands: [String], console: Console) throws(CommandError) -> ExitStatus {
    guard !operands.isEmpty else { throw .usage("explore needs at least one scenario file") }
    if stateGraph && (noPruning || random != nil) {
      throw .usage("--state-graph explores every schedule: drop --no-pruning and --random")
    }
    if random == nil && seed != nil {
      throw .usage("--seed goes with --random N")
    }
    if merge && (format == .json || shard != nil) {
      throw .usage("--merge reads the shards' JSON and prints text; drop --format and --shard")
    }
    var command = ExploreCommand(files: operands)
    command.format = format ?? .text
    command.overrides = Overrides(variant: variant, runtime: runtime)
    command.merge = merge
    command.limits = limits
    command.settings.randomRuns = random
    command.settings.seed = seed ?? 1
    command.settings.maxSchedules = maxSchedules
    command.settings.jobs = jobs ?? 1
    command.settings.shard = shard
    command.settings.pruning = !noPruning
    command.settings.stateGraph = stateGraph
    command.settings.maxStates = maxStates
    command.settings.partialOrderReduction = !noPartialOrder
    command.junit = junit
    return command.execute(console: console)
  }
}
