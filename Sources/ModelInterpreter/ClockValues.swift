import ModelContract
import ModelLanguage
import RacelabKernel

/// Times read at instants that follow from windowed arrivals (see ``ClockTerm``): reads become
/// terms, sums and differences keep them terms, and comparisons become questions the kernel
/// settles exactly (``SimulationContext/settle(_:plus:relativeTo:question:holds:)``). Anything
/// else done with such a time uses its value in the run at hand and is noted as inexact, so an
/// exploration says it is not complete.
extension InterpretedModel {
  /// A clock read of `value` now: a term when now follows from a windowed arrival.
  func clockRead(
    _ value: Int64, isInstant: Bool, context: inout SimulationContext<InterpretedModel>
  ) -> Value {
    let (arrival, _) = context.nowFromArrival
    guard arrival != 0 else { return isInstant ? .instant(value) : .duration(value) }
    let (offset, overflow) = value.subtractingReportingOverflow(
      context.witness(ofArrival: arrival))
    guard !overflow else {
      context.noteInexactClockUse("reads a clock shifted past the range of instants")
      return isInstant ? .instant(value) : .duration(value)
    }
    return .clock(
      ClockTerm(nanoseconds: value, plus: arrival, minus: 0, offset: offset, isInstant: isInstant))
  }

  /// `lhs op rhs` where at least one side is a clock term; `nil` when neither is.
  func clockArithmetic(
    _ op: ArithmeticOperator, _ lhs: Value, _ rhs: Value, _ numeric: Numeric,
    context: inout SimulationContext<InterpretedModel>
  ) throws(RunTimeError) -> Value? {
    guard lhs.isClockTerm || rhs.isClockTerm else { return nil }
    let witnessed = try Arithmetic.apply(op, lhs.atWitness, rhs.atWitness, numeric)
    guard op == .add || op == .subtract, let left = lhs.term, let right = rhs.term,
      let term = left.combined(
        with: right, sign: op == .add ? 1 : -1, isInstant: numeric == .instantAndDuration)
    else {
      context.noteInexactClockUse("computes \(op.symbol) with a time read inside a window")
      return witnessed
    }
    guard !term.isConstant else { return witnessed }
    let spread = context.spread(of: term.plus, after: term.minus)
    let offset = Int128(term.offset)
    if spread.lowerBound + offset < Int128(Int64.min)
      || spread.upperBound + offset > Int128(Int64.max)
    {
      context.noteInexactClockUse(
        "computes \(op.symbol) with a time read inside a window, past the clock's range where the window lands late"
      )
    }
    return .clock(term)
  }

  /// `-value` for a clock term; `nil` for anything else.
  func clockNegation(_ value: Value) throws(RunTimeError) -> Value? {
    guard case .clock(let term) = value else { return nil }
    let (negated, overflow) = Int64(0).subtractingReportingOverflow(term.nanoseconds)
    let (offset, offsetOverflow) = Int64(0).subtractingReportingOverflow(term.offset)
    if overflow || offsetOverflow {
      throw RunTimeError(message: "negating \(term.nanoseconds) overflows")
    }
    return .clock(
      ClockTerm(
        nanoseconds: negated, plus: term.minus, minus: term.plus, offset: offset,
        isInstant: term.isInstant))
  }

  /// Whether `lhs op rhs` holds where at least one side is a clock term, settled exactly when
  /// their difference is one arrival instant minus another plus a constant; `nil` when neither
  /// side is a clock term (or one is `none`).
  func clockComparison(
    _ op: ComparisonOperator, _ lhs: Value, _ rhs: Value,
    context: inout SimulationContext<InterpretedModel>
  ) -> Bool? {
    guard lhs.isClockTerm || rhs.isClockTerm, let left = lhs.term, let right = rhs.term else {
      return nil
    }
    let witnessed = op.holds(Value.order(lhs.atWitness, rhs.atWitness))
    guard let difference = left.combined(with: right, sign: -1, isInstant: false) else {
      context.noteInexactClockUse(
        "compares two times read inside windows in a way no order of their instants describes")
      return witnessed
    }
    if difference.isConstant { return op.holds(Int(difference.offset.signum())) }
    // x_plus + offset against x_minus, the windows by number (0: the fixed start).
    let question =
      "clock: x\(difference.plus) + \(DurationText.formatSigned(difference.offset)) "
      + "\(op.symbol) x\(difference.minus)"
    let (holds, asked) = context.settle(
      difference.plus, plus: difference.offset, relativeTo: difference.minus,
      question: question
    ) { order in
      op.holds(order == .before ? -1 : order == .same ? 0 : 1)
    }
    if asked {
      let (lhsText, rhsText) = (clockText(lhs), clockText(rhs))
      context.note(
        ModelNote(
          kind: "clock-settled", subject: "clock",
          detail: [
            "\(lhsText) \(op.symbol) \(rhsText): \(holds) — where the windows land decides "
              + "this comparison of clock reads, and this schedule takes that answer"
          ]))
    }
    return holds
  }

