/// Everything a scenario file may say to a model: its events and their fields, its state
/// sections, operations, task bodies, variants, invariants, summary fields, truth tables and
/// the functions `cases:` evaluates.
///
/// The scenario layer validates files against this, so adding a model never changes the format
/// code.
public struct ModelVocabulary: Sendable {
  /// The model's name in files (`review-prompt`).
  public var name: String
  /// One line for `racelab schema`.
  public var help: String
  /// Scriptable events.
  public var events: [EventSpec]
  /// Initial-state sections (`app`, `config`, `system`) and their keys.
  public var sections: [SectionSpec]
  /// Operations callable from task bodies (`fire`).
  public var operations: [String]
  /// Task bodies a file may replace (`task:` replaces the first, `tasks:` any by name).
  public var programs: [ProgramSpec]
  /// Versions of the model's code; the first is the default.
  public var variants: [VariantSpec]
  /// Invariants checked in every run.
  public var invariants: [InvariantSpec]
  /// Closing figures that `expect:` can test.
  public var summaryFields: [SummaryFieldSpec]
  /// Truth tables a file can give instead of a timeline (`eligibility`).
  public var tables: [TableSpec]
  /// Functions a file's `cases:` evaluates over rows instead of a timeline (`cases: {function:
  /// eligible, rows: […]}`): each is a truth table named by its function.
  public var functions: [TableSpec]
  /// Why a run of this model never ends by itself (periodic jobs), so that a scenario must say
  /// when it stops (`until:`); `nil` when runs end when nothing is left to happen.
  public var neverEnds: String?

  /// Creates a vocabulary.
  public init(
    name: String, help: String, events: [EventSpec], sections: [SectionSpec],
    operations: [String], programs: [ProgramSpec] = [], variants: [VariantSpec],
    invariants: [InvariantSpec], summaryFields: [SummaryFieldSpec], tables: [TableSpec] = [],
    functions: [TableSpec] = [], neverEnds: String? = nil
  ) {
    self.name = name
    self.help = help
    self.events = events
    self.sections = sections
    self.operations = operations
    self.programs = programs
    self.variants = variants
    self.invariants = invariants
    self.summaryFields = summaryFields
    self.tables = tables
    self.functions = functions
    self.neverEnds = neverEnds
  }
}

/// A scriptable event and its fields.
public struct EventSpec: Sendable, Hashable {
  /// The name in `event:` (`screen-disappear`).
  public var name: String
  /// Its fields beside `at:` and `event:`.
  public var parameters: [ParameterSpec]
  /// One line for the format reference.
  public var help: String

  /// Creates an event spec.
  public init(_ name: String, parameters: [ParameterSpec] = [], help: String) {
    self.name = name
    self.parameters = parameters
    self.help = help
  }
}

/// An initial-state section and its keys.
public struct SectionSpec: Sendable, Hashable {
  /// The top-level key (`config`).
  public var name: String
  /// Its keys.
  public var keys: [ParameterSpec]

  /// Creates a section spec.
  public init(_ name: String, keys: [ParameterSpec]) {
    self.name = name
    self.keys = keys
  }
}

/// A task body of the model that a scenario file may replace step by step.
public struct ProgramSpec: Sendable, Hashable {
  /// The name in `tasks:` (`deferred-request`).
  public var name: String
  /// What the body does in the model's own code, in one line.
  public var help: String

  /// Creates a program spec.
  public init(_ name: String, help: String) {
    self.name = name
    self.help = help
  }
}

/// A version of the model's code.
public struct VariantSpec: Sendable, Hashable {
  /// The name in `variant:`.
  public var name: String
  /// What differs, in one line.
  public var help: String

  /// Creates a variant spec.
  public init(_ name: String, help: String) {
    self.name = name
    self.help = help
  }
}

/// An invariant checked in every run.
public struct InvariantSpec: Sendable, Hashable {
  /// Its name (`no-fire-after-cancel`).
  public var name: String
  /// When it holds, in one line.
  public var help: String

  /// Creates an invariant spec.
  public init(_ name: String, help: String) {
    self.name = name
    self.help = help
  }
}

/// A closing figure `expect:` can test.
public struct SummaryFieldSpec: Sendable, Hashable {
  /// The key in `expect:` (`cooldown-consumed`).
  public var key: String
  /// The field's name in the summary and in JSON (`cooldownConsumed`).
  public var field: String
  /// Its type: what the summary holds and how `expect:` is read.
  public var kind: ValueKind
  /// One line for the format reference.
  public var help: String

  /// Creates a summary field spec.
  public init(key: String, field: String, kind: ValueKind, help: String) {
    self.key = key
    self.field = field
    self.kind = kind
    self.help = help
  }
}

/// A truth table a file can give instead of a timeline: one row per case.
public struct TableSpec: Sendable, Hashable {
  /// The top-level key (`eligibility`), or the function `cases:` names (`eligible`).
  public var name: String
  /// The inputs a row gives.
  public var columns: [ParameterSpec]
  /// The column that holds the answer a row expects (`expect`).
  public var answer: ParameterSpec
  /// One line for the format reference.
  public var help: String

  /// Creates a table spec.
  public init(_ name: String, columns: [ParameterSpec], answer: ParameterSpec, help: String) {
    self.name = name
    self.columns = columns
    self.answer = answer
    self.help = help
  }
}

/// The verdict of one table row.
public struct TableRowResult: Sendable, Equatable {
  /// What the rule answered.
  public var actual: Value
  /// What the row expected.
  public var expected: Value
  /// The rule that decided it, in words (`wins below the threshold (2 < 3)`); empty when the
  /// model does not say (a model file's function).
  public var decidedBy: String

  /// Creates a row result.
  public init(actual: Value, expected: Value, decidedBy: String) {
    self.actual = actual
    self.expected = expected
    self.decidedBy = decidedBy
  }

  /// Whether the rule answered as the row expected.
  public var holds: Bool { actual == expected }
}
