/// The help texts of racelab and its commands.
enum Help {
  struct Command {
    var name: String
    var options: [String]
    var flags: [String]
    var usage: String
  }

  static let commands: [Command] = [
    Command(
      name: "run", options: ["--format", "--variant", "--runtime", "--schedule"], flags: [],
      usage: """
        usage: racelab run FILE… [--format text|json] [--variant V] [--runtime swift|kotlin]
                              [--schedule TOKEN]

        Runs each scenario file on the virtual clock and prints its trace (text) or one JSON
        object per file. Truth-table files print their table. --variant and --runtime override
        every file's, for quick comparisons. --schedule replays a schedule printed by
        racelab explore (one file only); a token made for another version of the file is
        refused.
        exit status: 0 every expectation holds, 1 one does not, 2 bad input or usage.

        """),
    Command(
      name: "explore",
      options: [
        "--format", "--variant", "--runtime", "--random", "--seed", "--max-schedules", "--jobs",
        "--shard",
      ],
      flags: ["--no-pruning"],
      usage: """
        usage: racelab explore FILE… [--format text|json] [--variant V] [--runtime R]
                                  [--random N --seed S] [--max-schedules N] [--jobs N]
                                  [--shard I/N] [--no-pruning]

        Tries every ordering the scenario allows: the order of happenings due at the same
        instant, and every way an event with a window (at: 1.5s..2.5s), and what it schedules,
        can fall among the other instants (exactly, not by sampling the window). Schedules
        that reach a state already seen are pruned. Prints the
        distinct outcomes and, for each invariant broken anywhere, the shortest counterexample
        (fewest choices off the default schedule, then earliest) with its full trace and a
        token that 'racelab run FILE --schedule TOKEN' replays byte for byte.
          --random N --seed S   sample N seeded random schedules instead (large spaces);
                                a file's explore: {random: N, seed: S} does the same
          --max-schedules N     stop after about N schedules (reported as complete: false)
          --jobs N              explore on N threads; the output is the same for every N
          --shard I/N           explore the I-th of N deterministic parts of the space
        exit status: 0 the invariants broken are exactly the file's explore: {violations: […]}
        (none if absent) and the space was covered; 1 otherwise; 2 bad input or usage.

        """),
    Command(
      name: "check", options: ["--traces"], flags: ["--update", "--explore"],
      usage: """
        usage: racelab check [SCENARIOS_DIR] [--traces DIR] [--update] [--explore]

        Runs every *.yaml under SCENARIOS_DIR (default: scenarios) and compares its text trace
        with the golden file at the same relative path under DIR (default: traces), with .trace
        instead of .yaml. Prints a unified diff for each mismatch and reports missing and
        orphaned goldens. --update rewrites the goldens that differ or are missing, atomically;
        a file that does not parse never replaces its golden. --explore also explores every
        scenario that has an explore: block and checks its expected violations.
        exit status: 0 all goldens and expectations hold, 1 one failed, 2 bad input or usage.

        """),
    Command(
      name: "schema", options: [], flags: [],
      usage: """
        usage: racelab schema [MODEL]

        Prints what scenario files may say to a model: events and their fields, state keys
        with defaults, operations, variants, invariants, expectations and tables.

        """),
    Command(
      name: "tree", options: [], flags: [],
      usage: """
        usage: racelab tree FILE…

        Prints each file's YAML tree as one line of JSON with sorted keys, every scalar a
        string: the form a standard YAML loader (PyYAML's BaseLoader) gives, for tooling.

        """),
  ]

  static let overview = """
    racelab — a deterministic timeline simulator for scheduling and cancellation races

    usage: racelab COMMAND [ARGUMENTS]

    commands:
      run FILE…        run scenario files and print their traces
      explore FILE…    try every ordering; report outcomes and shortest counterexamples
      check [DIR]      compare every scenario's trace with its golden file
      schema [MODEL]   print the scenario vocabulary of a model
      tree FILE…       print a file's YAML tree as JSON
      help COMMAND     show a command's help

    options: --help, --version

    """
}
