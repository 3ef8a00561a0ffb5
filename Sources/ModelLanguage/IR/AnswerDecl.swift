/// One entry of a model's `answers:`: a condition and the sentence that answers the run when
/// it is the first entry whose condition holds.
///
/// The condition reads state, records, the summary's keys (as names of their own),
/// `broken.NAME` (whether invariant `NAME` broke) or `broken` (whether any did), and the
/// scenario's `runtime` and `variant` (text) and `tasks-replaced` (whether its `tasks:` replace
/// an operation's steps); the sentence's `{…}` parts read the same names, or say when an
/// invariant was broken (`{when-broken(NAME)}`).
public struct AnswerDecl: Sendable, Hashable {
  /// A piece of an answer's sentence.
  public enum Part: Sendable, Hashable {
    /// Text as written.
    case text(String)
    /// An expression in braces, of the given type, shown as files write values.
    case value(Expression, ValueType)
    /// `{when-broken(NAME)}`: when invariant `invariant` (by index) was broken in the run, in
    /// the trace's instants. A run's times, so it is left out of the outcome's sentence.
    case whenBroken(invariant: Int)
  }

  /// When the entry applies; `nil` for an entry without `when:`, which always does.
  public var condition: Expression?
  /// Whether the outcome harms the user (`harm:`) rather than being intended (`ok:`).
  public var harmful: Bool
  /// The sentence, with its `{…}` parts.
  public var sentence: [Part]
  /// What changes the code so that the harm cannot happen (`fix:`), for a harmful answer, in
  /// order: the first whose condition holds ends the trace as `fix: …`.
  public var fixes: [Fix]

  /// One `fix:` sentence, given when its condition holds (always, without one).
  public struct Fix: Sendable, Hashable {
    /// When it applies; `nil`: always.
    public var condition: Expression?
    /// The sentence.
    public var text: String

    /// Creates a fix.
    public init(condition: Expression?, text: String) {
      self.condition = condition
      self.text = text
    }
  }

  /// Creates an answer.
  public init(condition: Expression?, harmful: Bool, sentence: [Part], fixes: [Fix] = []) {
    self.condition = condition
    self.harmful = harmful
    self.sentence = sentence
    self.fixes = fixes
  }

  /// The scenario's facts an answer reads, after the broken invariants: its runtime, its
  /// variant and whether its `tasks:` replace an operation's steps.
  public static let scenarioNames = ["runtime", "variant", "tasks-replaced"]

  /// The names an answer reads besides state and records, in slot order: each summary key,
  /// then `broken.NAME` for each invariant, then `broken`, then ``scenarioNames``.
  public static func localNames(summary: [SummaryDecl], invariants: [InvariantDecl]) -> [String] {
    summary.map(\.key) + invariants.map { "broken.\($0.name)" } + ["broken"] + scenarioNames
  }

  /// The types of ``localNames(summary:invariants:)``, in the same order.
  public static func localTypes(summary: [SummaryDecl], invariants: [InvariantDecl])
    -> [ValueType]
  {
    summary.map(\.type) + Array(repeating: .bool, count: invariants.count + 1)
      + [.text, .text, .bool]
  }
}
