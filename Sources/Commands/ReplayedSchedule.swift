import RacelabKernel

extension ScenarioFile {
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
