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

  /// Evaluates one row of the truth table `table`, or of the function `table` that `cases:`
  /// names (columns checked against the vocabulary).
  func evaluate(table: String, row: NamedValues, setup: ModelSetup) -> TableRowResult

  /// The initial state in a few short facts for a trace's header (`app 1.4.0`, `wins 4`).
  func initialFacts(_ setup: ModelSetup) -> [String]

  /// What the model's own terms mean, in a few words: each operation a task may call, by its
  /// name, and each record's fields, under `recorded NAME`. A trace says it where it first
  /// names the term.
  func termNotes(_ setup: ModelSetup) -> [String: String]

  /// The closing figures in one line (`1 attempt (1.4.0), 1 request, 1 shown, pending false`),
  /// from a summary without its answer.
  func figures(summary: [TraceField]) -> String

  /// The model's answer for a run that ended with `summary` (which may carry a model file's
  /// answer, ``RunAnswer/split(_:)``) and broke `violations`, or `nil` when the model states
  /// none for it.
  func answer(summary: [TraceField], violations: [String]) -> RunAnswer?

  /// A hint that names the fix for what a run on `runtime` broke, if the model knows one.
  func advice(setup: ModelSetup, runtime: RuntimeProfile, result: SimulationResult) -> String?
}

extension ModelDefinition {
  /// No facts.
  public func initialFacts(_ setup: ModelSetup) -> [String] { [] }

  /// No notes.
  public func termNotes(_ setup: ModelSetup) -> [String: String] { [:] }

  /// The figures as `name value`, joined.
  public func figures(summary: [TraceField]) -> String {
    summary.map { "\($0.name) \($0.value.written())" }.joined(separator: ", ")
  }

  /// The answer the summary carries, if any.
  public func answer(summary: [TraceField], violations: [String]) -> RunAnswer? {
    RunAnswer.split(summary).answer
  }

  /// The run's closing words: the answer line first when the model gives one, then the
  /// figures (the model file's own, ``RunFigures``, when it gives them); only the figures when
  /// it gives no answer. `summary` is the run's, with or without its answer and figures.
  public func closing(
    summary: [TraceField], violations: [String]
  ) -> (headline: String, figures: String?, summary: [TraceField]) {
    let (written, rest) = RunFigures.split(RunAnswer.split(summary).rest)
    let figures = written ?? figures(summary: rest)
    guard let answer = answer(summary: summary, violations: violations) else {
      return (figures, nil, rest)
    }
    return (answer.line, figures, rest)
  }

  /// The fix the run's answer names (a model file's `fix:`), as `fix: …`; otherwise none.
  public func advice(
    setup: ModelSetup, runtime: RuntimeProfile, result: SimulationResult
  ) -> String? {
    RunAnswer.split(result.summary).answer?.fix.map { "fix: " + $0 }
  }
}
