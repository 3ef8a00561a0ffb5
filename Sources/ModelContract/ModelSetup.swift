/// A model's configuration, decoded and checked: variant, initial state, task bodies, wall clock.
public struct ModelSetup: Sendable {
  /// The variant's name (one of the vocabulary's).
  public var variant: String
  /// The initial state, by section name (`app`, `config`, `system`), defaults filled in.
  public var sections: [String: NamedValues]
  /// Task bodies the file gives instead of the variant's, by program name (one of the
  /// vocabulary's ``ModelVocabulary/programs``), with operations by name.
  public var taskBodies: [String: [TaskStep<String>]]
  /// The wall clock at `t = 0`.
  public var wallClock: WallClock
  /// The instant the run stops at (`until:`): nothing due later happens. `nil`: the run goes
  /// on until nothing is left to happen.
  public var stopTime: VirtualTime?

  /// Creates a setup.
  public init(
    variant: String, sections: [String: NamedValues],
    taskBodies: [String: [TaskStep<String>]] = [:], wallClock: WallClock
  ) {
    self.variant = variant
    self.sections = sections
    self.taskBodies = taskBodies
    self.wallClock = wallClock
  }

  /// The section named `name`, empty if absent.
  public func section(_ name: String) -> NamedValues {
    sections[name] ?? NamedValues()
  }

  /// The file's body for `program`, if it gives one.
  public func taskBody(_ program: String) -> [TaskStep<String>]? {
    taskBodies[program]
  }

  /// Whether the file replaces any task body (then a model's advice about its own variants
  /// no longer applies).
  public var replacesTaskBodies: Bool { !taskBodies.isEmpty }
}
