import ModelContract
import RacelabKernel

/// What the brief trace (`run --brief`) leaves out of a model's notes: the bookkeeping of the
/// model's work, not its facts. Every other note is shown as in the full trace.
enum BriefTrace {
  /// Whether `note` is left out: an operation's return value (`merge returns free`) and a world
  /// choice that took the first alternative, the one the default schedule takes (`the world
  /// chose answered`). A choice that took another alternative (a replayed counterexample's) is
  /// what made this run differ from the default one, and is shown. What the model records for
  /// its invariants (`recorded uuid-issued · uuid uuid-2`) is shown: it is often the only line
  /// that says what a task did.
  static func hides(_ note: ModelNote) -> Bool {
    switch note.kind {
    case "returned": true
    case "chosen": note.fields.contains { $0.name == "alternative" && $0.value == .int(0) }
    default: false
    }
  }
}
