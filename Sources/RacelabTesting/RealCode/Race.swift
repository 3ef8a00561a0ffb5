import ModelContract

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
  /// invariant. `holds` is isolated to the main actor, where an app keeps the state it
  /// checks; between jobs no other job runs, so it may read anything its closure captures.
  public static func always(_ name: String, _ holds: @escaping @MainActor () -> Bool) {
    RunOfThisThread.current?.addInvariant(name, holds)
  }

  /// Lets the search choose one of `count` alternatives here, named `label`: what the code
  /// cannot see but the world decides (a reply that succeeds or fails, the order of things
  /// that arrive together). Alternative 0 is what a plain run takes; outside a controlled run
  /// the answer is always 0.
  public static func choose(_ count: Int, _ label: String) -> Int {
    RunOfThisThread.current?.choose(count, label) ?? 0
  }

  /// Adds `text` to this run's trace, attributed to the task that says it.
  public static func note(_ text: String) {
    RunOfThisThread.current?.note(text)
  }

  /// Waits until nothing else in the run can happen: every other job has run, every timer
  /// has fired, every other task is done or waits for something only this one can give. Read
  /// a run's closing figures after it, as a model's summary is read at the end of its run.
  public static func settle() async {
    guard let run = RunOfThisThread.current else { return }
    await withCheckedContinuation { run.resumeWhenSettled($0) }
  }

  /// A duration somewhere in `window`, for the calling task's next sleep: sleep for the
  /// duration returned (`Task.sleep(for:)`, or `sleep(for:)` on an injected clock), and racelab
  /// ends that sleep anywhere in the window. Explorations try every way the window can fall
  /// against the run's other instants, exactly, as `sleep: 50ms..600ms` in a model file does: a
  /// network reply that takes 50 ms to 600 ms, say. It returns the window's start, which is also
  /// what a plain run, a replay's default and code outside a controlled run sleep.
  ///
  /// ```swift
  /// try await Task.sleep(for: Race.duration(in: .milliseconds(50) ... .milliseconds(600)))
  /// ```
  public static func duration(in window: ClosedRange<Duration>) -> Duration {
    if let run = RunOfThisThread.current {
      let lower = SleepDuration.nanoseconds(window.lowerBound)
      run.expectWindowedSleep(max(0, lower)...max(0, SleepDuration.nanoseconds(window.upperBound)))
    }
    return window.lowerBound
  }

  /// Keeps the main actor busy for `duration` of virtual time, as a main-actor job that long
  /// would (a layout pass, a slow synchronous call): no other main-actor job runs until then,
  /// while timers fire and pool jobs run. Call it from the main actor.
  public static func busy(for duration: Duration) {
    RunOfThisThread.current?.holdMain(for: duration.wholeNanoseconds ?? .max)
  }
}
