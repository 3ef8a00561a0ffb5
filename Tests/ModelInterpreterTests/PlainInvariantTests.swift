import ModelContract
import ModelInterpreter
import ModelLanguage
import RacelabKernel
import Testing

/// An invariant over record counts (`recorded(entry where id == 1) <= 1`) is read in place,
/// without the general evaluator, when every part of it is plain, and a plain filter inside an
/// invariant that is not is read in place row by row. The general evaluator is the oracle: each
/// invariant has a twin whose filters also read `now >= 0s`, which holds throughout but is not
/// plain, so that the twin is read the general way, and a twin with that term outside the
/// filters, read the general way but for the rows. All three must break at the same moments
/// and spend the same steps of the run's budget.
@Suite("Plain invariants read as the general evaluator reads them")
struct PlainInvariantTests {
  /// Invariants whose filters and counts are plain; `%@` marks where a twin's filter adds its
  /// term that is not.
  static let invariants = [
    "recorded(entry where id == 1%@) <= 1",
    "recorded(entry where size > 2 && id != 3%@) < 3",
    "recorded(entry) + recorded(entry where id % 2 == 0%@) < 6",
    "!(recorded(entry where size >= 4 || id == 2%@) > 2) || app.seen < 0",
  ]

  /// The term that holds throughout but is not plain.
  static let notPlain = " && now >= 0s"

  /// The model with `invariants`, in order, named `i0`, `i1`…, their filters extended by
  /// `filterTerm` and the whole condition by `outerTerm`.
  static func program(filterTerm: String = "", outerTerm: String = "") throws -> ModelProgram {
    let checks = invariants.enumerated().map { index, condition in
      let filled = condition.split(separator: "%@", omittingEmptySubsequences: false)
        .joined(separator: filterTerm)
      return "  i\(index):\n    always: \"(\(filled))\(outerTerm)\""
    }
    let text = """
      kind: model
      name: plain
      processes:
        app:
          lanes: {main: serial}
          memory:
            seen: {type: int, default: 0}
      records:
        entry: {id: int, size: int}
      events:
        add:
          params:
            id: int
            size: int
          steps:
            - set: {app.seen: "app.seen + 1"}
            - record: entry
              with: {id: id, size: size}
      invariants:
      \(checks.joined(separator: "\n"))
      summary:
        seen: app.seen

      """
    switch ModelFileLoader.load(Array(text.utf8)) {
    case .success(let program): return program
    case .failure(let list):
      Issue.record("\(list.diagnostics.map(\.message))")
      throw list
    }
  }

  /// Twelve rows, one a millisecond, whose ids and sizes break each invariant at its own time.
  static let timeline = (0..<12).map { index in
    ScriptedHappening(
      ScriptedEvent(
        name: "add",
        fields: NamedValues(["id": .int(Int64(index % 4)), "size": .int(Int64(index % 6))])),
      .at(VirtualTime(nanoseconds: Int64(index) * 1_000_000)))
  }

  static func run(_ program: ModelProgram, steps: Int = RunLimits.defaults.steps)
    -> SimulationResult
  {
    let limits = RunLimits(
      steps: steps, tasks: RunLimits.defaults.tasks, tableRows: RunLimits.defaults.tableRows)
    return ModelFileDefinition(program, runLimits: limits).simulate(
      setup: ModelSetup(
        variant: "", sections: [:],
        wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0)),
      profile: .swift, timeline: timeline, strategy: DefaultStrategy()
    ).result
  }

  /// The plain model, the one read the general way, the one read the general way but for the
  /// rows.
  static func programs() throws -> [ModelProgram] {
    [
      try program(), try program(filterTerm: notPlain), try program(outerTerm: notPlain),
    ]
  }

  @Test func plainAndGeneralInvariantsBreakAtTheSameTimes() throws {
    let results = try Self.programs().map { Self.run($0) }
    #expect(Set(results[0].violations) == ["i0", "i1", "i2", "i3"])
    for result in results.dropFirst() {
      #expect(result.violations == results[0].violations)
      #expect(result.violationTimes == results[0].violationTimes)
    }
  }

  /// The smallest budget a run fits in is the same three ways: a plain reading spends a step
  /// per row it scans, as the general evaluator does, and one step short of it all stop.
  @Test func plainAndGeneralInvariantsSpendTheSameSteps() throws {
    let programs = try Self.programs()
    func stops(_ program: ModelProgram, _ steps: Int) -> Bool {
      Self.run(program, steps: steps).violations.contains(InterpretedModel.runTimeError)
    }
    var (low, high) = (1, 10_000)
    #expect(stops(programs[1], low) && !stops(programs[1], high))
    while high - low > 1 {
      let middle = (low + high) / 2
      if stops(programs[1], middle) { low = middle } else { high = middle }
    }
    // Four filters over 1 to 12 rows: the scans are most of what the run spends.
    #expect(high > 300)
    for program in [programs[0], programs[2]] {
      #expect(!stops(program, high) && stops(program, high - 1))
    }
  }
}
