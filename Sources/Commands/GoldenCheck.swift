import ModelLanguage
import Renderers
import Reports

/// One scenario of `check`: its expectations, its exploration when asked, and its trace
/// against its golden file (replaced when `update` and the trace is complete), its SVG
/// picture against the `.svg` beside the golden when one was committed, and the trace of the
/// shortest counterexample its `explore: {counterexample: NAME}` keeps, against the
/// `.counterexample.trace` beside the golden.
struct GoldenCheck {
  var scenarioPath: String
  var goldenPath: String
  var goldens: GoldenFiles
  var update: Bool
  var explore: Bool
  var limits: ScenarioLimits
  /// The model files read so far.
  var models: ModelFiles

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
      // Each expectation that does not hold, named with its line, so the line alone says what
      // broke; an explored expectation is judged below, with its counterexample.
      let named = output.failedExpectations.map { location, check in
        Console.failure(of: check) + (location.map { " at line \($0.line)" } ?? "")
      }
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): "
          + (named.isEmpty ? "an expectation does not hold" : named.joined(separator: "; "))
          + " (see its trace)\n")
      console.annotate(output.failedExpectations, path: scenarioPath)
      status = .failure
    }
    var exploration: ExplorationReport?
    if case .timeline = file.scenario.content,
      (explore && file.scenario.exploreViolations != nil)
        || !file.scenario.exploreCounterexamples.isEmpty
    {
      exploration = Exploration(
        file: file, settings: ExploreSettings().forFile(file.scenario, limits: limits)
      )
      .run(console: console)
    }
    if explore, file.scenario.exploreViolations != nil, let exploration {
      status = max(status, judge(exploration, file, console: console))
    }
    var settled = [settle(goldenPath, with: output.text, what: "trace", console: console)]
    if let exploration {
      let kept = file.scenario.exploreCounterexamples
      for name in kept {
        tally.counterexampleGoldens.append(counterexamplePath(of: name, among: kept))
        settled.append(
          settleCounterexample(of: name, among: kept, in: exploration, console: console))
      }
    }
    // A picture is kept only where one was committed: then it is checked and updated too.
    if case .timeline = file.scenario.content, case .file = goldens.read(picturePath) {
      let picture = ScenarioRunner.render(file, format: .svg)
      settled.append(settle(picturePath, with: picture.text, what: "picture", console: console))
    }
    tally.written += settled.filter { $0 == .written }.count
    guard !settled.contains(.failed) else {
      tally.failed += 1
      return .failure
    }
    tally.count(status)
    return status
  }

  /// The golden of a picture: the trace's golden with `.svg` for `.trace`.
  var picturePath: String {
    String(goldenPath.dropLast(".trace".count)) + ".svg"
  }

  /// The golden of the counterexample of `name`, one of `kept`, the invariants whose
  /// counterexamples `explore: {counterexample: …}` keeps: the trace's golden with
  /// `.counterexample.trace` for `.trace` when the file keeps one, `.counterexample.NAME.trace`
  /// when it keeps several.
  func counterexamplePath(of name: String, among kept: [String]) -> String {
    String(goldenPath.dropLast(".trace".count))
      + CheckCommand.counterexampleSuffix(of: name, among: kept)
  }

  /// Compares the trace of `name`'s shortest counterexample in `exploration` with its golden;
  /// fails when the exploration found none.
  private func settleCounterexample(
    of name: String, among kept: [String], in exploration: ExplorationReport, console: Console
  ) -> Settled {
    let path = counterexamplePath(of: name, among: kept)
    guard let trace = exploration.violations.first(where: { $0.name == name })?.trace else {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): explore found no counterexample for "
          + "\(name), whose shortest its 'counterexample:' keeps in "
          + "\(path.shown)\n")
      return .failed
    }
    return settle(
      path, with: TextTraceRenderer.render(trace), what: "counterexample", console: console)
  }

  /// How one golden compared with what the run gives now.
  enum Settled: Equatable {
    case same, written, failed
  }

  /// Compares the golden at `path` with `text` (the `what` of the scenario), replacing it when
  /// `update`; says what failed.
  private func settle(
    _ path: String, with text: String, what: String, console: Console
  ) -> Settled {
    let found = goldens.read(path)
    var golden: String?
    switch found {
    case .file(let old) where old == text: return .same
    case .file(let old): golden = old
    case .missing, .unusable: golden = nil
    }
    if update {
      do {
        try goldens.replace(path, with: text)
        console.write("\(golden == nil ? "created" : "updated") \(path.shown)\n")
        return .written
      } catch {
        console.report(.input(error.description))
        return .failed
      }
    }
    if case .unusable(let problem) = found {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): the golden \(path.shown) \(problem)\n")
    } else if let golden {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): \(what) differs from \(path.shown)\n")
      console.annotate(
        "the \(what) differs from \(path) (racelab check --update rewrites it)",
        path: scenarioPath)
      let diff =
        UnifiedDiff.make(old: golden, new: text, oldName: path, newName: "\(scenarioPath) (now)")
        ?? ""
      console.write(shownDiff(diff, console: console))
    } else {
      console.write(
        "\(console.red("FAIL")) \(scenarioPath.shown): missing golden \(path.shown) "
          + "(run 'racelab check --update' to create it)\n")
    }
    return .failed
  }

  private func judge(
    _ report: ExplorationReport, _ file: ScenarioFile, console: Console
  ) -> ExitStatus {
    let found = report.violations.map(\.name)
    let summary =
      "explored \(Count.of(report.schedules, "schedule")) (\(report.strategy), "
      + "complete: \(report.complete)), broken: "
      + (found.isEmpty ? "none" : found.joined(separator: ", "))
    if report.expectationsMet {
      console.write("\(console.green("ok")) \(scenarioPath.shown): \(summary)\n")
      return .success
    }
    let verdict = ExplorationTextRenderer.verdictLine(report)
    console.write("\(console.red("FAIL")) \(scenarioPath.shown): \(summary); \(verdict)\n")
    let unexpected = Set(report.verdict.unexpected)
    var annotation = "explore: \(verdict)"
    var shown: [String: String] = [:]
    for violation in report.violations where unexpected.contains(violation.name) {
      let replay = "\(report.replayCommand) --schedule \(violation.schedule)"
      annotation += "; shortest counterexample for \(violation.name): \(replay)"
      console.write(
        Self.counterexample(violation, replay: replay, shownFor: shown[violation.schedule]))
      shown[violation.schedule] = shown[violation.schedule] ?? violation.name
    }
    console.annotate(annotation, path: scenarioPath, at: file.scenario.exploreLocation)
    return .failure
  }

  /// An unexpected violation's shortest counterexample, as `check` prints it under the FAIL
  /// line: how to replay it, then its trace, indented, unless the same run was shown for the
  /// violation `shownFor`.
  private static func counterexample(
    _ violation: ExplorationReport.Violation, replay: String, shownFor: String?
  ) -> String {
    let choices = violation.deviations == 1 ? "choice" : "choices"
    var lines = [
      "  \(violation.name) breaks in \(Count.text(violation.count)) "
        + "schedule\(violation.count == 1 ? "" : "s"); the shortest, \(violation.deviations) "
        + "\(choices) off the default: \(replay)"
    ]
    if let shownFor {
      lines.append("    (the run shown for \(shownFor) above)")
    } else if let trace = violation.trace {
      lines += TextTraceRenderer.render(trace).split(separator: "\n").map { "    " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
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
