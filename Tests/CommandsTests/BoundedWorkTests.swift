import CommandTestSupport
import Foundation
import Testing

/// The hostile cases of issue 35 whose work had no bound: a model that keeps starting tasks,
/// thousands of happenings at one instant, timers past the end of the clock, a space too large
/// to finish. Each stops with a located or named reason, within bounded memory, and prints the
/// same bytes on one thread or two.
@Suite struct BoundedWorkTests {
  /// A model whose one operation starts itself twice on a concurrent pool: tasks double
  /// without end, and every pair of them is a choice.
  static let forkingModel = """
    kind: model
    name: forking
    processes:
      app:
        lanes:
          main: serial
          pool: concurrent
        memory:
          n: int
    operations:
      fork:
        steps:
          - set: {app.n: "app.n + 1"}
          - spawn: fork
            detached: true
          - spawn: fork
            detached: true
    events:
      go:
        do: fork

    """

  /// `count` processes, each with one event, all due at 0 s.
  static func manyProcesses(_ count: Int) -> (model: String, scenario: String) {
    var model = ["kind: model", "name: many", "processes:"]
    var operations = ["operations:"]
    var events = ["events:"]
    var timeline = ["name: many", "model: ./many.model.yaml", "timeline:"]
    for index in 0..<count {
      model += ["  p\(index):", "    lanes:", "      main: serial", "    memory:", "      x: int"]
      operations += [
        "  op\(index):", "    on: p\(index).main", "    steps:", "      - set: {p\(index).x: 1}",
      ]
      events += ["  e\(index):", "    do: op\(index)", "    process: p\(index)"]
      timeline.append("  - {at: 0s, event: e\(index)}")
    }
    return (
      (model + operations + events).joined(separator: "\n") + "\n",
      timeline.joined(separator: "\n") + "\n"
    )
  }

  /// A folder holding `files` (name to text), removed after `body`.
  static func inFolder<T>(_ files: [String: String], _ body: (TemporaryFolder) throws -> T)
    throws -> T
  {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for (name, text) in files.sorted(by: { $0.key < $1.key }) { try folder.write(name, text) }
    return try body(folder)
  }

  static let forking = [
    "forking.model.yaml": forkingModel,
    "forking.yaml":
      "name: forking\nmodel: ./forking.model.yaml\ntimeline:\n  - {at: 1s, event: go}\n",
  ]

