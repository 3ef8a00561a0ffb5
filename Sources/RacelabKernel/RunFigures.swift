import ModelContract

/// A run's closing figures in its model's own words (a model file's `figures:`), worked out
/// when the run ends from its summary and broken invariants.
///
/// They travel as a field of the run's summary (``summaryField``), just before the answer's
/// (``RunAnswer/summaryField``): being made of the summary, they never tell two outcomes
/// apart that the summary does not. ``split(_:)`` takes them off again before anything shows
/// the summary.
public enum RunFigures {
  /// The name of the summary field that carries the figures (no summary key can be written
  /// with it).
  public static let summaryField = "@figures"

  /// The figures as a summary field.
  public static func field(_ figures: String) -> TraceField {
    TraceField(summaryField, .text(figures))
  }

  /// The figures a summary without its answer carries last, if any, and the summary without
  /// them.
  public static func split(_ summary: [TraceField]) -> (figures: String?, rest: [TraceField]) {
    guard let last = summary.last, last.name == summaryField, case .text(let figures) = last.value
    else { return (nil, summary) }
    return (figures, Array(summary.dropLast()))
  }
}
