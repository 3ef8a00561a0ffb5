/// Everything a scenario file may say to a model: its events and their fields, its state
/// sections, operations, variants, invariants, summary fields and truth tables.
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
  /// Versions of the model's code; the first is the default.
  public var variants: [VariantSpec]
  /// Invariants checked in every run.
  public var invariants: [InvariantSpec]
  /// Closing figures that `expect:` can test.
  public var summaryFields: [SummaryFieldSpec]
  /// Truth tables a file can give instead of a timeline (`eligibility`).
  public var tables: [TableSpec]

  /// Creates a vocabulary.
  public init(
    name: String, help: String, events: [EventSpec], sections: [SectionSpec],
    operations: [String], variants: [VariantSpec], invariants: [InvariantSpec],
    summaryFields: [SummaryFieldSpec], tables: [TableSpec]
  ) {
    self.name = name
    self.help = help
    self.events = events
    self.sections = sections
    self.operations = operations
    self.variants = variants
    self.invariants = invariants
    self.summaryFields = summaryFields
    self.tables = tables
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
  /// Its type (``ValueKind/boolean`` or ``ValueKind/integer(_:)``).
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
  /// The top-level key (`eligibility`).
  public var name: String
  /// Every column a row must give, including `expect`.
  public var columns: [ParameterSpec]
  /// One line for the format reference.
  public var help: String

  /// Creates a table spec.
  public init(_ name: String, columns: [ParameterSpec], help: String) {
    self.name = name
    self.columns = columns
    self.help = help
  }
}

/// The verdict of one table row.
public struct TableRowResult: Sendable, Equatable {
  /// What the rule answered.
  public var actual: Bool
  /// What the row expected.
  public var expected: Bool
  /// The rule that decided it, in words (`wins below the threshold (2 < 3)`).
  public var decidedBy: String

  /// Creates a row result.
  public init(actual: Bool, expected: Bool, decidedBy: String) {
    self.actual = actual
    self.expected = expected
    self.decidedBy = decidedBy
  }
}
