import Renderers
import ScenarioFormat

/// One scenario of `check`: its expectations, its exploration when asked, and its trace
/// against its golden file (replaced when `update` and the trace is complete).
struct GoldenCheck {
  var scenarioPath: String
  var goldenPath: String
  var goldens: GoldenFiles
  var update: Bool
  var explore: Bool
  var limits: ScenarioLimits
  /// The model files read so far.
  var models: ModelLibrary

  func run(console: Console, tally: inout CheckTally) -> ExitStatus {
    guard
      let file = ScenarioFiles.load(
        scenarioPath, overrides: Overrides(), limits: limits, models: models, console: console)
    else {
      tally.badInput += 1
      return .badInput
    }
    let output = ScenarioRunner.render(file, format: .text)
    if let incomplete = output.incomplete {
      // An incomplete trace never replaces a golden.
      console.report(incomplete)
      tally.badInput += 1
      return .badInput
    }
    var status = ExitStatus.success
    if !output.held {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): an expectation does not hold "
          + "(see its trace)\n")
      console.annotate(output.failedExpectations, path: scenarioPath)
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
        console.write("\(golden == nil ? "created" : "updated") \(goldenPath.shown)\n")
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
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): the golden \(goldenPath.shown) \(what)\n")
    } else if let golden {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): trace differs from \(goldenPath.shown)\n")
      console.annotate(
        "the trace differs from \(goldenPath) (racelab check --update rewrites it)",
        path: scenarioPath)
      let diff =
        UnifiedDiff.make(
          old: golden, new: output.text, oldName: goldenPath, newName: "\(scenarioPath) (now)")
        ?? ""
      console.write(shownDiff(diff, console: console))
    } else {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): missing golden \(goldenPath.shown) "
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
      console.write("\(console.green("ok")) \(scenarioPath.shown): \(summary)\n")
      return .success
    }
    console.write(
      "\(console.red("FAIL")) \(scenarioPath.shown): \(summary); "
        + ExplorationTextRenderer.verdictLine(report) + "\n")
    return .failure
  }

  /// The diff with each line's control characters escaped (a golden file may hold anything)
  /// and, when colour is allowed, removed lines in red and added lines in green.
  private func shownDiff(_ diff: String, console: Console) -> String {
    diff.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let shown = String(line).shown
      if line.hasPrefix("+") && !line.hasPrefix("+++") { return console.green(shown) }
      if line.hasPrefix("-") && !line.hasPrefix("---") { return console.red(shown) }
      return shown
    }.joined(separator: "\n")
  }
}
