import ModelLanguage

/// One instruction of a compiled body: the steps of a model file flattened, with jumps for
/// branches, loops and handlers, so a task's place in its body is one number.
enum Instruction: Sendable, Hashable {
  case assignLocal(Int, Expression)
  case assignState(Int, Expression)
  case returnValue(Expression?)
  case jump(Int)
  /// Jumps to the target when the condition is false.
  case jumpUnless(Expression, Int)
  case call(operation: Int, arguments: [Expression], into: Int?)
  /// A sleep; `label` is what it stands for (`as: request`), which its trace events carry.
  case sleep(Expression, label: String?)
  /// `sleep` with `on-cancel: return` or `ignore` (a `try` around one sleep that catches only
  /// `cancelled`), in one instruction: a normal resumption continues at `after`, a thrown
  /// cancellation at `onCancel`, with no handler pushed or popped.
  case sleepCatching(Expression, onCancel: Int, after: Int, label: String?)
  /// The end of a `repeat` body: adds one to the counter local and jumps back to `body` while
  /// it stays below the limit local.
  case countUp(counter: Int, limit: Int, body: Int)
  /// A sleep whose timer fires somewhere in the window of durations `lower...upper`.
  case sleepWithin(lower: Expression, upper: Expression, label: String?)
  case guardNotCancelled
  case checkCancellation
  case yield
  case spawn(Spawn)
  case cancel(Expression)
  case await(Expression, into: Int?)
  /// Enters a `try`: a thrown error that one of the clauses catches continues at its target.
  case pushHandler([HandlerClause])
  /// Enters a transaction: a thrown error restores the state as it is now, then propagates.
  case pushTransaction
  /// Leaves the innermost `try` or transaction normally.
  case popHandler
  case throwError(Int)
  case choose(label: String, names: [String], targets: [Int])
  case mayCrash(String)
  case lifecycle(BuiltInEvent, process: Int)
  case after(Expression, operation: Int, arguments: [Expression], quiet: Bool)
  case afterEvent(Expression, event: Int, arguments: [Expression], quiet: Bool)
  /// `into = list[index]` (locals), for `for-each`.
  case element(into: Int, list: Int, index: Int)
  case record(Int, [Expression], quiet: Bool)
  case say([SayPart], heading: String?, task: Expression?)
  case check(invariant: Int, say: [SayPart]?)
  case insert(slot: Int, [Expression])
  case update(slot: Int, where: Expression?, [ColumnAssignment])
  case delete(slot: Int, where: Expression?)
  case setColumn(local: Int, slot: Int, ColumnAssignment)
}

/// A `catch` clause: what it catches and where its steps start.
struct HandlerClause: Sendable, Hashable {
  var pattern: Catch.Pattern
  var target: Int
}

/// A body compiled to instructions, each with the line of the step it came from.
struct CompiledBody: Sendable, Hashable {
  var instructions: [Instruction]
  var lines: [Int]
  /// Local slots: the body's own, then the hidden ones loops use.
  var localCount: Int
}
