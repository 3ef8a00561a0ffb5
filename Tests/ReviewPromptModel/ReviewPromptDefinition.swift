import ModelContract
import RacelabKernel

/// The review-prompt model as scenario files see it: its vocabulary and constructors.
public struct ReviewPromptDefinition: ModelDefinition {
  /// The runnable review-prompt model.
  public typealias Model = ReviewPromptModel

  /// The task body a file's `task:` replaces.
  static let deferredRequest = "deferred-request"
  static let nonNegative: ValueKind = .integer(0...Int64.max)
  static let defaultDelay: Int64 = 2_000_000_000
  static let defaultTransition: Int64 = 350_000_000

  /// Creates the definition.
  public init() {}

  /// Events, state keys with defaults, variants, invariants, expectations and the eligibility table.
  public var vocabulary: ModelVocabulary { Self.vocabulary }

  /// One lane: `main`.
  public var laneNames: [String] { ReviewPromptModel.lanes }

  static let vocabulary = ModelVocabulary(
    name: "review-prompt",
    help: "a review request scheduled after a won game, cancelled when the screen disappears",
    events: [
      EventSpec("game-won", help: "wins + 1, then markPending()"),
      EventSpec(
        "screen-show",
        help: "the completion screen appears (presenter alive, window attached), "
          + "then screenDidShowCompletion()"),
      EventSpec(
        "screen-disappear",
        parameters: [
          ParameterSpec(
            "transition", .durationOrNone, default: nil, optional: true,
            help: "length of the transition (default config.transition); none = the window "
              + "stays attached")
        ],
        help: "screenWillDisappear() runs now; the window detaches when the transition ends"),
      EventSpec("window-detach", help: "the presenter's view leaves its window"),
      EventSpec("window-attach", help: "the presenter's view joins a window"),
      EventSpec(
        "presenter-release",
        help: "the view controller is deallocated (the task's weak reference becomes nil)"),
      EventSpec(
        "scene",
        parameters: [
          ParameterSpec(
            "state", .word(SceneState.allCases.map(\.rawValue)), default: nil,
            help: "the new activation state")
        ],
        help: "the scene's activation state changes"),
      EventSpec(
        "main-busy",
        parameters: [
          ParameterSpec("for", .duration, default: nil, help: "how long the main thread is busy")
        ],
        help: "the main thread runs a long job and can do nothing else meanwhile"),
      EventSpec("app-suspend", help: "the process is frozen: timers keep counting, nothing runs"),
      EventSpec("app-resume", help: "the process is thawed: queued work runs"),
      EventSpec(
        "relaunch",
        help: "the process ends at once and starts again: memory is lost, the repository persists"),
      EventSpec(
        "app-update",
        parameters: [ParameterSpec("version", .text, default: nil, help: "the new version")],
        help: "a new app version is installed (implies relaunch)"),
      EventSpec(
        "wall-clock-shift",
        parameters: [
          ParameterSpec("by", .signedDuration, default: nil, help: "signed amount (-30d, +2h)")
        ],
        help: "the wall clock jumps; the monotonic clock does not"),
    ],
    sections: [
      SectionSpec(
        "app",
        keys: [
          ParameterSpec("version", .text, default: .text("1.0.0"), help: "the running version"),
          ParameterSpec("wins", nonNegative, default: .int(0), help: "won games so far"),
          ParameterSpec(
            "last-attempt", .dateOrNever, default: Value.none,
            help: "calendar date of the last recorded attempt, or never"),
          ParameterSpec(
            "last-prompted-version", .textOrNone, default: Value.none,
            help: "version of the last attempt, or none"),
          ParameterSpec(
            "force-override", .boolean, default: .bool(false),
            help: "debug launch argument that skips eligibility"),
        ]),
      SectionSpec(
        "config",
        keys: [
          ParameterSpec(
            "win-threshold", nonNegative, default: .int(3), help: "wins needed before asking"),
          ParameterSpec(
            "cooldown-days", nonNegative, default: .int(120), help: "days between attempts"),
          ParameterSpec(
            "delay", .duration, default: .duration(defaultDelay),
            help: "wait between the completion screen showing and firing"),
          ParameterSpec(
            "transition", .duration, default: .duration(defaultTransition),
            help: "default length of a screen-disappear transition"),
        ]),
      SectionSpec(
        "system",
        keys: [
          ParameterSpec(
            "environment", .word(ReviewEnvironment.allCases.map(\.rawValue)),
            default: .text("app-store"), help: "where the app is installed from"),
          ParameterSpec(
            "shown-last-365-days", nonNegative, default: .int(0),
            help: "prompts already displayed this year (app-store limit: 3)"),
          ParameterSpec(
            "scene", .word(SceneState.allCases.map(\.rawValue)),
            default: .text("foreground-active"), help: "initial scene activation state"),
        ]),
    ],
    operations: ReviewPromptOperation.allCases.map(\.rawValue),
    programs: [
      ProgramSpec(
        deferredRequest,
        help: "the task screenDidShowCompletion() starts: sleep for config.delay, then fire")
    ],
    variants: [
      VariantSpec(
        "cancel-guard",
        help: "sleep (catch → return); guard !Task.isCancelled; fire with presenter, window and "
          + "foreground-active guards"),
      VariantSpec(
        "original", help: "sleep (catch → return); fire with presenter and window guards"),
      VariantSpec(
        "foreground-guard",
        help: "as original, and fire also requires the scene to be foreground-active"),
    ],
    invariants: [
      InvariantSpec(
        "attempt-while-visible",
        help: "every attempt is recorded while the completion screen shows and the scene is "
          + "foreground-active"),
      InvariantSpec("no-fire-after-cancel", help: "no task enters fire after it was cancelled"),
      InvariantSpec(
        "one-attempt-per-version", help: "at most one attempt is recorded per app version"),
    ],
    summaryFields: [
      SummaryFieldSpec(
        key: "cooldown-consumed", field: "cooldownConsumed", kind: .boolean,
        help: "was any attempt recorded?"),
      SummaryFieldSpec(
        key: "attempts", field: "attempts", kind: nonNegative, help: "recorded attempts"),
      SummaryFieldSpec(
        key: "attempt-versions", field: "attemptVersions", kind: .list(.text),
        help: "the app version of each recorded attempt, in order"),
      SummaryFieldSpec(
        key: "review-requests", field: "reviewRequests", kind: nonNegative,
        help: "calls to requestReview"),
      SummaryFieldSpec(
        key: "reviews-shown", field: "reviewsShown", kind: nonNegative,
        help: "prompts the system displayed"),
      SummaryFieldSpec(
        key: "pending", field: "pending", kind: .boolean, help: "the pending flag at the end"),
    ],
    tables: [
      TableSpec(
        "eligibility",
        columns: [
          ParameterSpec("wins", nonNegative, default: nil, help: "won games"),
          ParameterSpec("last-attempt", .dateOrNever, default: nil, help: "date or never"),
          ParameterSpec("today", .date, default: nil, help: "today's local date"),
          ParameterSpec(
            "last-prompted-version", .textOrNone, default: nil, help: "version or none"),
          ParameterSpec("version", .text, default: nil, help: "the running version"),
          ParameterSpec("force-override", .boolean, default: nil, help: "the debug override"),
        ],
        answer: ParameterSpec(
          "expect", .boolean, default: nil, help: "whether the rule should say eligible"),
        help: "rows evaluated by the pure eligibility rule; config applies")
    ])