  /// Whether two lists are equal where an item of either is (or holds) a clock term, each pair
  /// of items compared exactly as ``clockComparison(_:_:_:context:)`` compares two times; `nil`
  /// when they are not two lists or hold no clock term (the plain order decides).
  func clockListEquality(
    _ lhs: Value, _ rhs: Value, context: inout SimulationContext<InterpretedModel>
  ) -> Bool? {
    guard case .list(let left) = lhs, case .list(let right) = rhs,
      lhs.holdsClockTerm || rhs.holdsClockTerm
    else { return nil }
    guard left.count == right.count else { return false }
    for (item, other) in zip(left, right) {
      let equal =
        clockListEquality(item, other, context: &context)
        ?? clockComparison(.equal, item, other, context: &context)
        ?? (Value.order(item, other) == 0)
      if !equal { return false }
    }
    return true
  }

  /// Whether `value` and `other` are the same value, comparing clock terms (also inside lists)
  /// exactly: a term and a number, or two terms, that are equal at every instant the zone
  /// allows are the same whatever the terms are made of.
  func sameValue(
    _ value: Value, _ other: Value, context: inout SimulationContext<InterpretedModel>
  ) -> Bool {
    if value == other { return true }
    return clockListEquality(value, other, context: &context)
      ?? clockComparison(.equal, value, other, context: &context) ?? false
  }

  /// A time as the trace shows it, at the run's instants: a date for an instant, a duration
  /// (signed when negative) otherwise.
  private func clockText(_ value: Value) -> String {
    let witnessed = value.atWitness
    if case .instant = witnessed { return code.text(witnessed, as: .instant) }
    let nanoseconds = witnessed.integer
    return nanoseconds < 0
      ? DurationText.formatSigned(nanoseconds) : DurationText.format(nanoseconds)
  }

  /// The number `value` holds, noting an inexact use when it is a clock term that depends on
  /// where a window lands (`use` says what it is used for). Static, so that a call whose
  /// argument runs the model (`Self.number(try evaluated(…), …)`) need not copy the model to
  /// hold it across that argument.
  static func number(
    _ value: Value, for use: @autoclosure () -> String,
    context: inout SimulationContext<InterpretedModel>
  ) -> Int64 {
    if case .clock(let term) = value, !term.isConstant {
      context.noteInexactClockUse("uses a time read inside a window as \(use())")
    }
    return value.integer
  }
}

extension Value {
  /// Whether the value is one number, bool, enumeration case, task or `none`: neither text nor
  /// a list (which cost steps to compare) nor a clock term (which compares by its window).
  var isScalar: Bool {
    switch self {
    case .text, .list, .clock: false
    default: true
    }
  }

  /// Whether the value is a clock term.
  var isClockTerm: Bool {
    if case .clock = self { true } else { false }
  }

  /// Whether the value is a clock term or a list that holds one, at any depth.
  var holdsClockTerm: Bool {
    switch self {
    case .clock(let term): !term.isConstant
    case .list(let items): items.contains { $0.holdsClockTerm }
    default: false
    }
  }

  /// The value as a clock term: a duration or an instant as a constant, a clock term as it
  /// is; `nil` for anything else.
  var term: ClockTerm? {
    switch self {
    case .clock(let term): term
    case .duration(let nanoseconds): .constant(nanoseconds, isInstant: false)
    case .instant(let nanoseconds): .constant(nanoseconds, isInstant: true)
    default: nil
    }
  }
}

extension ComparisonOperator {
  /// The operator as files write it.
  var symbol: String {
    switch self {
    case .equal: "=="
    case .notEqual: "!="
    case .less: "<"
    case .lessOrEqual: "<="
    case .greater: ">"
    case .greaterOrEqual: ">="
    }
  }
}
