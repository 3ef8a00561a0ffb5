/// What the kernel needs to build a model's run from a scenario, in terms free of any file
/// format: the vocabulary, and constructors for the model, its events and its task bodies.
public protocol ModelDefinition {
  /// The runnable model.
  associatedtype Model: SimulationModel

  /// Everything a scenario may say to this model.
  static var vocabulary: ModelVocabulary { get }

  /// The model in its initial state.
  static func makeModel(_ setup: ModelSetup) -> Model

  /// The model event for a scripted happening whose name and fields were checked against
  /// ``vocabulary``.
  static func makeEvent(_ event: ScriptedEvent, setup: ModelSetup) -> Model.Event

  /// Evaluates one row of the truth table `table` (columns checked against the vocabulary).
  static func evaluate(table: String, row: SettingValues, setup: ModelSetup) -> TableRowResult

  /// The initial state in a few short facts for a trace's header (`app 1.4.0`, `wins 4`).
  static func initialFacts(_ setup: ModelSetup) -> [String]

  /// The one-line answer to the question the model exists for, from the closing figures.
  static func headline(summary: [TraceField]) -> String

  /// A hint that names the fix for what a run on `runtime` broke, if the model knows one.
  static func advice(setup: ModelSetup, runtime: RuntimeProfile, result: SimulationResult)
    -> String?
}

extension ModelDefinition {
  /// No facts.
  public static func initialFacts(_ setup: ModelSetup) -> [String] { [] }

  /// The figures as `name value`, joined.
  public static func headline(summary: [TraceField]) -> String {
    summary.map { "\($0.name) \($0.value.text)" }.joined(separator: ", ")
  }

  /// No advice.
  public static func advice(
    setup: ModelSetup, runtime: RuntimeProfile, result: SimulationResult
  ) -> String? { nil }
}

extension TraceValue {
  /// The value as plain text: `true`, `3`, `1.4.0`, `[a, b]`.
  public var text: String {
    switch self {
    case .bool(let value): String(value)
    case .int(let value): String(value)
    case .string(let value): value
    case .strings(let values): "[" + values.joined(separator: ", ") + "]"
    }
  }
}

/// A model's configuration, decoded and checked: variant, initial state, task body.
public struct ModelSetup: Sendable {
  /// The variant's name (one of the vocabulary's).
  public var variant: String
  /// The initial state, by section name (`app`, `config`, `system`), defaults filled in.
  public var sections: [String: SettingValues]
  /// A task body that overrides the variant's, with operations by name.
  public var taskOverride: [TaskStep<String>]?
  /// The wall clock at `t = 0`.
  public var wallClock: WallClock

  /// Creates a setup.
  public init(
    variant: String, sections: [String: SettingValues], taskOverride: [TaskStep<String>]?,
    wallClock: WallClock
  ) {
    self.variant = variant
    self.sections = sections
    self.taskOverride = taskOverride
    self.wallClock = wallClock
  }

  /// The section named `name`, empty if absent.
  public func section(_ name: String) -> SettingValues {
    sections[name] ?? SettingValues()
  }
}

/// A scripted happening, checked against the vocabulary: its event name and fields.
public struct ScriptedEvent: Sendable, Hashable {
  /// The event's name.
  public var name: String
  /// Its fields, defaults filled in.
  public var fields: SettingValues

  /// Creates a scripted event.
  public init(name: String, fields: SettingValues) {
    self.name = name
    self.fields = fields
  }
}
