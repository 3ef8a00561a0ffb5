/// One step of an operation or a handler, with the line it was written on (run-time errors
/// and traces name it).
public struct Step: Sendable, Hashable {
  /// What the step does.
  public var kind: StepKind
  /// Its line in the model file.
  public var line: Int

  /// Creates a step.
  public init(_ kind: StepKind, line: Int) {
    self.kind = kind
    self.line = line
  }
}

/// What a step does. Steps marked *suspends* end the current job (a handler never contains
/// one: the loader refuses it).
public indirect enum StepKind: Sendable, Hashable {
  /// `let: {x: EXPR}`: sets a local slot.
  case assignLocal(Int, Expression)
  /// `set: {app.uuid: EXPR}`: sets a state variable.
  case assignState(Int, Expression)
  /// `return` / `return: EXPR`.
  case `return`(Expression?)
  /// `if: C` + `then:` / `else:`.
  case `if`(Expression, then: [Step], else: [Step])
  /// `guard: C` + `else:` (the `else` always leaves: `return` or `throw`).
  case `guard`(Expression, else: [Step])
  /// `call: OP` (+ `with:`, `into:`): synchronous on the same lane; on another lane a hop
  /// there and back (*suspends*).
  case call(operation: Int, arguments: [Expression], into: Int?)
  /// `sleep: EXPR` (+ `as:`, what the wait stands for, such as `request`) (*suspends*).
  case sleep(Expression, label: String? = nil)
  /// `sleep: 50ms..2s` or `sleep: "app.fastest..app.slowest"`, durations (*suspends*): the
  /// timer fires somewhere in the window, whose bounds are read when the sleep starts; a choice
  /// point explored exactly like an arrival window. `label` is the `as:` text, as for `sleep`.
  case sleepWithin(lower: Expression, upper: Expression, label: String? = nil)
  /// `guard-not-cancelled`: leaves the operation when the task is cancelled.
  case guardNotCancelled
  /// `check-cancellation`: throws `cancelled` when the task is cancelled.
  case checkCancellation
  /// `yield` (*suspends*).
  case yield
  /// `spawn: OP` (+ `on:`, `detached:`, `child:`, `with:`, `into:`): a new task, first step
  /// in a later job (C5).
  case spawn(Spawn)
  /// `cancel: handle`.
  case cancel(Expression)
  /// `await: handle` (+ `into:`): waits for the task's value (*suspends* unless it ended).
  case await(Expression, into: Int?)
  /// `try:` + `catch:`.
  case `try`(body: [Step], catches: [Catch])
  /// `throw: NAME` (index into ``ModelProgram/errors``).
  case `throw`(Int)
  /// `transaction:` + `steps:`: if a step inside throws, the state it changed rolls back.
  case transaction([Step])
  /// `choose:` + branches: the world decides (a choice point; `run` takes the first).
  case choose([Branch])
  /// `may-crash: LABEL`: `explore` tries "the process dies here".
  case mayCrash(String)
  /// `relaunch: PROCESS` / `crash: PROCESS`.
  case lifecycle(BuiltInEvent, process: Int)
  /// `after: EXPR` + `do: OP` (+ `with:`): a timer owned by the process, not a task;
  /// `quiet: true` keeps its `timer set` line out of the trace.
  case after(Expression, operation: Int, arguments: [Expression], quiet: Bool)
  /// `after: EXPR` + `event: NAME` (+ `with:`): the model's event NAME happens then, as a
  /// timeline's would.
  case afterEvent(Expression, event: Int, arguments: [Expression], quiet: Bool)
  /// `repeat: N` + `steps:`, with the iteration number (from 0) in a local if asked.
  case `repeat`(count: Expression, index: Int?, [Step])
  /// `for-each: x in LIST` + `steps:`.
  case forEach(local: Int, list: Expression, [Step])
  /// `record: NAME` + `with:`: one value per field of the record, in declaration order;
  /// `quiet: true` keeps its `recorded` line out of the trace.
  case record(Int, [Expression], quiet: Bool)
  /// `check: INVARIANT` (+ `message:`): the `always:` invariant at this index, checked here in
  /// the middle of the job as well as at its end, broken with the step's message when it has
  /// one.
  case check(invariant: Int, say: [SayPart]?)
  /// `say: "text with {expressions}"`; with `heading:`, a line that opens a happening of its
  /// own under that heading (after the task's name) instead of going on with the one in
  /// progress; with `task:`, a line about that task, which the picture draws on its row.
  case say([SayPart], heading: String?, task: Expression?)
  /// `insert: T` + `with:`: a new row (one value per column, in declaration order) in the
  /// table in a state slot.
  case insert(slot: Int, [Expression])
  /// `update: T` + `where:` + `set:`: changes columns of every matching row (the values are
  /// evaluated with the row's old columns in scope).
  case update(slot: Int, where: Expression?, [ColumnAssignment])
  /// `delete: T` + `where:`: removes every matching row.
  case delete(slot: Int, where: Expression?)
  /// `set: {row.column: EXPR}`: changes one column of the row a local holds, in the local and
  /// in the table (if the row is still there).
  case setColumn(local: Int, slot: Int, ColumnAssignment)
}

/// `column: EXPR` in `update … set:` or `set: {row.column: EXPR}`.
public struct ColumnAssignment: Sendable, Hashable {
  /// The column's index among the table's columns.
  public var column: Int
  /// The new value.
  public var value: Expression

  /// Creates an assignment.
  public init(column: Int, value: Expression) {
    self.column = column
    self.value = value
  }
}

/// The fields of a `spawn` step.
public struct Spawn: Sendable, Hashable {
  /// The operation the task runs.
  public var operation: Int
  /// Its arguments.
  public var arguments: [Expression]
  /// The lane the task starts on; `nil` for the spawning code's lane.
  public var lane: Int?
  /// `Task.detached`: on the process's concurrent pool, no actor inherited.
  public var isDetached: Bool
  /// A child task, cancelled with its parent (`async let`, task groups).
  public var isChild: Bool
  /// The local that receives the handle, if any.
  public var into: Int?

  /// Creates a spawn.
  public init(
    operation: Int, arguments: [Expression], lane: Int?, isDetached: Bool, isChild: Bool,
    into: Int?
  ) {
    self.operation = operation
    self.arguments = arguments
    self.lane = lane
    self.isDetached = isDetached
    self.isChild = isChild
    self.into = into
  }
}

/// One clause of `catch:`.
public struct Catch: Sendable, Hashable {
  /// What the clause catches.
  public enum Pattern: Sendable, Hashable {
    /// A declared error (index into ``ModelProgram/errors``).
    case error(Int)
    /// Cancellation (`CancellationError` / `CancellationException`).
    case cancelled
    /// Anything.
    case any
  }

  /// What it catches.
  public var pattern: Pattern
  /// What runs then.
  public var steps: [Step]

  /// Creates a clause.
  public init(_ pattern: Pattern, _ steps: [Step]) {
    self.pattern = pattern
    self.steps = steps
  }
}

/// One branch of `choose:`.
public struct Branch: Sendable, Hashable {
  /// Its name (`ok`, `fails`), shown in traces.
  public var name: String
  /// Its steps.
  public var steps: [Step]

  /// Creates a branch.
  public init(_ name: String, _ steps: [Step]) {
    self.name = name
    self.steps = steps
  }
}

/// A piece of a `say:` template.
public enum SayPart: Sendable, Hashable {
  /// Text as written.
  case text(String)
  /// An expression in braces, of the given type, shown as files write values.
  case value(Expression, ValueType)
}
