import ModelContract
import RacelabKernel

extension ReviewPromptDefinition {
  /// App version, wins, the last attempt, the environment and the scene.
  public func initialFacts(_ setup: ModelSetup) -> [String] {
    let app = setup.section("app")
    let system = setup.section("system")
    var facts = ["app \(app.text("version", or: "1.0.0"))", "wins \(app.integer("wins", or: 0))"]
    if case .date(let day) = app["last-attempt"] {
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

  /// "COOLDOWN CONSUMED — …" or "cooldown kept — …" with the closing figures.
  public func headline(summary: [TraceField]) -> String {
    var values: [String: ModelValue] = [:]
    for field in summary { values[field.name] = field.value }
    func int(_ name: String) -> Int64 {
      if case .integer(let value) = values[name] { return value }
      return 0
    }
    func plural(_ count: Int64, _ word: String) -> String {
      "\(count) \(word)\(count == 1 ? "" : "s")"
    }
    let attempts = int("attempts")
    var versions = ""
    if case .list(let list) = values["attemptVersions"], !list.isEmpty {
      versions = " (\(list.map { $0.written() }.joined(separator: ", ")))"
    }
    let pending = values["pending"]?.written() ?? "false"
    let figures =
      "\(plural(attempts, "attempt"))\(versions), \(plural(int("reviewRequests"), "request")), "
      + "\(int("reviewsShown")) shown, pending \(pending)"
    return attempts > 0 ? "COOLDOWN CONSUMED — \(figures)" : "cooldown kept — \(figures)"
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