  /// The model in the state the scenario describes, with its variant's (or the file's) task body.
  public func makeModel(_ setup: ModelSetup) -> ReviewPromptModel {
    let app = setup.section("app")
    let config = setup.section("config")
    let system = setup.section("system")
    let modelConfig = ReviewPromptConfig(
      winThreshold: config.integer("win-threshold", or: 3),
      cooldownDays: config.integer("cooldown-days", or: 120),
      delay: config.duration("delay", or: Self.defaultDelay),
      transition: config.duration("transition", or: Self.defaultTransition))
    var lastAttempt: Int64?
    if case .day(let day) = app["last-attempt"] { lastAttempt = day }
    var lastVersion: String?
    if case .text(let version) = app["last-prompted-version"] { lastVersion = version }
    let body = setup.taskBody(Self.deferredRequest).map { steps in
      steps.map { step -> TaskStep<ReviewPromptOperation> in
        switch step {
        case .sleep(let length, let onCancel): .sleep(nanoseconds: length, onCancel: onCancel)
        case .guardNotCancelled: .guardNotCancelled
        case .checkCancellation: .checkCancellation
        case .yield: .yield
        case .call(let name): .call(ReviewPromptOperation(rawValue: name) ?? .fire)
        }
      }
    }
    return ReviewPromptModel(
      repository: ReviewPromptRepository(
        wins: app.integer("wins", or: 0), lastAttemptDay: lastAttempt,
        lastPromptedVersion: lastVersion),
      config: modelConfig,
      variant: ReviewPromptVariant(rawValue: setup.variant) ?? .cancelGuard,
      version: app.text("version", or: "1.0.0"),
      forceOverride: app.boolean("force-override", or: false),
      scene: SceneState(rawValue: system.text("scene", or: "")) ?? .foregroundActive,
      system: ReviewSystem(
        environment: ReviewEnvironment(rawValue: system.text("environment", or: "")) ?? .appStore,
        shownBefore: system.integer("shown-last-365-days", or: 0)),
      body: body)
  }

