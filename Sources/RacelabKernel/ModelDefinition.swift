import ModelContract

/// A loaded model: what a scenario may say to it and how to build its runs, in terms free of
/// any file format.
///
/// A definition is a value, bound to a scenario once when the scenario is loaded: a built-in
/// model's definition is a constant; a model file's is read from the file. Everything a command
/// needs afterwards (the vocabulary, the lanes, the model, its events, its headline) comes from
/// that one value.
public protocol ModelDefinition: Sendable {
  /// The runnable model. It is a value that threads may share: a scenario's initial model is
  /// made once and copied into every run of an exploration.
  associatedtype Model: SimulationModel & Sendable

  /// Everything a scenario may say to this model.
  var vocabulary: ModelVocabulary { get }

  /// The names of the lanes the model runs jobs on, in lane order (the same as
  /// ``SimulationModel/laneNames`` of every model it builds).
  var laneNames: [String] { get }

  /// The model in its initial state.
  func makeModel(_ setup: ModelSetup) -> Model

  /// The model event for a scripted happening whose name and fields were checked against
  /// ``vocabulary``.
  func makeEvent(_ event: ScriptedEvent, setup: ModelSetup) -> Model.Event

  /// Evaluates one row of the truth table `table` (columns checked against the vocabulary).
  func evaluate(table: String, row: NamedValues, setup: ModelSetup) -> TableRowResult

  /// The initial state in a few short facts for a trace's header (`app 1.4.0`, `wins 4`).
  func initialFacts(_ setup: ModelSetup) -> [String]

  /// The one-line answer to the question the model exists for, from the closing figures.
  func headline(summary: [TraceField]) -> String

  /// A hint that names the fix for what a run on `runtime` broke, if the model knows one.
  func advice(setup: ModelSetup, runtime: RuntimeProfile, result: SimulationResult) -> String?
}

extension ModelDefinition {
  /// No facts.
  public func initialFacts(_ setup: ModelSetup) -> [String] { [] }

  /// The figures as `name value`, joined.
  public func headline(summary: [TraceField]) -> String {
    summary.map { "\($0.name) \($0.value.written())" }.joined(separator: ", ")
  }

  /// No advice.
  public func advice(
    setup: ModelSetup, runtime: RuntimeProfile, result: SimulationResult
  ) -> String? { nil }
}
