import ModelContract
import ModelLanguage

/// A scenario's `task:` steps as a model file's body, for the operation they replace.
enum TaskBodyTranslation {
  static func body(_ steps: [TaskStep<String>], program: ModelProgram) -> Body {
    Body(steps: steps.map { step($0, program) }, localCount: 0)
  }

  private static func step(_ step: TaskStep<String>, _ program: ModelProgram) -> Step {
    let kind: StepKind
    switch step {
    case .sleep(let nanoseconds, let onCancel):
      let sleep = Step(.sleep(.literal(.duration(nanoseconds))), line: 0)
      switch onCancel {
      case .throw: kind = sleep.kind
      case .return:
        kind = .try(body: [sleep], catches: [Catch(.cancelled, [Step(.return(nil), line: 0)])])
      case .ignore: kind = .try(body: [sleep], catches: [Catch(.cancelled, [])])
      }
    case .guardNotCancelled: kind = .guardNotCancelled
    case .checkCancellation: kind = .checkCancellation
    case .yield: kind = .yield
    case .call(let name):
      kind = .call(
        operation: program.operations.firstIndex { $0.name == name } ?? 0, arguments: [],
        into: nil)
    }
    return Step(kind, line: 0)
  }
}