  @Test func aModelThatKeepsStartingTasksStopsAtTheTaskLimit() throws {
    let result = try Self.inFolder(Self.forking) { folder in
      try runRacelab(["run", "--limits", "tasks=500", "forking.yaml"], in: folder.url)
    }
    #expect(result.status == 0, "\(result.errorText)")
    #expect(
      result.outputText.contains(
        "more than 500 tasks in one run: the model keeps starting tasks (raise the limit with "
          + "--limits tasks=N) · invariant run-time-error"))
    #expect(result.outputText.contains("broken: run-time-error"))
  }

  @Test func aTableThatKeepsGrowingStopsAtTheRowLimit() throws {
    let model = """
      kind: model
      name: rows
      processes:
        app:
          lanes:
            main: serial
          memory:
            rows:
              table:
                size: int
      operations:
        grow:
          steps:
            - repeat: 100000000
              steps:
                - insert: app.rows
                  with: {size: 1}
      events:
        go:
          do: grow

      """
    let scenario = "name: rows\nmodel: ./rows.model.yaml\ntimeline:\n  - {at: 1s, event: go}\n"
    let result = try Self.inFolder(["rows.model.yaml": model, "rows.yaml": scenario]) { folder in
      try runRacelab(["run", "--limits", "table-rows=300", "rows.yaml"], in: folder.url)
    }
    #expect(result.status == 0, "\(result.errorText)")
    #expect(
      result.outputText.contains(
        "line 16 of grow: more than 300 rows in app.rows (raise the limit with --limits "
          + "table-rows=N) · invariant run-time-error"), "\(result.outputText)")
  }

  @Test(arguments: [["--max-schedules", "3"], ["--max-schedules", "1", "--no-pruning"], []])
  func exploringItStopsAtTheMemoryLimitTheSameOnOneThreadOrTwo(_ options: [String]) throws {
    let outputs = try Self.inFolder(Self.forking) { folder in
      try ["1", "2"].map { jobs in
        try runRacelab(
          ["explore", "forking.yaml", "--jobs", jobs, "--limits", "tasks=300,state-memory=1"]
            + options, in: folder.url)
      }
    }
    #expect(outputs[0].status == 1, "\(outputs[0].errorText)")
    #expect(outputs[0].output == outputs[1].output)
    let text = outputs[0].outputText
    #expect(text.contains("unexpected: run-time-error"))
    if options.contains("--no-pruning") {
      #expect(text.contains("space not covered (stopped at --max-schedules 1)"))
    } else {
      #expect(
        text.contains(
          "space not covered (stopped at the memory limit of 1 MB for the states it remembers; "
            + "raise it with --limits state-memory=N)"))
    }
  }

  @Test(arguments: [[], ["--state-graph"], ["--state-graph", "--max-schedules", "5"]])
  func happeningsOfManyProcessesAtOneInstantStopAtTheMemoryLimit(_ options: [String]) throws {
    let (model, scenario) = Self.manyProcesses(60)
    let outputs = try Self.inFolder(["many.model.yaml": model, "many.yaml": scenario]) {
      folder in
      try ["1", "2"].map { jobs in
        try runRacelab(
          ["explore", "many.yaml", "--jobs", jobs, "--limits", "state-memory=1"] + options,
          in: folder.url)
      }
    }
    #expect(outputs[0].status == 1, "\(outputs[0].errorText)")
    #expect(outputs[0].output == outputs[1].output)
    #expect(outputs[0].outputText.contains("stopped at the memory limit of 1 MB"))
  }

  @Test(arguments: [
    ("- after: 106000d\n        do: tick", "line 13 of tick: after: 106000d from "),
    ("- sleep: 106000d", "line 13 of tick: sleep: 106000d from "),
    ("- sleep: 105000d..106000d", "line 13 of tick: sleep: 106000d from "),
  ])
  func aTimerPastTheEndOfTheClockIsARunTimeErrorNamingTheStep(_ step: String, _ message: String)
    throws
  {
    let model = """
      kind: model
      name: clock
      processes:
        app:
          lanes:
            main: serial
          memory:
            n: int
      operations:
        tick:
          steps:
            - set: {app.n: "app.n + 1"}
            \(step)
      events:
        go:
          steps:
            - spawn: tick

      """
    let scenario = """
      name: clock
      model: ./clock.model.yaml
      timeline:
        - {at: 1s, event: go}
        - {at: 9000000000s, event: go}

      """
    let result = try Self.inFolder(["clock.model.yaml": model, "clock.yaml": scenario]) {
      folder in try runRacelab(["run", "clock.yaml"], in: folder.url)
    }
    #expect(result.status == 0, "\(result.errorText)")
    let text = result.outputText
    #expect(
      text.contains(
        message + "9000000000.000s ends after the clock's last instant, "
          + "9223372036.854775807s · invariant run-time-error"), "\(text)")
    // Before it, the same step from 1 s ends in time.
    #expect(text.components(separatedBy: "ends after the clock's last instant").count == 2)
  }

  @Test func theProgressLineEstimatesTheSpaceOnATerminal() throws {
    let (model, scenario) = Self.manyProcesses(12)
    let shown = try Self.inFolder(["many.model.yaml": model, "many.yaml": scenario]) { folder in
      try runRacelabOnTerminal(
        ["explore", "many.yaml", "--max-schedules", "20"], in: folder.url, environment: [:],
        errorToo: true)
    }
    #expect(shown.status == 1)
    #expect(shown.output.contains("explore: 0/"))
    #expect(shown.output.contains(" schedules · ≈ "))
    #expect(shown.output.contains("space ≈ "))
    #expect(shown.output.contains("left (the budget stops it)"))
  }
}
