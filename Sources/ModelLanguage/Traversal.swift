/// The direct parts of expressions and steps, so that analyses (which names an expression
/// reads, whether a body reads the clock) walk one definition of the tree.
extension Expression {
  /// The expressions this one is made of, one level down.
  public var children: [Expression] {
    switch self {
    case .literal, .state, .local, .rowField, .outerRowField, .now, .wall, .today, .isCancelled,
      .currentTask, .newUUID:
      return []
    case .not(let operand), .negate(let operand, _), .mix(let operand), .length(let operand),
      .unwrapped(let operand), .column(let operand, _), .distinct(_, let operand):
      return [operand]
    case .arithmetic(_, let left, let right, _), .comparison(_, let left, let right),
      .and(let left, let right), .or(let left, let right), .days(let left, let right):
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

  /// Whether this expression or any part of it satisfies `test`.
  public func contains(where test: (Expression) -> Bool) -> Bool {
    var pending = [self]
    while let next = pending.popLast() {
      if test(next) { return true }
      pending += next.children
    }
    return false
  }
}

extension StepKind {
  /// The expressions the step evaluates itself (not those of the steps nested in it).
  public var expressions: [Expression] {
    switch self {
    case .assignLocal(_, let value), .assignState(_, let value), .cancel(let value),
      .await(let value, _), .sleep(let value):
      return [value]
    case .sleepWithin(let lower, let upper): return [lower, upper]
    case .return(let value): return value.map { [$0] } ?? []
    case .if(let condition, _, _), .guard(let condition, _), .repeat(let condition, _, _),
      .forEach(_, let condition, _):
      return [condition]
    case .call(_, let arguments, _), .record(_, let arguments), .insert(_, let arguments):
      return arguments
    case .spawn(let spawn): return spawn.arguments
    case .after(let delay, _, let arguments): return [delay] + arguments
    case .say(let parts):
      return parts.compactMap {
        if case .value(let value, _) = $0 { return value }
        return nil
      }
    case .update(_, let filter, let assignments):
      return (filter.map { [$0] } ?? []) + assignments.map(\.value)
    case .delete(_, let filter): return filter.map { [$0] } ?? []
    case .setColumn(_, _, let assignment): return [assignment.value]
    case .guardNotCancelled, .checkCancellation, .yield, .throw, .mayCrash, .lifecycle,
      .try, .transaction, .choose:
      return []
    }
  }

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
