import ModelContract
import RacelabKernel

extension ReviewPromptModel {
  /// Handles a review-prompt event as a main-actor job or at once.
  public mutating func handle(_ event: ReviewPromptEvent, context: inout SimulationContext<Self>) {
    switch event {
    case .gameWon:
      let before = repository.wins
      repository.wins = before == .max ? .max : before + 1
      markPending(winsBefore: before, context: &context)
    case .screenShow:
      showScreen(context: &context)
    case .screenDisappear(let transition):
      screenWillDisappear(transition: transition, context: &context)
    case .windowDetach:
      setWindowAttached(false, context: &context)
    case .windowAttach:
      setWindowAttached(true, context: &context)
    case .presenterRelease:
      presenter.instance = nil
      presenter.windowAttached = false
      presenter.screenShowing = false
      context.note(note("presenter", "view controller deallocated · weak references become nil"))
    case .scene(let state):
      let old = scene
      scene = state
      context.note(note("scene", "\(old.rawValue) → \(state.rawValue)"))
    case .mainBusy(let length):
      context.holdCurrentLane(forNanoseconds: length)
    case .appSuspend:
      context.setLanesFrozen(true)
    case .appResume:
      context.setLanesFrozen(false)
    case .relaunch:
      relaunch(context: &context)
    case .appUpdate(let newVersion):
      let old = version
      version = newVersion
      context.note(note("app-update", "version \(old) → \(newVersion) installed"))
      relaunch(context: &context)
    case .wallClockShift(let amount):
      context.shiftWallClock(byNanoseconds: amount)
      let day = context.today()
      context.note(
        note("wall clock", "moved \(DurationText.formatSigned(amount)) · today is day \(day)"))
    case .transitionEnded(let instance):
      if presenter.instance == instance && presenter.windowAttached {
        setWindowAttached(false, context: &context)
      }
    }
  }

  /// `markPending()`: evaluates eligibility and, on yes, sets `pending`. Never records.
  mutating func markPending(winsBefore: Int64, context: inout SimulationContext<Self>) {
    let rule = EligibilityRule(winThreshold: config.winThreshold, cooldownDays: config.cooldownDays)
    let verdict = rule.evaluate(
      EligibilityRule.Input(
        wins: repository.wins, lastAttemptDay: repository.lastAttemptDay,
        today: context.today(),
        lastPromptedVersion: repository.lastPromptedVersion, version: version,
        forceOverride: forceOverride))
    if verdict.eligible { pending = true }
    context.note(
      ModelNote(
        kind: "mark-pending", subject: "markPending",
        detail: [
          "wins \(winsBefore) → \(repository.wins) · "
            + (verdict.eligible
              ? "eligible (\(verdict.reason)) → pending"
              : "not eligible: \(verdict.reason)")
        ],
        fields: [
          TraceField("eligible", .bool(verdict.eligible)),
          TraceField("pending", .bool(pending)),
        ]
      ))
  }

  /// The completion screen appears, then `screenDidShowCompletion()`.
  mutating func showScreen(context: inout SimulationContext<Self>) {
    if presenter.instance == nil {
      presenter.instancesCreated += 1
      presenter.instance = presenter.instancesCreated
    }
    presenter.windowAttached = true
    presenter.screenShowing = true
    guard pending else {
      context.note(
        note("screenDidShowCompletion", "completion screen shown · not pending → nothing scheduled")
      )
      return
    }
    if let scheduled = scheduledTask {
      context.note(
        note(
          "screenDidShowCompletion",
          "completion screen shown · \(scheduled) already scheduled → nothing new"))
      return
    }
    let task = context.spawnTask(program: deferredProgram, lane: Self.main)
    scheduledTask = task
    capturedPresenter[task] = presenter.instance
    context.note(
      ModelNote(
        kind: "scheduled", task: task, subject: "screenDidShowCompletion",
        detail: [
          "completion screen shown · pending → schedule \(task) (holds the presenter weakly)"
        ]))
  }

  /// `screenWillDisappear()`: cancels the scheduled task and forgets it; the window detaches when
  /// the transition ends (`nil`: it stays attached).
  mutating func screenWillDisappear(transition: Int64?, context: inout SimulationContext<Self>) {
    presenter.screenShowing = false
    if let task = scheduledTask {
      scheduledTask = nil
      context.note(note("screenWillDisappear", "cancel \(task) and clear the handle that holds it"))
      context.cancel(task)
    } else {
      context.note(note("screenWillDisappear", "no task scheduled · nothing to cancel"))
    }
    guard let transition, let instance = presenter.instance, presenter.windowAttached else {
      if transition == nil {
        context.note(note("transition", "transition none · the window stays attached"))
      }
      return
    }
    if transition == 0 {
      setWindowAttached(false, context: &context)
    } else {
      let end = context.now.advanced(by: transition)
      context.note(
        note(
          "transition",
          "window detaches at \(DurationText.instant(end)) (transition \(DurationText.format(transition)))"
        ))
      context.schedule(.transitionEnded(presenter: instance), afterNanoseconds: transition)
    }
  }

  mutating func setWindowAttached(_ attached: Bool, context: inout SimulationContext<Self>) {
    presenter.windowAttached = attached && presenter.instance != nil
    context.note(note("window", presenter.windowAttached ? "window attached" : "window detached"))
  }

  /// The process ends at once and starts again (L1): its tasks end, what the main lane held
  /// (queued jobs, a busy job) is dropped, the new process starts thawed and idle; memory is
  /// lost, the repository persists.
  mutating func relaunch(context: inout SimulationContext<Self>) {
    pending = false
    scheduledTask = nil
    presenter.instance = nil
    presenter.windowAttached = false
    presenter.screenShowing = false
    scene = .foregroundActive
    context.note(
      note(
        "relaunch",
        "process restarted · pending, tasks and screens lost · repository kept · scene foreground-active"
      ))
    context.killAllTasks()
    context.dropQueuedJobs(on: Self.main)
    if context.isFrozen(Self.main) { context.setLanesFrozen(false) }
  }

  func note(_ subject: String, _ detail: String) -> ModelNote {
    ModelNote(kind: subject, subject: subject, detail: [detail])
  }
}
