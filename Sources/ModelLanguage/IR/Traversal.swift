/// The direct parts of expressions and steps, so that analyses (which names an expression
/// reads, which steps a body holds) walk one definition of the tree.
extension Expression {
  /// The expressions this one is made of, one level down.
  public var children: [Expression] {
    switch self {
    case .literal, .state, .local, .rowField, .outerRowField, .now, .wall, .today, .isCancelled,
      .cancelledAt, .currentTask, .newUUID, .history:
      return []
    case .not(let operand), .negate(let operand, _), .mix(let operand), .length(let operand),
      .shown(let operand, _), .seconds(let operand),
      .unwrapped(let operand), .column(let operand, _), .distinct(_, let operand):
      return [operand]
    case .arithmetic(_, let left, let right, _), .comparison(_, let left, let right),
      .and(let left, let right), .or(let left, let right), .days(let left, let right),
      .joined(let left, let right, _):
      return [left, right]
    case .conditional(let condition, let then, let otherwise): return [condition, then, otherwise]
    case .member(let needle, let haystack): return [needle] + haystack
    case .list(let items), .extreme(_, let items), .function(_, let items): return items
    case .recorded(_, let filter): return filter.map { [$0] } ?? []
    case .table(let query, _, let filter):
      var parts = filter.map { [$0] } ?? []
      if case .best(let keys) = query { parts += keys.map(\.key) }
      return parts
    }
  }
}

extension Expression {
  /// Visits this expression, everything it is made of and the bodies of the functions it calls
  /// (`body(index)`, each function once), until `visit` returns `false`: what an analysis of
  /// what an expression reads walks. `false` when it stopped early.
  @discardableResult
  public func visitReached(
    calling body: (Int) -> Expression?, visit: (Expression) -> Bool
  ) -> Bool {
    var called = Set<Int>()
    var pending = [self]
    while let next = pending.popLast() {
      guard visit(next) else { return false }
      if case .function(let index, _) = next, called.insert(index).inserted,
        let callee = body(index)
      {
        pending.append(callee)
      }
      pending += next.children
    }
    return true
  }
}

extension StepKind {
  /// The step lists nested in this step (branches, loop bodies, handlers).
  public var blocks: [[Step]] {
    switch self {
    case .if(_, let then, let otherwise): return [then, otherwise]
    case .guard(_, let otherwise): return [otherwise]
    case .try(let body, let catches): return [body] + catches.map(\.steps)
    case .transaction(let steps), .repeat(_, _, let steps), .forEach(_, _, let steps):
      return [steps]
    case .choose(let branches): return branches.map(\.steps)
    default: return []
    }
  }
}

extension Sequence where Element == Step {
  /// Whether any step here, nested steps included, satisfies `test`.
  public func containsStep(where test: (StepKind) -> Bool) -> Bool {
    contains { step in test(step.kind) || step.kind.blocks.contains { $0.containsStep(where: test) }
    }
  }
}
