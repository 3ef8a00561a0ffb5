/// What code under racelab's control says to racelab: checks, invariants and notes. Outside
/// a controlled run (``Race/explore(limits:maxSchedules:_:)`` and its kin) each call does
/// nothing, so the calls can stay in code that also runs in ordinary tests.
public enum Race {
  /// Records `name` as broken in this run unless `condition` holds: a check at one point of
  /// the code. A broken check does not stop the run; each run reports it once.
  public static func check(_ condition: Bool, _ name: String) {
    RunOfThisThread.current?.check(name, condition)
  }

  /// Checks `holds` now and after every job of the rest of this run, under `name`: an
  /// invariant. `holds` runs on racelab's thread between jobs, when no other job runs.
  public static func always(_ name: String, _ holds: @escaping () -> Bool) {
    RunOfThisThread.current?.addInvariant(name, holds)
  }

  /// Adds `text` to this run's trace, attributed to the task that says it.
  public static func note(_ text: String) {
    RunOfThisThread.current?.note(text)
  }
}
