import ModelContract
import ModelLanguage
import RacelabKernel

/// A run-time error of a model file: overflow, division by zero, a `none` where a value was
/// proven present, a recursion too deep. It ends the run.
struct RunTimeError: Error, Sendable, Hashable {
  var message: String
}

/// What an expression may read besides the model's state.
struct Scope {
  /// The running activation's locals (a function's arguments inside a function).
  var locals: Locals
  /// The record row a `recorded(… where …)` filter looks at.
  var row: [Value]? = nil
  /// The rows of the filters the current one is nested in, the outermost first.
  var outerRows: [[Value]] = []
  /// The running task, if any (`is-cancelled`).
  var task: TaskID?
  /// The process of the running code, whose wall clock `wall` and `today` read (the first
  /// process for invariants and summaries).
  var process = 0
  /// Function calls deep.
  var depth = 0
}

extension Scope {
  /// The scope of a filter nested in this one, before it is given a row: the row this scope
  /// looks at, if any, becomes the innermost of the outer rows. A loop over rows makes it once
  /// and sets ``row`` for each.
  func nested() -> Scope {
    var inner = self
    if let current = self.row { inner.outerRows.append(current) }
    return inner
  }

  /// The scope of a filter over `row`, nested in this one.
  func looking(at row: [Value]) -> Scope {
    var inner = nested()
    inner.row = row
    return inner
  }
}

