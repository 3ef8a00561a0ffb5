import ModelContract
import RacelabKernel

/// The review-prompt flow after a won game, after the source article: `markPending()`, a task
/// scheduled when the completion screen shows, cancelled when it disappears, and `fire`, the only
/// place an attempt is recorded (which uses the version's one review request, whether or not the
/// system then shows the prompt).
public struct ReviewPromptModel: SimulationModel, Sendable {
  /// The one lane: the main actor.
  public static let main = LaneID(index: 0)

  /// The persisted repository.
  public internal(set) var repository: ReviewPromptRepository
  /// The configuration.
  public let config: ReviewPromptConfig
  /// Which code runs.
  public let variant: ReviewPromptVariant
  /// The running app version.
  public internal(set) var version: String
  /// The debug launch argument that skips eligibility.
  public let forceOverride: Bool
  /// The controller's `pending` flag (in memory).
  public internal(set) var pending = false
  /// The controller's reference to the scheduled task (in memory).
  public internal(set) var scheduledTask: TaskID?
  /// The completion screen's view controller.
  public internal(set) var presenter = Presenter()
  /// The scene's activation state.
  public internal(set) var scene: SceneState
  /// The system's review-prompt side.
  public internal(set) var system: ReviewSystem
  /// The presenter instance each task captured weakly, by task.
  var capturedPresenter: [TaskID: Int] = [:]
  /// The deferred task's body, as registered with the kernel.
  var deferredProgram = 0
  let body: [TaskStep<ReviewPromptOperation>]

  /// Creates the model in its initial state.
  public init(
    repository: ReviewPromptRepository, config: ReviewPromptConfig, variant: ReviewPromptVariant,
    version: String, forceOverride: Bool, scene: SceneState, system: ReviewSystem,
    body: [TaskStep<ReviewPromptOperation>]? = nil
  ) {
    self.repository = repository
    self.config = config
    self.variant = variant
    self.version = version
    self.forceOverride = forceOverride
    self.scene = scene
    self.system = system
    self.body = body ?? variant.body(delay: config.delay)
  }

  /// Registers the deferred task's body with the kernel, and shows the picture's row at t = 0.
  public mutating func prepare(context: inout SimulationContext<Self>) {
    deferredProgram = context.addProgram(
      TaskProgram(name: "deferred review request", steps: body))
    context.show(row: Self.screenRow, value: screenVisibility)
  }

  /// One lane, `main`: the main actor.
  public var laneNames: [String] { Self.lanes }

  /// The lanes every review-prompt model runs on.
  static let lanes = ["main"]

  /// Main-actor jobs, except suspend, resume and wall-clock shifts, which act at once (C4), and
  /// a relaunch or an update, which end the process the instant they arrive (L1).
  public func delivery(of event: ReviewPromptEvent) -> EventDelivery {
    switch event {
    case .appSuspend, .appResume, .wallClockShift, .relaunch, .appUpdate: .atOnce
    default: .job(Self.main)
    }
  }

  /// The event as traces name it.
  public func label(of event: ReviewPromptEvent) -> String {
    switch event {
    case .gameWon: "game-won"
    case .screenShow: "screen-show"
    case .screenDisappear: "screen-disappear"
    case .windowDetach: "window-detach"
    case .windowAttach: "window-attach"
    case .presenterRelease: "presenter-release"
    case .scene(let state): "scene \(state.rawValue)"
    case .mainBusy(let length): "main-busy \(DurationText.format(length))"
    case .appSuspend: "app-suspend"
    case .appResume: "app-resume"
    case .relaunch: "relaunch"
    case .appUpdate(let version): "app-update \(version)"
    case .wallClockShift(let amount): "wall-clock-shift \(DurationText.formatSigned(amount))"
    case .transitionEnded: "transition ends"
    }
  }

  /// `fire`.
  public func name(of operation: ReviewPromptOperation) -> String { operation.rawValue }

  /// Runs an operation called from a task body.
  public mutating func perform(
    _ operation: ReviewPromptOperation, task: TaskID, context: inout SimulationContext<Self>
  ) {
    switch operation {
    case .fire: fire(task: task, context: &context)
    }
  }

  /// `cooldownConsumed`, `attempts`, `attemptVersions`, `reviewRequests`, `reviewsShown`, `pending`.
  public func summary(context: SimulationContext<Self>) -> [TraceField] {
    [
      TraceField("cooldownConsumed", .bool(!repository.attempts.isEmpty)),
      TraceField("attempts", .int(Int64(repository.attempts.count))),
      TraceField("attemptVersions", .list(repository.attempts.map { .text($0.version) })),
      TraceField("reviewRequests", .int(Int64(system.requests))),
      TraceField("reviewsShown", .int(Int64(system.shown))),
      TraceField("pending", .bool(pending)),
    ]
  }
}
