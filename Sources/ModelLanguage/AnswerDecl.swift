/// One entry of a model's `answers:`: a condition and the sentence that answers the run when
/// it is the first entry whose condition holds.
///
/// The condition reads state, records, the summary's keys (as names of their own) and
/// `broken.NAME` (whether invariant `NAME` broke) or `broken` (whether any did); the
/// sentence's `{…}` parts read the same names.
public struct AnswerDecl: Sendable, Hashable {
  /// When the entry applies; `nil` for an entry without `when:`, which always does.
  public var condition: Expression?
  /// Whether the outcome harms the user (`harm:`) rather than being intended (`ok:`).
  public var harmful: Bool
  /// The sentence, with its `{…}` parts.
  public var sentence: [SayPart]

  /// Creates an answer.
  public init(condition: Expression?, harmful: Bool, sentence: [SayPart]) {
    self.condition = condition
    self.harmful = harmful
    self.sentence = sentence
  }

  /// The names an answer reads besides state and records, in slot order: each summary key,
  /// then `broken.NAME` for each invariant, then `broken`.
  public static func localNames(summary: [SummaryDecl], invariants: [InvariantDecl]) -> [String] {
    summary.map(\.key) + invariants.map { "broken.\($0.name)" } + ["broken"]
  }
}
