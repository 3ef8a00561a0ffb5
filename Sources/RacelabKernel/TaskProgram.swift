import ModelContract

/// A task body: a named list of steps run in order. A task that runs past its last step returns.
public struct TaskProgram<Operation: Sendable>: Sendable {
  /// A short name for traces, such as `deferred review request`.
  public var name: String
  /// The steps, first to last.
  public var steps: [TaskStep<Operation>]
  /// For a body the model runs itself, step by step (a model file's operation): the
  /// operation that ``SimulationModel/drive(_:task:resumption:context:)`` is asked about. A
  /// driven program has no ``steps``.
  public var driver: Operation?

  /// Creates a program.
  public init(name: String, steps: [TaskStep<Operation>]) {
    self.name = name
    self.steps = steps
  }

  /// Creates a program that the model drives: each time the task runs, the kernel asks the
  /// model what it does until it suspends or ends.
  public init(name: String, drivenBy operation: Operation) {
    self.name = name
    self.steps = []
    self.driver = operation
  }
}

extension TaskProgram: Equatable where Operation: Equatable {}
extension TaskProgram: Hashable where Operation: Hashable {}
