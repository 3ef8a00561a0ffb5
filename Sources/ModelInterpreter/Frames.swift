import ModelContract
import ModelLanguage

/// One operation being run by a task or a handler: where it is, its locals and its open
/// handlers.
struct Activation: Sendable, Hashable {
  var operation: Int
  var pc = 0
  var locals: Locals
  var handlers: [Handler] = []
  /// The caller's local that receives the result.
  var into: Int?
  /// The lane to hop back to when the operation ends (it was called across lanes).
  var returnLane: Int?
}

/// An open `try` or transaction.
struct Handler: Sendable, Hashable {
  /// What it catches (none for a transaction).
  var clauses: [HandlerClause]
  /// For a transaction: what it noted of each state variable it wrote (by slot), restored when
  /// an error leaves it or its task dies. Other tasks' writes are left alone.
  var written: [Int: JournalEntry]?
}

/// What a transaction notes of a state variable at its first write to it: the value before, and
/// when that write came among all transactions' first writes (``InterpretedModel/journalWrites``).
/// When several transactions die together, each variable goes back to the value before the
/// earliest of their writes, whichever rolls back first.
struct JournalEntry: Sendable, Hashable {
  var old: Value
  var order: Int
}

/// What a task or a call threw.
enum Thrown: Sendable, Hashable {
  /// Cancellation (`CancellationError`, `CancellationException`).
  case cancelled
  /// A declared error (index into the program's errors).
  case declared(Int)
}

/// Where a task is suspended, so its resumption knows what the answer is about.
enum Suspension: Sendable, Hashable {
  case start
  case sleep
  /// In a `sleepCatching` instruction: where a normal or a throwing resumption continues.
  case sleepCatching(onCancel: Int, after: Int)
  case yield
  /// Hopping into a called operation on another lane.
  case hopIn
  /// Hopping back to the caller's lane, with the result or the error that crosses.
  case hopOut(Thrown?)
  /// Waiting for a task's value, into a local.
  case await(task: Int32, into: Int?)
}

/// How a task ended, for the tasks that await it.
enum TaskOutcome: Sendable, Hashable {
  case value(Value)
  case error(Thrown)
}

/// The interpreter's side of a task: its call stack and where it is suspended.
struct TaskFrame: Sendable, Hashable {
  /// The innermost activation, the one that runs. It is stored inline rather than as the last
  /// element of an array: a task resumed by its timer is cold in the cache, and one buffer
  /// fewer to reach is one cache miss fewer per resumption.
  var top: Activation
  /// The activations that called it, outermost first.
  var callers: [Activation] = []
  /// Whether the outermost activation has left: the task or handler is over.
  private(set) var isDone = false
  /// The process the task belongs to (its spawner's).
  var process: Int
  /// The child tasks it spawned (`child: true`), cancelled with it.
  var children: [Int32] = []
  var suspension: Suspension = .start
  var outcome: TaskOutcome?

  /// How many activations are open.
  var depth: Int { isDone ? 0 : callers.count + 1 }

  /// The operation the task was started with.
  var outermostOperation: Int { callers.first?.operation ?? top.operation }

  /// Opens `activation` above the running one.
  mutating func push(_ activation: Activation) {
    callers.append(top)
    top = activation
  }

  /// Closes the innermost activation. Returns `false` when it was the outermost one: the frame
  /// is then done, and its activation is cleared so that every finished frame is equal.
  @discardableResult
  mutating func pop() -> Bool {
    precondition(!isDone, "pop on a finished frame")
    guard let caller = callers.popLast() else {
      isDone = true
      top = Self.finished
      return false
    }
    top = caller
    return true
  }

  private static let finished = Activation(operation: 0, locals: [])
}
