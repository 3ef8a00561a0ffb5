import ModelContract
import YAML

/// A scenario file, decoded and checked against its model's vocabulary: ready to run.
public struct Scenario: Sendable {
  /// Short identifier used in traces and reports.
  public var name: String
  /// One line for humans.
  public var title: String?
  /// Prose: why the scenario exists and what to notice.
  public var about: String?
  /// The model's name, as the file wrote it.
  public var model: String
  /// The task runtime's cancellation semantics.
  public var runtime: RuntimeProfile
  /// The model's variant, initial state, task bodies and wall clock.
  public var setup: ModelSetup
  /// A timeline to run, or a truth table to evaluate.
  public var content: Content
  /// What must hold at the end of a run.
  public var expectations: [Expectation]
  /// The invariants exploration is expected to break (`explore: {violations: […]}`), if given.
  public var exploreViolations: [String]?
  /// For spaces too large to exhaust: `explore: {random: N, seed: S}` samples N seeded random
  /// schedules instead.
  public var exploreRandom: (runs: Int, seed: UInt64)?
  /// `explore: {state-graph: true}`: explore the graph of states, as `--state-graph` does.
  public var exploreStateGraph = false
  /// Where the file's `explore:` key is, if it has one: a verdict against it is reported there.
  public var exploreLocation: SourceLocation?
  /// `explore: {counterexample: NAME}` or `[NAME, …]`: the invariants (of
  /// ``exploreViolations``) whose shortest counterexamples `check` keeps as goldens beside the
  /// scenario's trace.
  public var exploreCounterexamples: [String] = []

  /// What the file asks for.
  public enum Content: Sendable {
    /// Scripted happenings in file order.
    case timeline([ScriptedHappening])
    /// Rows of a model's truth table.
    case table(name: String, rows: [TableRow])
  }
}

/// One row of a truth table with its place in the file.
public struct TableRow: Sendable {
  /// The row's values by column.
  public var values: NamedValues
  /// Where the row starts.
  public var location: SourceLocation
}

/// One key of `expect:`.
public struct Expectation: Sendable, Equatable {
  /// The key as written (`cooldown-consumed`, `violations`).
  public var key: String
  /// What must hold.
  public var value: Value
  /// Where the key is written in the file, when it was read from one.
  public var location: SourceLocation?

  /// Creates an expectation.
  public init(key: String, value: Value, location: SourceLocation? = nil) {
    self.key = key
    self.value = value
    self.location = location
  }

  /// An expected value.
  public enum Value: Sendable, Equatable {
    /// A summary field (`field` is its name in the summary) must equal `value`, a value of
    /// `kind`.
    case summary(field: String, value: ModelContract.Value, kind: ValueKind)
    /// Exactly these invariants must break, in any order.
    case violations([String])
  }
}
