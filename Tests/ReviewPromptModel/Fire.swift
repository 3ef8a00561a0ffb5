import ModelContract
import RacelabKernel

extension ReviewPromptModel {
  /// `fire`, the only place an attempt is recorded: forget the scheduled task, check the
  /// variant's guards, record the attempt (the cooldown is consumed), clear `pending`, ask the
  /// system for a review.
  mutating func fire(task: TaskID, context: inout SimulationContext<Self>) {
    let wasScheduled = scheduledTask
    scheduledTask = nil
    if let wasScheduled, wasScheduled != task {
      context.note(
        note(
          task,
          "scheduledTask = nil (it was \(wasScheduled): a stale task clears a newer one's reference)"
        ))
    }
    if let cancelledAt = context.cancellationTime(of: task) {
      context.reportViolation(
        "no-fire-after-cancel",
        detail:
          "\(task) entered fire after it was cancelled at \(DurationText.instant(cancelledAt))")
    }
    guard checkGuards(task: task, context: &context) else { return }
    recordAttempt(task: task, context: &context)
    pending = false
    requestReview(task: task, context: &context)
  }

  /// Checks presenter, window and (from `foreground-guard` on) the scene, noting each. Returns
  /// whether all passed.
  private mutating func checkGuards(task: TaskID, context: inout SimulationContext<Self>) -> Bool {
    let alive = presenter.instance != nil && capturedPresenter[task] == presenter.instance
    var parts = ["presenter \(alive ? "✓" : "✗ (nil: released)")"]
    var passed = alive
    if alive {
      let attached = presenter.windowAttached
      parts.append(attached ? "window ✓ (attached)" : "window ✗ (nil: detached)")
      passed = attached
      if attached && variant.checksForeground {
        let active = scene == .foregroundActive
        parts.append("scene \(scene.rawValue) \(active ? "✓" : "✗")")
        passed = active
      }
    }
    context.note(
      ModelNote(
        kind: "fire-guards", task: task, subject: "\(task) fire",
        detail: [parts.joined(separator: " · ") + (passed ? "" : " → return, nothing recorded")],
        fields: [TraceField("passed", .bool(passed))]))
    return passed
  }

  private mutating func recordAttempt(task: TaskID, context: inout SimulationContext<Self>) {
    let day = context.today()
    let earlierForVersion = repository.promptedVersions.contains(version)
    repository.attempts.append(RecordedAttempt(epochDay: day, version: version, time: context.now))
    repository.lastAttemptDay = day
    repository.lastPromptedVersion = version
    context.note(
      ModelNote(
        kind: "attempt-recorded", task: task, subject: "\(task) fire",
        detail: ["ATTEMPT RECORDED · day \(day) · \(version) → cooldown consumed"],
        fields: [TraceField("epochDay", .int(day)), TraceField("version", .text(version))]))
    if !presenter.screenShowing || scene != .foregroundActive {
      let why =
        !presenter.screenShowing
        ? "the completion screen was not showing" : "the scene was \(scene.rawValue)"
      context.reportViolation(
        "attempt-while-visible", detail: "attempt recorded while \(why)")
    }
    if earlierForVersion {
      context.reportViolation(
        "one-attempt-per-version", detail: "a second attempt was recorded for \(version)")
    }
  }

  private mutating func requestReview(task: TaskID, context: inout SimulationContext<Self>) {
    system.requests += 1
    let decision = system.decide(scene: scene)
    if decision.shown { system.shown += 1 }
    context.note(
      ModelNote(
        kind: "review-requested", task: task, subject: "\(task) fire",
        detail: ["requestReview → \(decision.reason)"],
        fields: [TraceField("shown", .bool(decision.shown))]))
  }

  func note(_ task: TaskID, _ detail: String) -> ModelNote {
    ModelNote(kind: "fire", task: task, subject: "\(task) fire", detail: [detail])
  }
}