  /// The model event of a checked scripted happening.
  public func makeEvent(_ event: ScriptedEvent, setup: ModelSetup) -> ReviewPromptEvent {
    let fields = event.fields
    switch event.name {
    case "game-won": return .gameWon
    case "screen-show": return .screenShow
    case "screen-disappear":
      switch fields["transition"] {
      case Value.none?: return .screenDisappear(transition: nil)
      case .duration(let length): return .screenDisappear(transition: length)
      default:
        let fallback = setup.section("config").duration("transition", or: Self.defaultTransition)
        return .screenDisappear(transition: fallback)
      }
    case "window-detach": return .windowDetach
    case "window-attach": return .windowAttach
    case "presenter-release": return .presenterRelease
    case "scene":
      return .scene(SceneState(rawValue: fields.text("state", or: "")) ?? .foregroundActive)
    case "main-busy": return .mainBusy(nanoseconds: fields.duration("for", or: 0))
    case "app-suspend": return .appSuspend
    case "app-resume": return .appResume
    case "relaunch": return .relaunch
    case "app-update": return .appUpdate(version: fields.text("version", or: ""))
    case "wall-clock-shift": return .wallClockShift(nanoseconds: fields.duration("by", or: 0))
    default: preconditionFailure("event '\(event.name)' is not in the vocabulary")
    }
  }

  /// One eligibility row through the pure rule.
  public func evaluate(table: String, row: NamedValues, setup: ModelSetup)
    -> TableRowResult
  {
    let config = setup.section("config")
    let rule = EligibilityRule(
      winThreshold: config.integer("win-threshold", or: 3),
      cooldownDays: config.integer("cooldown-days", or: 120))
    var lastAttempt: Int64?
    if case .day(let day) = row["last-attempt"] { lastAttempt = day }
    var today: Int64 = 0
    if case .day(let day) = row["today"] { today = day }
    var lastVersion: String?
    if case .text(let version) = row["last-prompted-version"] { lastVersion = version }
    let verdict = rule.evaluate(
      EligibilityRule.Input(
        wins: row.integer("wins", or: 0), lastAttemptDay: lastAttempt, today: today,
        lastPromptedVersion: lastVersion, version: row.text("version", or: ""),
        forceOverride: row.boolean("force-override", or: false)))
    return TableRowResult(
      actual: .bool(verdict.eligible), expected: row["expect"] ?? .bool(false),
      decidedBy: verdict.reason)
  }
}
