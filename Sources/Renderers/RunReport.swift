import RacelabKernel

/// Everything a renderer needs about one run: what was run, how it started, what the kernel
/// recorded, and what the caller concluded from it.
///
/// Renderers only format; every sentence of judgement (the ``headline``, the
/// ``expectations``, the ``fixHint``) is built by the caller.
public struct RunReport: Sendable {
  /// The scenario's name (`busy-main-disappear`).
  public var scenario: String
  /// The scenario's title, one line for humans, if it has one.
  public var title: String?
  /// The model's name (`review-prompt`).
  public var model: String
  /// The runtime profile's name (`swift` or `kotlin`).
  public var runtime: String
  /// The model variant that ran (`original`).
  public var variant: String
  /// The start of the run in words, built by the caller:
  /// `2026-08-15 21:00:00 +09:00 (epoch day 20680)`.
  public var start: String
  /// Short facts about the initial state (`app 1.4.0`, `wins 4`, `never prompted`).
  public var initialState: [String]
  /// Lane names by lane index (`main`).
  public var laneNames: [String]
  /// The run: its trace, broken invariants, summary fields and counters.
  public var result: SimulationResult
  /// The model's one-line answer, such as `HARM: a review was requested after the screen
  /// had gone …`, or the closing figures when the model states no answer for the run.
  public var headline: String
  /// The closing figures (`1 attempt (1.4.0), 1 request, 1 shown, pending false`) when the
  /// ``headline`` is the model's answer; `nil` when the headline is the figures.
  public var figures: String?
  /// The scenario's expectations, checked against the run.
  public var expectations: [ExpectationCheck]
  /// The replay token of the schedule the run followed, when it used one.
  public var schedule: String?
  /// An optional closing line, such as the fix for a broken variant.
  public var fixHint: String?
  /// The last closing line of a default run whose file expects `explore` to break invariants
  /// this run does not: which, and the command that shows them.
  public var exploreHint: String?
  /// The scenario's own explanation (its `about:`), shown under the scenario's line.
  public var about: String?
  /// Why the expectations are shown but not checked (they were written for the file's own
  /// variant or runtime, and an override replaced it), or `nil` when they are checked.
  public var expectationsNotChecked: String?
  /// Whether the scenario replaced the variant's task body with its own `task:`.
  public var customTaskBody = false
  /// What the default schedule breaks, for a run that replays another schedule (`nil`
  /// otherwise): the closing says which of this run's breaks the default run has too.
  public var defaultViolations: [String]?
  /// What the model's terms mean (a model file's `about:`s): each operation by name, each
  /// record's fields under `recorded NAME`. The text trace says it where it first names one.
  public var termNotes: [String: String] = [:]

  /// Creates a report.
  public init(
    scenario: String, title: String?, model: String, runtime: String, variant: String,
    start: String, initialState: [String], laneNames: [String], result: SimulationResult,
    headline: String, expectations: [ExpectationCheck], schedule: String? = nil,
    fixHint: String? = nil
  ) {
    self.scenario = scenario
    self.title = title
    self.model = model
    self.runtime = runtime
    self.variant = variant
    self.start = start
    self.initialState = initialState
    self.laneNames = laneNames
    self.result = result
    self.headline = headline
    self.expectations = expectations
    self.schedule = schedule
    self.fixHint = fixHint
  }

  /// Whether every expectation holds (also when there are none, and when they are not checked).
  public var expectationsMet: Bool {
    expectationsNotChecked != nil || expectations.allSatisfy(\.holds)
  }
}

/// One `expect:` entry of a scenario, checked against the run.
public struct ExpectationCheck: Sendable, Equatable {
  /// The key as the scenario writes it (`attempts`, `cooldown-consumed`).
  public var key: String
  /// The expected value as text.
  public var expected: String
  /// The run's value as text.
  public var actual: String
  /// Whether the run meets the expectation.
  public var holds: Bool

  /// Creates a checked expectation.
  public init(key: String, expected: String, actual: String, holds: Bool) {
    self.key = key
    self.expected = expected
    self.actual = actual
    self.holds = holds
  }
}
