/// The type of a value in a model file.
public indirect enum ValueType: Sendable, Hashable {
  /// `true` or `false`.
  case bool
  /// A 64-bit signed integer; overflow is a run-time error, never a wrap.
  case int
  /// One line of text.
  case text
  /// A signed number of nanoseconds.
  case duration
  /// A wall-clock instant: nanoseconds since the Unix epoch.
  case instant
  /// A calendar day: days since 1970-01-01 in the scenario's time zone.
  case day
  /// A task handle.
  case task
  /// One of an enumeration's values (index into ``ModelProgram/enums``).
  case enumeration(Int)
  /// A list of values of one type.
  case list(ValueType)
  /// The type, or `none` (lowest in every order).
  case optional(ValueType)
  /// A table's rows, in insertion order (index into ``ModelProgram/tables``). Only a state
  /// variable has this type; expressions read it through `count`, `exists`, `best`, `any` and
  /// `for-each`.
  case table(Int)
  /// One row of a table (index into ``ModelProgram/tables``), as `best`, `any` and `for-each`
  /// give it: a local whose columns read as `row.column`.
  case row(Int)
}
