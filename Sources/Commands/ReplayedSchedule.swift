import ModelContract
import RacelabKernel
import Renderers

extension ScenarioFile {
  /// For `report`, a run of this file along `schedule`: when it is the default run, under the
  /// file's own variant and runtime, and the file's `explore:` expects invariants to break that
  /// this run did not break, the line that names them and the command that shows them
  /// (`racelab explore NAME.yaml`, the file's name, so that the line is the same wherever the
  /// file is run from and its golden stays put).
  func exploreHint(for report: RunReport, along schedule: Schedule) -> String? {
    guard schedule.deviations.isEmpty, expectationsNotChecked == nil,
      let expected = scenario.exploreViolations
    else { return nil }
    let missing = expected.filter { !report.result.violations.contains($0) }
    guard !missing.isEmpty else { return nil }
    let name = displayPath.split(separator: "/").last.map(String.init) ?? displayPath
    var hint =
      "other orders break \(missing.joined(separator: ", ")) (the file's explore:), which "
      + "this run does not show: racelab explore \(ShellWord.quoted(name))"
    let kept = scenario.exploreCounterexamples
    if !kept.isEmpty {
      let suffix = ScenarioFiles.suffixes.first { name.hasSuffix($0) } ?? ""
      let golden = name.dropLast(suffix.count)
      let file = { (invariant: String) in
        "\(golden)\(CheckCommand.counterexampleSuffix(of: invariant, among: kept))"
      }
      hint +=
        kept.count == 1
        ? "; the shortest counterexample of \(kept[0]) is kept beside this trace's golden, in "
          + file(kept[0])
        : "; the shortest counterexample of each is kept beside this trace's golden: "
          + kept.map { "\($0) in \(file($0))" }.joined(separator: ", ")
    }
    return hint
  }

  /// What the default schedule breaks, for a run along another `schedule`; `nil` for the
  /// default one.
  func defaultViolations(timeline: [ScriptedHappening], along schedule: Schedule) -> [String]? {
    guard !schedule.deviations.isEmpty else { return nil }
    return ScenarioExecution.defaultViolations(
      definition, scenario, timeline: timeline, traceLimit: limits.traceEvents)
  }

  /// Why the file's `expect:` is not checked in a run along `schedule`: the overrides replaced
  /// what it was written for, or the schedule is not the default one, which the expectations
  /// describe (a counterexample `explore` found, replayed with `--schedule`). `nil` when it is
  /// checked.
  func expectationsNotChecked(along schedule: Schedule) -> String? {
    guard !schedule.deviations.isEmpty else { return expectationsNotChecked }
    let defaultSchedule = "written for the default schedule (this run replays another)"
    guard let replaced = expectationsNotChecked else { return defaultSchedule }
    return replaced + "; " + defaultSchedule
  }
}
