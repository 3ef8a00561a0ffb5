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

/// A value while a model file runs. Enumeration values are interned as their index, so a
/// comparison never touches text. Only clock terms are `indirect`: a list's array already holds
/// its items on the heap, and numbers stay unboxed.
public enum Value: Sendable, Hashable {
  /// The absent value of an optional.
  case none
  /// A truth value.
  case bool(Bool)
  /// An integer.
  case int(Int64)
  /// Text.
  case text(String)
  /// Nanoseconds.
  case duration(Int64)
  /// Nanoseconds since the Unix epoch, on the process's wall clock.
  case instant(Int64)
  /// Days since 1970-01-01.
  case day(Int64)
  /// A task, by the kernel's task index.
  case task(Int32)
  /// An enumeration value, by its index among the enumeration's values.
  case enumCase(Int32)
  /// A list. A table is a list of rows; a row is a list whose first item is the row's
  /// identity (`.int`, unique in the run) and whose other items are its columns in declaration
  /// order.
  case list([Value])
  /// A duration or an instant read from the clock at an instant that follows from a windowed
  /// arrival, kept exact: see ``ClockTerm``. Arithmetic keeps it a term while it stays one
  /// arrival instant minus another plus a constant. Boxed: such terms are rare, and inline they
  /// would make every value a third larger.
  indirect case clock(ClockTerm)
}
