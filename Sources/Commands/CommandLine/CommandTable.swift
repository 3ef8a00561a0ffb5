import ModelContract

/// Every command racelab has, with its options: the one declaration that parsing, validation,
/// `--help`, the overview and the command table of the documentation's `Commands.md` are made from.
public enum CommandCatalog {
  /// racelab's version line.
  public static let version = "racelab 0.5.0"

  /// The commands, in the order the overview lists them.
  public static let commands: [CommandSpec] = [
    CommandSpec(
      name: "run", operands: "FILE…",
      summary: "run scenario files and print their traces",
      description: """
        Runs each scenario file on the virtual clock and prints its trace (a truth-table file
        prints its table). A folder runs every scenario under it; - reads one scenario from
        standard input. Under --variant or --runtime the file's expect: was written for its
        own variant and runtime: it is shown, marked not checked, and does not decide the
        exit status.
        """,
      options: RunOptions.self,
      exitStatus: "0 every expectation holds, 1 one does not, 2 bad input or usage"),
    CommandSpec(
      name: "explore", operands: "FILE…",
      summary: "try every ordering; report outcomes and shortest counterexamples",
      description: """
        Tries every ordering the scenario allows: the order of happenings due at the same
        instant, and every way an event with a window (at: 1.5s..2.5s), and what it schedules,
        can fall among the other instants (exactly, not by sampling the window). Schedules
        that reach a state already seen are pruned. Prints the distinct outcomes and, for each
        invariant broken anywhere, the shortest counterexample (fewest choices off the default
        schedule, then earliest) with its full trace and a command that replays it byte for
        byte. A shard judges only what it saw: it fails on a violation the file does not
        expect; --merge joins the JSON outputs of every shard into the whole verdict.
        """,
      options: ExploreOptions.self,
      exitStatus: """
        0 the invariants broken are exactly the file's explore: {violations: […]} (none if
        absent) and the space was covered (a shard: nothing unexpected broke); 1 otherwise;
        2 bad input or usage
        """),
    CommandSpec(
      name: "compare", operands: "FILE",
      summary: "run one scenario under several variants or runtimes, differences marked",
      description: """
        Runs the scenario once per variant and runtime (every variant of its model on its own
        runtime unless told otherwise) and prints the traces as one, in one set of columns:
        a line every run has is shown once; a line only some runs have is marked ≠ and
        lettered with the runs that have it (A, B, … as the legend lists them). Each run's
        answer follows, then the first trace line where the runs differ. --format svg draws
        the runs side by side instead: a column each, the lines aligned, the rows that differ
        shaded and marked ≠.
        """,
      options: CompareOptions.self,
      exitStatus: "0 printed, 2 bad input or usage"),
    CommandSpec(
      name: "check", operands: "[SCENARIOS_DIR]",
      summary: "compare every scenario's trace with its golden file",
      description: """
        Runs every *.yaml and *.yml under SCENARIOS_DIR (default: scenarios) and compares its
        text trace with the golden file at the same relative path under the traces folder,
        with .trace for the extension. A folder inside a folder named scenarios maps to the
        same folder inside traces (check scenarios/explore compares with traces/explore).
        Prints a unified diff for each mismatch and reports missing and orphaned goldens.
        --update rewrites the goldens that differ or are missing, atomically; a file that does
        not parse never replaces its golden.
        """,
      options: CheckOptions.self,
      exitStatus: "0 all goldens and expectations hold, 1 one failed, 2 bad input or usage"),
    CommandSpec(
      name: "report", operands: "[SCENARIOS_DIR]",
      summary: "write a static HTML site of every scenario: answers, pictures, traces",
      description: """
        Runs every *.yaml and *.yml under SCENARIOS_DIR (default: scenarios) and writes a
        self-contained site to DIR: index.html lists each scenario with its answer, the
        invariants it broke and whether its expectations hold; a page per scenario (at its
        path, with .html) shows its about: text, its timeline picture, its trace, its model's
        variants side by side and its source. No script and no network: open index.html.
        """,
      options: ReportOptions.self,
      exitStatus: "0 written, 2 a file could not be run (it is listed) or bad input or usage"),
    CommandSpec(
      name: "models", operands: "[DIR]",
      summary: "list the models racelab ships, or copy one out to start your own",
      description: """
        Lists the models a scenario's model: line can name without a path: the built-in
        review-prompt model and the model files bundled with racelab, one line each. With
        --copy NAME, writes the bundled NAME.model.yaml into the folder DIR (created when
        missing), never replacing a file that is there; a scenario beside it names it with
        model: ./NAME.model.yaml.
        """,
      options: ModelsOptions.self,
      exitStatus: "0 listed or written, 2 unknown model, a file already there, or usage"),
    CommandSpec(
      name: "schema", operands: "[MODEL]",
      summary: "print the scenario vocabulary of a model",
      description: """
        Prints what scenario files may say to a model: events and their fields, state keys
        with defaults, operations, variants, invariants, expectations and tables. MODEL is the
        name of a model racelab has (racelab models) or a model file. --json-schema prints
        the same as a JSON Schema, for editors (a first line '# yaml-language-server:
        $schema=FILE' in a scenario); without MODEL, the JSON Schema of model files themselves.
        --output run or explore prints the JSON Schema of that command's --format json
        document.
        """,
      options: SchemaOptions.self, exitStatus: "0 printed, 2 unknown model or usage"),
    CommandSpec(
      name: "tree", operands: "FILE…",
      summary: "print a file's YAML tree as JSON",
      description: """
        Prints each file's YAML tree as one line of JSON with sorted keys, every scalar a
        string: the form a standard YAML loader (PyYAML's BaseLoader) gives, for tooling.
        """,
      options: TreeOptions.self,
      exitStatus: "0 printed, 2 a file is unreadable or not in the YAML subset"),
    CommandSpec(
      name: "help", operands: "[COMMAND]",
      summary: "show a command's help",
      description: "Prints the overview, or the help of COMMAND (the same as COMMAND --help).",
      options: HelpOptions.self, exitStatus: "0 printed, 2 unknown command"),
  ]

  /// The command named `name`.
  public static func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }
  }

  /// What `racelab --help` prints.
  public static var overview: String {
    let width = commands.map { "\($0.name) \($0.operands)".count }.max() ?? 0
    let rows = commands.map { command -> String in
      let left = "\(command.name) \(command.operands)"
      return "  \(left)\(String(repeating: " ", count: width - left.count))  \(command.summary)"
    }
    return """
      racelab — a deterministic timeline simulator for scheduling and cancellation races

      usage: racelab COMMAND [ARGUMENTS]

      commands:
      \(rows.joined(separator: "\n"))

      options: --help, --version

      """
  }

  /// The command table of the documentation's `Commands.md`, in Markdown.
  public static var markdownTable: String {
    var lines = ["| command | what it does | exit status |", "| --- | --- | --- |"]
    for command in commands {
      let usage = command.usageLine.replacingEvery("|", with: "\\|")
      let status = command.exitStatus.split(separator: "\n").joined(separator: " ")
      lines.append("| `\(usage)` | \(command.summary) | \(status) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
