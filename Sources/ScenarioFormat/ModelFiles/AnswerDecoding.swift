import ModelLanguage
import YAML

/// `answers:`: the run's answer in the model's own words, the first entry whose `when:` holds.
extension ModelFileDecoder {
  static let answerKeys = ["when", "harm", "ok"]

  mutating func decodeAnswers(
    _ node: YAMLNode, summary: [SummaryDecl], invariants: [InvariantDecl]
  ) -> [AnswerDecl] {
    guard let items = context.sequence(node, "'answers'") else { return [] }
    var scope = ExpressionScope(place: .rule)
    let names = AnswerDecl.localNames(summary: summary, invariants: invariants)
    let types = summary.map(\.type) + Array(repeating: .bool, count: invariants.count + 1)
    for (slot, name) in names.enumerated() { scope.bind(name, type: types[slot], slot: slot) }
    var answers: [AnswerDecl] = []
    var unconditional: YAMLNode?
    for item in items {
      guard let fields = context.mapping(item, "an answer") else { continue }
      context.checkKeys(fields, allowed: Self.answerKeys, in: "an answer")
      if let earlier = unconditional {
        context.error(
          item.location,
          "this answer is never given: the one at line \(earlier.location.line) has no "
            + "'when:', so it always applies; put it last")
        continue
      }
      let sentences = fields.filter { $0.key == "harm" || $0.key == "ok" }
      guard let sentence = sentences.first else {
        context.error(
          item.location,
          "an answer needs 'harm: SENTENCE' (the user is harmed) or "
            + "'ok: SENTENCE' (the outcome is intended)")
        continue
      }
      if sentences.count > 1 {
        context.error(
          sentences[1].keyLocation, "an answer has both 'harm:' and 'ok:'; keep one")
        continue
      }
      var condition: Expression?
      if let when = fields.entry("when") {
        guard let typed = expression(when.value, "'when' of an answer", type: .bool, scope: scope)
        else { continue }
        condition = typed.expression
      } else {
        unconditional = item
      }
      guard let parts = say(sentence.value, scope: scope) else { continue }
      answers.append(
        AnswerDecl(condition: condition, harmful: sentence.key == "harm", sentence: parts))
    }
    return answers
  }
}
