import ModelContract
import RacelabKernel
import Renderers
import ScenarioFormat

/// Turns an exploration's tally into its report: each outcome with the model's headline for it,
/// the shortest counterexample per broken invariant with its trace, replay commands, and the
/// verdict against the file's `explore:` block.
struct ExplorationReportBuilder {
  var file: ScenarioFile
  var timeline: [ScriptedHappening]
  var space: ScenarioSpace

  /// The runs a search for a shorter counterexample may take.
  static let counterexampleBudget = 10_000

  func report(
    of tally: ExplorationTally, strategy: String, shard: ExplorationReport.Shard?,
    settings: ExploreSettings, interrupted: Bool, stateTableFull: Bool = false
  ) -> ExplorationReport {
    let hash = ScenarioRunner.hash(of: file)
    func token(_ schedule: Schedule) -> String {
      ScheduleToken(scenarioHash: hash, schedule: schedule).text
    }
    let outcomes = tally.outcomes.sorted { $0.count > $1.count }.map { outcome in
      let closing = file.definition.closing(
        summary: outcome.summary, violations: outcome.violations)
      return ExplorationReport.Outcome(
        summary: closing.summary, violations: outcome.violations, headline: closing.headline,
        figures: closing.figures, count: outcome.count, schedule: token(outcome.schedule))
    }
    let violations = tally.violations.map { finding in
      let depth = min(finding.schedule.deviations.count - 1, Exploration.counterexampleSearchDepth)
      let shortest =
        depth >= 0
        ? space.shortestCounterexample(
          for: finding.name, maxDeviations: depth, budget: Self.counterexampleBudget)
          ?? finding.schedule
        : finding.schedule
      let trace = ScenarioRunner.report(
        file, timeline: timeline, schedule: shortest, token: token(shortest))
      return ExplorationReport.Violation(
        name: finding.name, count: finding.count, schedule: token(shortest),
        deviations: shortest.deviations.count, trace: trace)
    }
    let expected = file.scenario.exploreViolations ?? []
    let found = tally.violations.map(\.name)
    var verdict = ExplorationReport.Verdict(
      expected: expected, missing: expected.filter { !found.contains($0) },
      unexpected: found.filter { !expected.contains($0) }.sorted())
    if interrupted {
      verdict.notCovered = "interrupted"
    } else if tally.statesFilledMemory {
      verdict.notCovered =
        "stopped at the memory limit of \(Count.text(settings.stateMemory)) MB for the states "
        + "it remembers; raise it with --limits state-memory=N"
    } else if stateTableFull {
      verdict.notCovered =
        "stopped at the state graph's cap of "
        + "\(Count.text(settings.maxStates ?? ExploreSettings.defaultMaxStates)) states; "
        + "raise it with --max-states N"
    } else if tally.runsDiverged {
      verdict.notCovered =
        "a run replaying an earlier run's choices met other choice points, so the search "
        + "stopped there: the model's runs are not deterministic, which is a bug in racelab"
    } else if let reason = tally.inexactClockUse {
      verdict.notCovered =
        "the model \(reason), which explore cannot follow exactly: the outcomes found are "
        + "real, but other instants of the window may lead to others"
    } else if !tally.complete && settings.randomRuns == nil {
      verdict.notCovered =
        settings.maxSchedules.map { "stopped at --max-schedules \(Count.text($0))" }
        ?? "stopped at the default budget of \(Count.text(ExploreSettings.defaultBudget)) "
        + "schedules per subtree; raise it with --max-schedules N"
    }
    verdict.notChecked = file.expectationsNotChecked
    if shard != nil {
      // A shard sees part of the space: what it did not find may be in another shard.
      verdict.missing = []
    }
    return ExplorationReport(
      scenario: file.scenario.name, model: file.definition.vocabulary.name,
      runtime: file.scenario.runtime.name, variant: file.scenario.setup.variant,
      strategy: strategy, schedules: tally.schedules, complete: tally.complete,
      states: settings.randomRuns == nil && settings.pruning ? tally.states : nil,
      outcomes: outcomes, violations: violations, verdict: verdict, shard: shard,
      scenarioHash: hash, replayCommand: file.runCommand)
  }
}
