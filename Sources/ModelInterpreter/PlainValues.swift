import ModelContract
import ModelLanguage

/// Where a plain expression's locals, row fields and record counts come from
/// (``InterpretedModel/plainValue(_:in:state:)``): a running task's frame, a record row a filter
/// looks at, or an invariant's records. `nil` means "not plain here": the caller evaluates the
/// whole expression with the general evaluator.
protocol PlainOperands {
  /// The local in `slot`.
  mutating func local(_ slot: Int) -> Value?
  /// The field of the row being filtered.
  mutating func rowField(_ field: Int) -> Value?
  /// `recorded(record where filter)`: how many of the record's rows `filter` keeps.
  mutating func recorded(
    _ record: Int, where filter: Expression?, state: [Value]
  ) throws(RunTimeError) -> Value?
}

extension TaskFrame: PlainOperands {
  /// Read in place: the frame is `inout` because a borrowed frame beside the model's own
  /// `inout` access was copied whole at every call.
  mutating func local(_ slot: Int) -> Value? { top.locals[slot] }

  /// A task's step filters no row.
  mutating func rowField(_ field: Int) -> Value? { nil }

  /// Left to the general evaluator, which has the model's records.
  mutating func recorded(
    _ record: Int, where filter: Expression?, state: [Value]
  ) throws(RunTimeError) -> Value? { nil }
}

/// A record row a `recorded(… where …)` filter looks at. The scope's locals and the rows of the
/// filters around this one are left to the general evaluator, which has them.
struct FilteredRow: PlainOperands {
  let row: [Value]

  /// A local is left to the general evaluator, which has the scope's locals.
  mutating func local(_ slot: Int) -> Value? { nil }

  mutating func rowField(_ field: Int) -> Value? { row[field] }

  /// A filter nested in this one is left to the general evaluator, which knows the outer rows.
  mutating func recorded(
    _ record: Int, where filter: Expression?, state: [Value]
  ) throws(RunTimeError) -> Value? { nil }
}

/// What an invariant reads besides the state: the records, and how many units of the run's
/// budget their rows may take (``InterpretedModel/spend(_:)``).
struct RuleOperands: PlainOperands {
  let records: [[[Value]]]
  /// The units left in the run's budget when the reading started.
  let budget: Int
  /// The units the rows read so far take: one per row a filter scans, as the general evaluator
  /// spends them.
  private(set) var spent = 0

  init(records: [[[Value]]], budget: Int) {
    self.records = records
    self.budget = budget
  }

  /// An invariant has no locals.
  mutating func local(_ slot: Int) -> Value? { nil }

  /// Nor a row outside a filter.
  mutating func rowField(_ field: Int) -> Value? { nil }

  /// The count, when every row's filter is plain and the rows fit in what is left of the
  /// budget (past it, the general evaluator stops the run with the budget's message).
  mutating func recorded(
    _ record: Int, where filter: Expression?, state: [Value]
  ) throws(RunTimeError) -> Value? {
    guard let filter else { return .int(Int64(records[record].count)) }
    guard records[record].count <= budget &- spent else { return nil }
    spent &+= records[record].count
    var count: Int64 = 0
    for row in records[record] {
      var operands = FilteredRow(row: row)
      guard let value = try InterpretedModel.plainValue(filter, in: &operands, state: state)
      else { return nil }
      if value.isTrue { count += 1 }
    }
    return .int(count)
  }
}

extension InterpretedModel {
  /// The value of `expression` when it is a literal, a local, row field or record count of
  /// `operands`, a state variable (of `state`), or arithmetic, a comparison or a logical
  /// operator over such expressions holding scalars (no text, list or time read inside a
  /// window): exactly what
  /// ``evaluate(_:_:context:)`` gives, which for such values spends nothing and notes nothing.
  /// `nil` for anything else; what a `nil` cut short had read has no effect, so the caller
  /// evaluates the whole expression again. Static, given the one field of the model it reads: a
  /// method would be handed a copy of the whole model (about 200 bytes) at every call.
  static func plainValue<Operands: PlainOperands>(
    _ expression: Expression, in operands: inout Operands, state: [Value]
  ) throws(RunTimeError) -> Value? {
    switch expression {
    case .literal(let value): return value
    case .local(let slot): return operands.local(slot)
    case .rowField(let field): return operands.rowField(field)
    case .recorded(let record, let filter):
      return try operands.recorded(record, where: filter, state: state)
    case .state(let slot): return state[slot]
    case .arithmetic(let op, let left, let right, let numeric):
      guard numeric != .text, numeric != .list,
        let lhs = try plainValue(left, in: &operands, state: state), lhs.isScalar,
        let rhs = try plainValue(right, in: &operands, state: state), rhs.isScalar
      else { return nil }
      return try Arithmetic.apply(op, lhs, rhs, numeric)
    case .comparison(let op, let left, let right):
      guard let lhs = try plainValue(left, in: &operands, state: state), lhs.isScalar,
        let rhs = try plainValue(right, in: &operands, state: state), rhs.isScalar
      else { return nil }
      return .bool(op.holds(Value.order(lhs, rhs)))
    case .not(let operand):
      return try plainValue(operand, in: &operands, state: state).map { .bool(!$0.isTrue) }
    case .and(let left, let right):
      guard let lhs = try plainValue(left, in: &operands, state: state) else { return nil }
      guard lhs.isTrue else { return .bool(false) }
      return try plainValue(right, in: &operands, state: state).map { .bool($0.isTrue) }
    case .or(let left, let right):
      guard let lhs = try plainValue(left, in: &operands, state: state) else { return nil }
      guard !lhs.isTrue else { return .bool(true) }
      return try plainValue(right, in: &operands, state: state).map { .bool($0.isTrue) }
    default: return nil
    }
  }
}