extension InterpretedModel {
  /// The value of `expression`.
  mutating func evaluate(
    _ expression: Expression, _ scope: Scope, context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Value {
    switch expression {
    case .literal(let value): return value
    case .state(let slot): return state[slot]
    case .local(let slot): return scope.locals[slot]
    case .rowField(let field): return scope.row?[field] ?? .none
    case .outerRowField(let depth, let field):
      let index = scope.outerRows.count - depth
      return scope.outerRows.indices.contains(index) ? scope.outerRows[index][field] : .none
    case .now: return clockRead(context.now.nanoseconds, isInstant: false, context: &context)
    case .wall:
      let (shifted, _) = Self.wall(context).addingReportingOverflow(clockShift(scope.process))
      return clockRead(shifted, isInstant: true, context: &context)
    case .today:
      if let day = code.fixedToday { return .day(day) }
      return .day(context.today(shiftedBy: clockShift(scope.process)))
    case .isCancelled: return .bool(scope.task.map { context.isCancelled($0) } ?? false)
    case .cancelledAt:
      guard let task = scope.task, let time = context.cancellationTime(of: task) else {
        return .none
      }
      return .text(DurationText.instant(time))
    case .currentTask: return scope.task.map { .task($0.index) } ?? .none
    case .history(let read, let slot): return historyValue(read, slot: slot)
    case .newUUID:
      uuidsIssued += 1
      return .text("uuid-\(uuidsIssued)")
    case .not(let operand):
      return .bool(!(try evaluate(operand, scope, context: &context).isTrue))
    case .negate(let operand, let numeric):
      let value = try evaluate(operand, scope, context: &context)
      if let negated = try clockNegation(value) { return negated }
      let (negated, overflow) = Int64(0).subtractingReportingOverflow(value.integer)
      if overflow { throw RunTimeError(message: "negating \(value.integer) overflows") }
      return numeric == .duration ? .duration(negated) : .int(negated)
    case .arithmetic(let op, let left, let right, let numeric):
      let lhs = try evaluate(left, scope, context: &context)
      let rhs = try evaluate(right, scope, context: &context)
      if numeric == .text || numeric == .list { try spend(Self.size(lhs) + Self.size(rhs)) }
      if let value = try clockArithmetic(op, lhs, rhs, numeric, context: &context) {
        return value
      }
      return try Arithmetic.apply(op, lhs, rhs, numeric)
    case .comparison(let op, let left, let right):
      let lhs = try evaluate(left, scope, context: &context)
      let rhs = try evaluate(right, scope, context: &context)
      let cost = min(Self.size(lhs), Self.size(rhs))
      if cost > 0 { try spend(cost) }
      if let holds = clockComparison(op, lhs, rhs, context: &context) { return .bool(holds) }
      if op == .equal || op == .notEqual,
        let equal = clockListEquality(lhs, rhs, context: &context)
      {
        return .bool(equal == (op == .equal))
      }
      return .bool(op.holds(Value.order(lhs, rhs)))
    case .and(let left, let right):
      guard try evaluate(left, scope, context: &context).isTrue else { return .bool(false) }
      return .bool(try evaluate(right, scope, context: &context).isTrue)
    case .or(let left, let right):
      if try evaluate(left, scope, context: &context).isTrue { return .bool(true) }
      return .bool(try evaluate(right, scope, context: &context).isTrue)
    case .conditional(let condition, let then, let otherwise):
      return try evaluate(
        try evaluate(condition, scope, context: &context).isTrue ? then : otherwise, scope,
        context: &context)
    case .member(let needle, let haystack):
      let value = try evaluate(needle, scope, context: &context)
      for candidate in haystack {
        let other = try evaluate(candidate, scope, context: &context)
        if clockComparison(.equal, value, other, context: &context)
          ?? clockListEquality(value, other, context: &context) ?? (other == value)
        {
          return .bool(true)
        }
      }
      return .bool(false)
    case .list(let items):
      var values: [Value] = []
      for item in items { values.append(try evaluate(item, scope, context: &context)) }
      return .list(values)
    case .extreme(let isMax, let operands):
      var best: Value?
      for operand in operands {
        let value = try evaluate(operand, scope, context: &context)
        if let current = best {
          let better =
            clockComparison(isMax ? .greater : .less, value, current, context: &context)
            ?? (isMax ? Value.order(value, current) > 0 : Value.order(value, current) < 0)
          if better { best = value }
        } else {
          best = value
        }
      }
      return best ?? .none
    case .days(let from, let to):
      let start = try evaluate(from, scope, context: &context).integer
      let end = try evaluate(to, scope, context: &context).integer
      let (difference, overflow) = end.subtractingReportingOverflow(start)
      if overflow { throw RunTimeError(message: "days(\(start), \(end)) overflows") }
      return .int(difference)
    case .mix(let operand):
      return .int(Self.mix(try evaluate(operand, scope, context: &context).integer))
    case .shown(let operand, let type):
      let words = code.text(try evaluate(operand, scope, context: &context), as: type)
      try spend(words.utf8.count)
      return .text(words)
    case .seconds(let operand):
      let nanoseconds = try evaluate(operand, scope, context: &context).integer
      return .text(DurationText.instant(VirtualTime(nanoseconds: nanoseconds)))
    case .joined(let list, let separator, let item):
      guard case .list(let items) = try evaluate(list, scope, context: &context),
        case .text(let between) = try evaluate(separator, scope, context: &context)
      else { return .text("") }
      var text = ""
      for (index, value) in items.enumerated() {
        let words = (index > 0 ? between : "") + code.text(value, as: item)
        try spend(words.utf8.count)
        text += words
      }
      return .text(text)
    case .length(let operand):
      guard case .list(let items) = try evaluate(operand, scope, context: &context) else {
        return .int(0)
      }
      return .int(Int64(items.count))
    case .function(let index, let arguments):
      guard scope.depth < Self.functionDepthLimit else {
        throw RunTimeError(message: "functions call each other too deep")
      }
      var locals = Locals([], paddedTo: arguments.count)
      for (slot, argument) in arguments.enumerated() {
        locals[slot] = try evaluate(argument, scope, context: &context)
      }
      let inner = Scope(
        locals: locals, task: scope.task, process: scope.process, depth: scope.depth + 1)
      return try evaluate(program.functions[index].body, inner, context: &context)
    case .recorded(let record, let filter):
      guard let filter else { return .int(Int64(records[record].count)) }
      var count: Int64 = 0
      try spend(records[record].count)
      // A row whose filter is plain (``plainValue(_:in:state:)``, `id == 1`) is read in place;
      // the scope the general evaluator needs is made only for a row whose filter is not.
      lazy var inner = scope.nested()
      for row in records[record] {
        var operands = FilteredRow(row: row)
        let value: Value
        if let plain = try Self.plainValue(filter, in: &operands, state: state) {
          value = plain
        } else {
          inner.row = row
          value = try evaluate(filter, inner, context: &context)
        }
        if value.isTrue { count += 1 }
      }
      return .int(count)
    case .column(let holder, let index):
      guard case .list(let items) = try evaluate(holder, scope, context: &context),
        items.indices.contains(index + 1)
      else { return .none }
      return items[index + 1]
    case .distinct(let record, let key):
      var seen = Set<Value>()
      try spend(records[record].count)
      var inner = scope.nested()
      for row in records[record] {
        inner.row = row
        let value = try evaluate(key, inner, context: &context)
        seen.insert(value.atWitness)
        if value.holdsClockTerm {
          context.noteInexactClockUse("counts distinct times read inside a window")
        }
      }
      return .int(Int64(seen.count))
    case .table(let query, let slot, let filter):
      return try table(query, slot: slot, where: filter, scope, context: &context)
    case .unwrapped(let operand):
      let value = try evaluate(operand, scope, context: &context)
      if value == .none { throw RunTimeError(message: "a value proven present is none") }
      return value
    }
  }

  static let functionDepthLimit = 64

  /// What building or comparing `value` costs beyond one step: its items or its bytes.
  static func size(_ value: Value) -> Int {
    switch value {
    case .list(let items): items.count
    case .text(let text): text.utf8.count
    default: 0
    }
  }

  /// How far the wall clock of `process` runs from the scenario's.
  func clockShift(_ process: Int) -> Int64 {
    guard let clock = code.compiled.clockOfProcess[process] else { return 0 }
    return clockShifts[clock]
  }

  /// The wall clock now, in UTC nanoseconds since the epoch.
  static func wall(_ context: SimulationContext<InterpretedModel>) -> Int64 {
    let clock = context.wallClock
    let local = clock.localNanosecondsSinceEpoch(at: context.now)
    return Int64(clamping: local - Int128(clock.utcOffsetSeconds) * 1_000_000_000)
  }

  /// `mix(i)`: a fixed, well-spread, non-negative hash of an integer.
  static func mix(_ value: Int64) -> Int64 {
    var mixed = UInt64(bitPattern: value) &+ 0x9E37_79B9_7F4A_7C15
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int64(bitPattern: (mixed ^ (mixed >> 31)) >> 1)
  }
}

extension Value {
  /// Whether the value is `true`.
  var isTrue: Bool { self == .bool(true) }

