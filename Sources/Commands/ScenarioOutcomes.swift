import ModelContract
import ModelLanguage
import RacelabKernel

/// A scenario file as the agreement check between a model and real code needs it: its
/// setup, its timeline, and the outcomes exploring its model reaches, all as text, so code
/// that knows nothing of racelab's types can be driven and compared.
public struct ScenarioOutcomes: Sendable {
  /// One happening of the timeline.
  public struct Happening: Sendable, Equatable {
    /// The event's name.
    public var event: String
    /// When it arrives, from the start of the run: for a happening that arrives somewhere in
    /// a window, the window's start.
    public var at: Duration
    /// The window it arrives somewhere in (`at: 1s..2s`), `nil` for a fixed instant: the run
    /// chooses where, as `explore` does for the model.
    public var window: ClosedRange<Duration>?
    /// Its fields as files write them (`100ms`, `background`), defaults filled in.
    public var fields: [String: String]
    /// Its duration fields as durations.
    public var durations: [String: Duration]
    /// Whether it may never arrive (`maybe: true`): the run then chooses delivered or lost, as
    /// `explore` does for the model.
    public var maybe = false
  }

  /// One outcome: named closing figures and the invariants broken.
  public struct Outcome: Sendable, Hashable, CustomStringConvertible {
    /// Figures by name, as files write values.
    public var fields: [String: String]
    /// Invariants broken, sorted.
    public var violations: [String]

    /// An outcome.
    public init(fields: [String: String], violations: [String]) {
      self.fields = fields
      self.violations = violations.sorted()
    }

    /// `attempts 1, pending false · broken: a, b`.
    public var description: String {
      let figures = fields.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
      let broken = violations.isEmpty ? "" : " · broken: " + violations.joined(separator: ", ")
      return figures.joined(separator: ", ") + broken
    }
  }

  /// The scenario's name.
  public var name: String
  /// The variant it runs.
  public var variant: String
  /// Its setup: each section's values by `section.key` (`app.wins`), as files write them.
  public var setup: [String: String]
  /// Its setup's durations as durations, by `section.key` (`config.delay`).
  public var setupDurations: [String: Duration]
  /// Its timeline, in file order.
  public var happenings: [Happening]
  /// The distinct outcomes exploring the model reaches, in the order first found.
  public var outcomes: [Outcome]
  /// Whether the exploration covered every schedule.
  public var complete: Bool

  /// Loads the scenario at `path` (its variant replaced by `variant` when given) and explores
  /// its model exhaustively; the diagnostics when the file cannot be run or has no timeline.
  public static func explore(
    _ path: String, variant: String? = nil, limits: ScenarioLimits = ScenarioLimits()
  ) -> Result<ScenarioOutcomes, ScenarioOutcomesError> {
    let messages = Locked<[String]>([])
    let console = Console(
      write: { _ in }, writeError: { text in messages.withLock { $0.append(text) } },
      colour: false)
    guard
      let file = ScenarioFiles.load(
        path, overrides: Overrides(variant: variant), limits: limits, console: console)
    else { return .failure(ScenarioOutcomesError(messages.withLock { $0.joined() })) }
    guard case .timeline(let timeline) = file.scenario.content else {
      return .failure(ScenarioOutcomesError("\(path): the agreement check needs a timeline"))
    }
    var happenings: [Happening] = []
    for happening in timeline {
      // A `lost: true` happening never arrives, in the model's runs as in the code's.
      if happening.lost { continue }
      var played: Happening
      switch happening.timing {
      case .at(let time):
        played = Happening(happening.event, at: time)
      case .within(let window):
        played = Happening(happening.event, at: window.lowerBound)
        played.window = window.lowerBound.duration...window.upperBound.duration
      }
      played.maybe = happening.maybe
      happenings.append(played)
    }
    let settings = ExploreSettings().forFile(file.scenario, limits: limits)
    let report = Exploration(file: file, settings: settings).run(console: console)
    let outcomes = report.outcomes.map { outcome in
      Outcome(
        fields: Dictionary(
          outcome.summary.map { ($0.name, $0.value.written()) },
          uniquingKeysWith: { first, _ in first }),
        violations: outcome.violations)
    }
    var setup: [String: String] = [:]
    var setupDurations: [String: Duration] = [:]
    for (section, values) in file.scenario.setup.sections {
      for (key, value) in values.sorted {
        setup["\(section).\(key)"] = value.written()
        if case .duration(let nanoseconds) = value {
          setupDurations["\(section).\(key)"] = .nanoseconds(nanoseconds)
        }
      }
    }
    return .success(
      ScenarioOutcomes(
        name: file.scenario.name, variant: file.scenario.setup.variant, setup: setup,
        setupDurations: setupDurations,
        happenings: happenings, outcomes: outcomes, complete: report.complete))
  }
}

extension ScenarioOutcomes.Happening {
  init(_ event: ScriptedEvent, at time: VirtualTime) {
    self.event = event.name
    self.at = time.duration
    var fields: [String: String] = [:]
    var durations: [String: Duration] = [:]
    for (name, value) in event.fields.sorted {
      fields[name] = value.written()
      if case .duration(let nanoseconds) = value { durations[name] = .nanoseconds(nanoseconds) }
    }
    self.fields = fields
    self.durations = durations
  }
}

/// Why a scenario could not be explored for an agreement check: racelab's diagnostics.
public struct ScenarioOutcomesError: Error, Sendable, CustomStringConvertible {
  /// The diagnostics, as `racelab` prints them.
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
