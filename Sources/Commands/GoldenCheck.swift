import Renderers

/// One scenario of `check`: its expectations, its exploration when asked, and its trace
/// against its golden file (replaced when `update` and the trace is complete).
struct GoldenCheck {
  var scenarioPath: String
  var goldenPath: String
  var goldens: GoldenFiles
  var update: Bool
  var explore: Bool

  func run(console: Console, tally: inout CheckTally) -> ExitStatus {
    guard let file = ScenarioFiles.load(scenarioPath, overrides: Overrides(), console: console)
    else {
      tally.badInput += 1
      return .badInput
    }
    let output = ScenarioRunner.render(file, format: .text)
    var status = ExitStatus.success
    if !output.held {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath): an expectation does not hold (see its trace)\n")
      status = .failure
    }
    if explore, file.scenario.exploreViolations != nil, case .timeline = file.scenario.content {
      status = max(status, exploreAndJudge(file, console: console))
    }
    let found = goldens.read(goldenPath)
    var golden: String?
    switch found {
    case .file(let text) where text == output.text:
      tally.count(status)
      return status
    case .file(let text): golden = text
    case .missing, .unusable: golden = nil
    }
    if update {
      do {
        try goldens.replace(goldenPath, with: output.text)
        tally.written += 1
        console.write("\(golden == nil ? "created" : "updated") \(goldenPath)\n")
        tally.count(status)
        return status
      } catch {
        console.report(.input(error.description))
        tally.failed += 1
        return .failure
      }
    }
    tally.failed += 1
    if case .unusable(let what) = found {
      console.write("\(console.red("FAIL")) \(scenarioPath): the golden \(goldenPath) \(what)\n")
    } else if let golden {
      console.write("\(console.red("FAIL")) \(scenarioPath): trace differs from \(goldenPath)\n")
      let diff =
        UnifiedDiff.make(
          old: golden, new: output.text, oldName: goldenPath, newName: "\(scenarioPath) (now)")
        ?? ""
      console.write(colourDiff(diff, console: console))
    } else {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath): missing golden \(goldenPath) "
          + "(run 'racelab check --update' to create it)\n")
    }
    return .failure
  }

  private func exploreAndJudge(_ file: ScenarioFile, console: Console) -> ExitStatus {
    let report = Exploration(file: file, settings: ExploreSettings().forFile(file.scenario))
      .run(console: console)
    let found = report.violations.map(\.name)
    let summary =
      "explored \(Count.of(report.schedules, "schedule")) (\(report.strategy), "
      + "complete: \(report.complete)), broken: "
      + (found.isEmpty ? "none" : found.joined(separator: ", "))
    if report.expectationsMet {
      console.write("\(console.green("ok")) \(scenarioPath): \(summary)\n")
      return .success
    }
    console.write(
      "\(console.red("FAIL")) \(scenarioPath): \(summary); "
        + ExplorationTextRenderer.verdictLine(report) + "\n")
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
