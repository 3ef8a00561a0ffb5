import ModelContract

/// A run's answer in its model's own words: the sentence the model gives for the outcome, and
/// whether that outcome harms the user or is what the code is meant to do.
///
/// A model file's answer is worked out when its run ends, from the final state, the records,
/// the summary and the broken invariants, and travels at the end of the run's summary (as the
/// field ``summaryField``): exploration tells outcomes apart by their summaries, so two runs
/// with different answers are never counted as one outcome. ``split(_:)`` takes it off again
/// before anything shows the summary.
public struct RunAnswer: Sendable, Hashable {
  /// Whether the outcome harms the user (`HARM:`) rather than being intended (`OK:`).
  public var harmful: Bool
  /// The model's sentence, with its values filled in.
  public var sentence: String

  /// Creates an answer.
  public init(harmful: Bool, sentence: String) {
    self.harmful = harmful
    self.sentence = sentence
  }

  /// The answer line: `HARM: …` or `OK: …`.
  public var line: String { (harmful ? "HARM: " : "OK: ") + sentence }

  /// The name of the summary field that carries a model file's answer (no summary key can
  /// be written with it).
  public static let summaryField = "@answer"

  /// The answer as the summary's last field.
  public var field: TraceField {
    TraceField(Self.summaryField, .list([.boolean(harmful), .text(sentence)]))
  }

  /// The answer a summary carries, if any, and the summary without it.
  public static func split(_ summary: [TraceField]) -> (answer: RunAnswer?, rest: [TraceField]) {
    guard let last = summary.last, last.name == summaryField,
      case .list(let parts) = last.value, parts.count == 2,
      case .boolean(let harmful) = parts[0], case .text(let sentence) = parts[1]
    else { return (nil, summary) }
    return (RunAnswer(harmful: harmful, sentence: sentence), Array(summary.dropLast()))
  }
}
