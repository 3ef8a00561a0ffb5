import KernelTestSupport
import ModelContract
import RacelabKernel

/// What the statement after a suspension point (or a check) observed.
enum Outcome: Equatable, Sendable, CustomStringConvertible {
  /// It threw `CancellationError`; `isCancelled` read in the handler.
  case threw(isCancelled: Bool)
  /// It returned normally; `isCancelled` read in the next statement.
  case returned(isCancelled: Bool)
  /// It threw something other than `CancellationError`.
  case threwOther(String)

  var description: String {
    switch self {
    case .threw(let cancelled): "threw isCancelled=\(cancelled)"
    case .returned(let cancelled): "returned isCancelled=\(cancelled)"
    case .threwOther(let error): "threw \(error)"
    }
  }

  /// The outcome of a caught error.
  static func caught(_ error: any Error) -> Outcome {
    error is CancellationError
      ? .threw(isCancelled: Task.isCancelled) : .threwOther(String(describing: error))
  }
}

/// An outcome and whether the statement after it ran.
struct Observation: Equatable, Sendable, CustomStringConvertible {
  var outcome: Outcome
  var nextRan: Bool

  var description: String { "\(outcome) next-ran=\(nextRan)" }
}

/// What the kernel predicts for task `T1` of a test-model run: the first suspension result or
/// check in its trace, and whether its `mark next` step ran.
func prediction(_ result: SimulationResult) -> Observation? {
  let nextRan = result.marks.contains("next")
  for kind in result.kinds {
    switch kind {
    case .sleepThrewAtOnce(t1, _):
      // The kernel throws at once only in a cancelled task.
      return Observation(outcome: .threw(isCancelled: true), nextRan: nextRan)
    case .resumed(t1, _, .threw, let cancelled, _):
      return Observation(outcome: .threw(isCancelled: cancelled), nextRan: nextRan)
    case .resumed(t1, _, .returned, let cancelled, _):
      return Observation(outcome: .returned(isCancelled: cancelled), nextRan: nextRan)
    case .cancellationChecked(t1, let threw, _):
      return Observation(
        outcome: threw ? .threw(isCancelled: true) : .returned(isCancelled: false),
        nextRan: nextRan)
    default:
      continue
    }
  }
  return nil
}

/// Whole nanoseconds of a duration, for building the kernel's step programs.
func nanoseconds(_ duration: Duration) -> Int64 {
  duration.wholeNanoseconds ?? .max
}
