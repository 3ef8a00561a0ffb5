import ModelContract
import RacelabKernel

extension ReviewPromptDefinition {
  /// App version, wins, the last attempt, the environment and the scene.
  public func initialFacts(_ setup: ModelSetup) -> [String] {
    let app = setup.section("app")
    let system = setup.section("system")
    var facts = ["app \(app.text("version", or: "1.0.0"))", "wins \(app.integer("wins", or: 0))"]
    if case .day(let day) = app["last-attempt"] {
      let version = app.text("last-prompted-version", or: "none")
      facts.append("last attempt \(CalendarDate(epochDay: day).text) (\(version))")
    } else if case .text(let version) = app["last-prompted-version"] {
      facts.append("\(version) already prompted (no date)")
    } else {
      facts.append("never prompted")
    }
    if app.boolean("force-override", or: false) { facts.append("force-override on") }
    let environment = system.text("environment", or: "app-store")
    let shown = system.integer("shown-last-365-days", or: 0)
    facts.append("\(environment), \(shown) shown this year")
    let scene = system.text("scene", or: "foreground-active")
    if scene != SceneState.foregroundActive.rawValue { facts.append("scene \(scene)") }
    return facts
  }

  /// The closing figures: `1 attempt (1.4.0), 1 request, 1 shown, pending false`.
  public func figures(summary: [TraceField]) -> String {
    let values = Self.values(summary)
    func plural(_ count: Int64, _ word: String) -> String {
      "\(count) \(word)\(count == 1 ? "" : "s")"
    }
    var versions = ""
    if case .list(let list) = values["attemptVersions"], !list.isEmpty {
      versions = " (\(list.map { $0.written() }.joined(separator: ", ")))"
    }
    let pending = values["pending"]?.written() ?? "false"
    return "\(plural(Self.integer(values["attempts"]), "attempt"))\(versions), "
      + "\(plural(Self.integer(values["reviewRequests"]), "request")), "
      + "\(Self.integer(values["reviewsShown"])) shown, pending \(pending)"
  }

  /// The answer, in the words of the bundled model file's `answers:`
  /// (Sources/ModelLibrary/models/review-prompt.model.yaml), the first that holds.
  public func answer(summary: [TraceField], violations: [String]) -> RunAnswer? {
    let values = Self.values(summary)
    if violations.contains("no-fire-after-cancel") {
      let unseen = violations.contains("attempt-while-visible")
      return RunAnswer(
        harmful: true,
        sentence: unseen
          ? ReviewPromptAnswers.firedAfterCancelUnseen : ReviewPromptAnswers.firedAfterCancel)
    }
    if violations.contains("attempt-while-visible") {
      return RunAnswer(harmful: true, sentence: ReviewPromptAnswers.notVisible)
    }
    if violations.contains("one-attempt-per-version") {
      let versions = values["attemptVersions"]?.written() ?? "[]"
      return RunAnswer(harmful: true, sentence: ReviewPromptAnswers.twice(versions))
    }
    if Self.integer(values["attempts"]) > 0 {
      return RunAnswer(harmful: false, sentence: ReviewPromptAnswers.consumed)
    }
    if values["pending"] == .bool(true) {
      return RunAnswer(harmful: false, sentence: ReviewPromptAnswers.pending)
    }
    return RunAnswer(harmful: false, sentence: ReviewPromptAnswers.nothingPending)
  }

  private static func values(_ summary: [TraceField]) -> [String: Value] {
    var values: [String: Value] = [:]
    for field in summary { values[field.name] = field.value }
    return values
  }

  private static func integer(_ value: Value?) -> Int64 {
    if case .int(let number) = value { return number }
    return 0
  }

  /// The guard that would have stopped what the run broke.
  public func advice(
    setup: ModelSetup, runtime: RuntimeProfile, result: SimulationResult
  ) -> String? {
    if result.violations.contains("no-fire-after-cancel") {
      if runtime == .kotlin {
        return "fix: check `isActive` (or call `ensureActive()`) right before fire, and let "
          + "CancellationException propagate instead of catching it with runCatching"
      }
      if setup.replacesTaskBodies {
        return "fix: add `guard !Task.isCancelled else { return }` to the task body right "
          + "after the sleep: it stops a task whose cancel landed after the sleep returned"
      }
      return "fix: `guard !Task.isCancelled else { return }` right after the sleep "
        + "(variant cancel-guard) stops a task whose cancel landed after the sleep returned"
    }
    if result.violations.contains("attempt-while-visible") && setup.variant == "original"
      && !setup.replacesTaskBodies
    {
      return "fix: require `scene.activationState == .foregroundActive` in fire "
        + "(variant foreground-guard)"
    }
    return nil
  }
}