  /// The number a numeric value holds (an integer, a duration, an instant, a day, a task).
  var integer: Int64 {
    switch self {
    case .int(let number), .duration(let number), .instant(let number), .day(let number):
      number
    case .enumCase(let index), .task(let index): Int64(index)
    case .bool(let flag): flag ? 1 : 0
    case .none, .text, .list: 0
    case .clock(let term): term.nanoseconds
    }
  }

  /// The total order of two values of one type: `none` lowest, then by number, text or
  /// element by element. Returns a negative, zero or positive number.
  static func order(_ lhs: Value, _ rhs: Value) -> Int {
    switch (lhs, rhs) {
    case (.none, .none): return 0
    case (.none, _): return -1
    case (_, .none): return 1
    case (.text(let left), .text(let right)): return left < right ? -1 : left == right ? 0 : 1
    case (.list(let left), .list(let right)):
      for (item, other) in zip(left, right) {
        let order = Value.order(item, other)
        if order != 0 { return order }
      }
      return left.count < right.count ? -1 : left.count == right.count ? 0 : 1
    default:
      let (left, right) = (lhs.integer, rhs.integer)
      return left < right ? -1 : left == right ? 0 : 1
    }
  }
}

extension ComparisonOperator {
  /// Whether an order (negative, zero, positive) satisfies the operator.
  func holds(_ order: Int) -> Bool {
    switch self {
    case .equal: order == 0
    case .notEqual: order != 0
    case .less: order < 0
    case .lessOrEqual: order <= 0
    case .greater: order > 0
    case .greaterOrEqual: order >= 0
    }
  }
}

/// Arithmetic that never wraps: overflow and division by zero are run-time errors.
enum Arithmetic {
  static func apply(
    _ op: ArithmeticOperator, _ lhs: Value, _ rhs: Value, _ numeric: Numeric
  ) throws(RunTimeError) -> Value {
    if numeric == .text, case .text(let left) = lhs, case .text(let right) = rhs {
      return .text(left + right)
    }
    if numeric == .list, case .list(let left) = lhs, case .list(let right) = rhs {
      return .list(left + right)
    }
    let (left, right) = (lhs.integer, rhs.integer)
    let result: (Int64, Bool)
    switch op {
    case .add: result = left.addingReportingOverflow(right)
    case .subtract: result = left.subtractingReportingOverflow(right)
    case .multiply: result = left.multipliedReportingOverflow(by: right)
    case .divide, .remainder:
      if right == 0 { throw RunTimeError(message: "division by zero") }
      result =
        op == .divide
        ? left.dividedReportingOverflow(by: right)
        : left.remainderReportingOverflow(dividingBy: right)
    }
    if result.1 { throw RunTimeError(message: "\(left) \(op.symbol) \(right) overflows") }
    switch numeric {
    case .int: return .int(result.0)
    case .duration, .instants: return .duration(result.0)
    case .instantAndDuration: return .instant(result.0)
    case .dayAndInt: return .day(result.0)
    case .text: return .text("")
    case .list: return .list([])
    }
  }
}

extension ArithmeticOperator {
  /// The operator as files write it.
  var symbol: String {
    switch self {
    case .add: "+"
    case .subtract: "-"
    case .multiply: "*"
    case .divide: "/"
    case .remainder: "%"
    }
  }
}
