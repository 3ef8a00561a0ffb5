import ModelContract

/// A typed expression, checked at load time: every name is a slot, every operator knows the
/// type of its operands, so evaluation never meets a type error.
public indirect enum Expression: Sendable, Hashable {
  /// A constant.
  case literal(Value)
  /// A state variable, by slot.
  case state(Int)
  /// A local (a parameter, a `let`, a loop variable, a function argument), by slot.
  case local(Int)
  /// A column of the row being filtered by ``recorded(_:where:)`` (index among the record's
  /// fields) or by a table query (index in the row's list: the column's index plus one).
  case rowField(Int)
  /// A column of a row an enclosing filter looks at, from a filter nested in it
  /// (`recorded(a where recorded(b where b.key == a.key) == 0)`): `depth` 1 is the row of the
  /// filter just outside the current one, 2 the one outside that; `field` as in ``rowField(_:)``.
  case outerRowField(depth: Int, field: Int)
  /// `row.column`: a column of a row value (the column's index among the table's columns);
  /// `none` when the row is `none`.
  case column(Expression, Int)
  /// `now`: the virtual time since `t = 0`, as a duration.
  case now
  /// `wall`: the wall clock of the process of the running code, as an instant.
  case wall
  /// `today`: the wall clock's calendar day in the scenario's time zone.
  case today
  /// `is-cancelled`: whether the running task is cancelled (`false` outside a task).
  case isCancelled
  /// `current-task`: the running task's handle (`none` outside a task).
  case currentTask
  /// `new-uuid()`: `uuid-1`, `uuid-2`, … per run, never reset by a relaunch.
  case newUUID
  /// `!x`.
  case not(Expression)
  /// `-x` on an integer or a duration.
  case negate(Expression, Numeric)
  /// `a + b`, `a - b`, `a * b`, `a / b`, `a % b`.
  case arithmetic(ArithmeticOperator, Expression, Expression, Numeric)
  /// `a == b`, `a != b`, `a < b`, … (any two values of one type; `none` is lowest).
  case comparison(ComparisonOperator, Expression, Expression)
  /// `a && b` (b is evaluated only when a is true).
  case and(Expression, Expression)
  /// `a || b` (b is evaluated only when a is false).
  case or(Expression, Expression)
  /// `if c then a else b`.
  case conditional(Expression, Expression, Expression)
  /// `x in [a, b]`.
  case member(Expression, [Expression])
  /// A list literal `[a, b]`.
  case list([Expression])
  /// `max(a, b, …)` or `min(a, b, …)`.
  case extreme(isMax: Bool, [Expression])
  /// `days(a, b)`: the signed number of days from day `a` to day `b`.
  case days(Expression, Expression)
  /// `mix(i)`: a fixed integer hash, for deterministic pseudo-random workloads.
  case mix(Expression)
  /// `count(list)`: a list's length.
  case length(Expression)
  /// `join(list, separator)`: the items of a list of the given item type, each shown as files
  /// write it, with the text `separator` between them.
  case joined(Expression, separator: Expression, item: ValueType)
  /// `text(x)`: a value of the given type as files write it, as a `say:` shows it.
  case shown(Expression, ValueType)
  /// `seconds(d)`: a duration since `t = 0` as a short trace writes an instant (`2.400s`).
  case seconds(Expression)
  /// `cancelled-at`: when the running task was cancelled, in words (`2.050s`), or `none`. Words,
  /// not a duration, so that no run compares it: inside an arrival window it is this run's
  /// instant, which exploration does not follow.
  case cancelledAt
  /// A call of a pure function (index into ``ModelProgram/functions``).
  case function(Int, [Expression])
  /// `recorded(NAME)` or `recorded(NAME where C)`: how many records of that kind match.
  case recorded(Int, where: Expression?)
  /// `distinct(NAME by KEY)`: how many different values `KEY` takes over a record's rows.
  case distinct(Int, by: Expression)
  /// A query over the table in a state slot: the rows matching the condition (all rows
  /// without one), reduced as ``TableQuery`` says.
  case table(TableQuery, slot: Int, where: Expression?)
  /// `first(x)`, `previous(x)` or `changes(x)` of the state variable in `slot` (``HistoryRead``);
  /// only invariants and the summary read history.
  case history(HistoryRead, slot: Int)
  /// `x ?? y`-like unwrapping is written `if x != none then x else y`; this node reads an
  /// optional the checker has proven present (after `guard x != none`).
  case unwrapped(Expression)
}

/// What a table query gives.
public enum TableQuery: Sendable, Hashable {
  /// `count(T where C)`: how many rows match.
  case count
  /// `exists(T where C)`: whether any row matches.
  case exists
  /// The matching rows as a list, in insertion order (`for-each: r in T where C`).
  case rows
  /// `best(T where C by K1 desc, K2, …)`: the matching row first in the keys' order (`none`
  /// when none matches); rows still tied after the last key are a run-time error.
  case best([SortKey])
  /// `any(T where C)`: one matching row with no order — a choice point among the matches
  /// (`none` when none matches). The label names it in traces and tokens.
  case any(label: String)
}

/// One key of `best(… by …)`.
public struct SortKey: Sendable, Hashable {
  /// The key, evaluated with the row's columns in scope.
  public var key: Expression
  /// Whether larger values come first (`desc`).
  public var descending: Bool

  /// Creates a key.
  public init(_ key: Expression, descending: Bool) {
    self.key = key
    self.descending = descending
  }
}

/// The operand type of an arithmetic operator, fixed by the checker.
public enum Numeric: Sendable, Hashable {
  /// Integers (`+ - * / %`).
  case int
  /// Durations (`+ -` with durations, `* / %` with an integer on the right).
  case duration
  /// An instant and a duration (`instant + duration`, `instant - duration`).
  case instantAndDuration
  /// Two instants (`instant - instant` is a duration).
  case instants
  /// A day and an integer (`day + 1`).
  case dayAndInt
  /// Text concatenation (`+`).
  case text
  /// List concatenation (`+`): the left list's items, then the right's.
  case list
}

/// `+ - * / %`.
public enum ArithmeticOperator: Sendable, Hashable {
  case add, subtract, multiply, divide, remainder
}

/// `== != < <= > >=`.
public enum ComparisonOperator: Sendable, Hashable {
  case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
}
