/// `racelab check [SCENARIOS_DIR] [--traces DIR] [--update]`: runs every scenario and compares
/// its text trace with the golden file at the mirrored path under the traces folder.
public struct CheckCommand: Sendable {
  /// The folder of scenario files.
  public var scenarios: String
  /// The folder of golden traces.
  public var traces: String
  /// Rewrite goldens that differ or are missing.
  public var update: Bool
  /// Also explore every scenario with an `explore:` block and check its expected violations.
  public var explore: Bool

  /// Creates the command.
  public init(
    scenarios: String = "scenarios", traces: String = "traces", update: Bool = false,
    explore: Bool = false
  ) {
    self.scenarios = scenarios
    self.traces = traces
    self.update = update
    self.explore = explore
  }

  /// Checks every scenario; 0 when all goldens and expectations hold, 1 when one failed, 2 when
  /// a file could not be read or decoded.
  public func execute(console: Console) -> ExitStatus {
    guard Files.isDirectory(scenarios) else {
      console.writeError("racelab: error: '\(scenarios)' is not a folder of scenario files\n")
      return .badInput
    }
    let files = Files.list(scenarios, suffix: ".yaml")
    var status = ExitStatus.success
    var tally = Tally()
    for relative in files {
      status = max(status, check(relative, console: console, tally: &tally))
    }
    let expected = Set(files.map { String($0.dropLast(".yaml".count)) + ".trace" })
    for orphan in Files.list(traces, suffix: ".trace") where !expected.contains(orphan) {
      console.writeError(
        "\(console.red("orphaned")) \(Files.join(traces, orphan)): no scenario "
          + "\(Files.join(scenarios, String(orphan.dropLast(".trace".count)) + ".yaml"))"
          + (update ? " (left in place; delete it if it is no longer wanted)" : "") + "\n")
      tally.orphaned += 1
      status = max(status, .failure)
    }
    console.write(tally.summary(files: files.count, update: update) + "\n")
    return status
  }

  private struct Tally {
    var passed = 0
    var failed = 0
    var badInput = 0
    var written = 0
    var orphaned = 0

    func summary(files: Int, update: Bool) -> String {
      var parts = ["\(passed) passed, \(failed) failed"]
      if badInput > 0 { parts.append("\(badInput) not run (bad input)") }
      if orphaned > 0 { parts.append("\(orphaned) orphaned golden\(orphaned == 1 ? "" : "s")") }
      if update { parts.append("\(written) golden\(written == 1 ? "" : "s") written") }
      return "check: \(files) scenario\(files == 1 ? "" : "s") · " + parts.joined(separator: " · ")
    }
  }

  private func check(_ relative: String, console: Console, tally: inout Tally) -> ExitStatus {
    let scenarioPath = Files.join(scenarios, relative)
    let goldenPath = Files.join(traces, String(relative.dropLast(".yaml".count)) + ".trace")
    guard let (scenario, bytes) = ScenarioFiles.loadWithBytes(scenarioPath, console: console) else {
      tally.badInput += 1
      return .badInput
    }
    let (trace, held) = RunCommand.render(scenario, format: .text)
    var status = ExitStatus.success
    if !held {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath): an expectation does not hold (see its trace)\n")
      status = .failure
    }
    if explore, scenario.exploreViolations != nil, case .timeline(let timeline) = scenario.content {
      let command = ExploreCommand(files: []).forFile(scenario)
      let report = command.explore(scenario, timeline: timeline, bytes: bytes, console: console)
      let found = report.violations.map(\.name)
      let summary =
        "explored \(report.schedules) schedules (\(report.strategy), complete: \(report.complete)), "
        + "broken: \(found.isEmpty ? "none" : found.joined(separator: ", "))"
      if report.expectationsMet {
        console.write("\(console.green("ok")) \(scenarioPath): \(summary)\n")
      } else {
        let expected = report.expectedViolations.joined(separator: ", ")
        console.write(
          "\(console.red("FAIL")) \(scenarioPath): \(summary); expected: "
            + "\(expected.isEmpty ? "none" : expected)\n")
        status = .failure
      }
    }
    let golden = Files.read(goldenPath).map { String(decoding: $0, as: UTF8.self) }
    if golden == trace {
      if status == .success { tally.passed += 1 } else { tally.failed += 1 }
      return status
    }
    if update {
      do {
        try Files.replace(goldenPath, with: trace)
        tally.written += 1
        console.write("\(golden == nil ? "created" : "updated") \(goldenPath)\n")
        if status == .success { tally.passed += 1 } else { tally.failed += 1 }
        return status
      } catch {
        console.writeError("racelab: error: cannot write \(goldenPath): \(error)\n")
        tally.failed += 1
        return .failure
      }
    }
    tally.failed += 1
    if let golden {
      console.write("\(console.red("FAIL")) \(scenarioPath): trace differs from \(goldenPath)\n")
      let diff =
        UnifiedDiff.make(
          old: golden, new: trace, oldName: goldenPath, newName: "\(scenarioPath) (now)")
        ?? ""
      console.write(colourDiff(diff, console: console))
    } else {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath): missing golden \(goldenPath) "
          + "(run 'racelab check --update' to create it)\n")
    }
    return .failure
  }

  private func colourDiff(_ diff: String, console: Console) -> String {
    guard console.colour else { return diff }
    return diff.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("+") && !line.hasPrefix("+++") { return console.green(String(line)) }
      if line.hasPrefix("-") && !line.hasPrefix("---") { return console.red(String(line)) }
      return String(line)
    }.joined(separator: "\n")
  }
}
