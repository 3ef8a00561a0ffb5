extension ModelProgram {
  /// Whether the program, in any variant, reads `now` or `wall` anywhere (a bounded-response
  /// invariant reads the clock for its deadlines). Exploring a window exactly, an arrival's or
  /// a sleep's, relies on a model reading time only through the kernel (`today`), so windows
  /// are refused for such a model rather than explored wrongly.
  public var readsClock: Bool {
    everyVariant.contains(where: \.readsClockAsWritten)
  }

  /// Whether the parts of this program as they stand (no variant put in place) read the clock.
  private var readsClockAsWritten: Bool {
    if operations.contains(where: { Self.reads($0.body.steps) }) { return true }
    if functions.contains(where: { Self.reads($0.body) }) { return true }
    if summary.contains(where: { Self.reads($0.value) }) { return true }
    for event in events {
      if case .handler(let body) = event.action, Self.reads(body.steps) { return true }
    }
    for invariant in invariants {
      switch invariant.check {
      case .always(let value), .settled(let value), .atEnd(let value):
        if Self.reads(value) { return true }
      case .response:
        // Its deadlines are instants on the virtual clock.
        return true
      }
    }
    return false
  }

  static func reads(_ steps: [Step]) -> Bool {
    steps.containsStep { $0.expressions.contains(where: reads) }
  }

  static func reads(_ expression: Expression) -> Bool {
    expression.contains { $0 == .now || $0 == .wall }
  }
}
