import ModelContract

/// A run's answer in its model's own words: the sentence the model gives for the outcome, and
/// whether that outcome harms the user or is what the code is meant to do.
///
/// A model file's answer is worked out when its run ends, from the final state, the records,
/// the summary and the broken invariants, and travels at the end of the run's summary (as the
/// field ``summaryField``): exploration tells outcomes apart by their summaries, so two runs
/// with different answers are never counted as one outcome. ``split(_:)`` takes it off again
/// before anything shows the summary.
///
/// An answer that says when the harm held (``timedSentence``) carries its times apart: they
/// are the run's history, not its outcome, so the findings searches compare leave them out
/// (``outcomeSummary(_:)``), and runs that differ only in them are one outcome.
public struct RunAnswer: Sendable, Hashable {
  /// Whether the outcome harms the user (`HARM:`) rather than being intended (`OK:`).
  public var harmful: Bool
  /// The model's sentence, with its values filled in and its times left out: the sentence
  /// of the outcome, as exploration lists it.
  public var sentence: String
  /// The sentence with the run's times in it, when the model's sentence states any: the
  /// sentence of this one run, as its trace shows it.
  public var timedSentence: String?
  /// What changes the code so that the harm cannot happen, when the model says (`fix:`).
  public var fix: String?

  /// Creates an answer.
  public init(
    harmful: Bool, sentence: String, timedSentence: String? = nil, fix: String? = nil
  ) {
    self.harmful = harmful
    self.sentence = sentence
    self.timedSentence = timedSentence
    self.fix = fix
  }

  /// The answer line: `HARM: …` or `OK: …`, with the run's times when it has them.
  public var line: String { (harmful ? "HARM: " : "OK: ") + (timedSentence ?? sentence) }

  /// The name of the summary field that carries a model file's answer (no summary key can
  /// be written with it).
  public static let summaryField = "@answer"

  /// The answer as the summary's last field: whether it harms, the sentence, then, when there
  /// are any, the timed sentence (or nothing in its place) and the fix.
  public var field: TraceField {
    var parts: [Value] = [.bool(harmful), .text(sentence)]
    if timedSentence != nil || fix != nil {
      parts.append(timedSentence.map(Value.text) ?? .none)
    }
    if let fix { parts.append(.text(fix)) }
    return TraceField(Self.summaryField, .list(parts))
  }

  /// The answer a summary carries, if any, and the summary without it.
  public static func split(_ summary: [TraceField]) -> (answer: RunAnswer?, rest: [TraceField]) {
    guard let last = summary.last, last.name == summaryField,
      case .list(let parts) = last.value, (2...4).contains(parts.count),
      case .bool(let harmful) = parts[0], case .text(let sentence) = parts[1]
    else { return (nil, summary) }
    var answer = RunAnswer(harmful: harmful, sentence: sentence)
    if parts.count >= 3, case .text(let timed) = parts[2] { answer.timedSentence = timed }
    if parts.count == 4, case .text(let fix) = parts[3] { answer.fix = fix }
    return (answer, Array(summary.dropLast()))
  }

  /// `summary` as an outcome: its answer's times left out, so that runs whose harm held at
  /// different times, or that a search merged at an equal state, are the same outcome.
  public static func outcomeSummary(_ summary: [TraceField]) -> [TraceField] {
    guard let last = summary.last, last.name == summaryField,
      case .list(var parts) = last.value, parts.count >= 3
    else { return summary }
    // The fix belongs to the answer the run gave, so it stays; only the times go.
    parts[2] = .none
    var outcome = summary
    outcome[outcome.count - 1] = TraceField(summaryField, .list(parts))
    return outcome
  }
}
