import YAML

/// `start:` and `figures:`: the trace's first and last lines of figures in the model's words.
extension ModelFileDecoder {
  static let startFactKeys = ["say", "when"]

  /// `start:`: a list of sentences (`"app {app.version}"`) or `{say, when}` entries, read from
  /// the state at `t = 0`.
  mutating func decodeStart(_ node: YAMLNode) -> [StartFactDecl] {
    guard let items = context.sequence(node, "'start'") else { return [] }
    let scope = ExpressionScope(place: .rule)
    var facts: [StartFactDecl] = []
    for item in items {
      var sentenceNode = item
      var condition: Expression?
      if case .mapping = item.content {
        guard let fields = context.mapping(item, "a fact of 'start'") else { continue }
        context.checkKeys(fields, allowed: Self.startFactKeys, in: "a fact of 'start'")
        guard let say = fields.entry("say") else {
          context.error(item.location, "a fact of 'start' needs 'say: SENTENCE'")
          continue
        }
        sentenceNode = say.value
        if let when = fields.entry("when") {
          guard let typed = expression(when.value, "'when' of a fact", type: .bool, scope: scope)
          else { continue }
          condition = typed.expression
        }
      }
      guard let sentence = say(sentenceNode, scope: scope) else { continue }
      facts.append(StartFactDecl(condition: condition, sentence: sentence))
    }
    return facts
  }

  /// `figures:`: one sentence over the summary's keys and `broken.NAME` / `broken`, as an
  /// answer reads them, and nothing else: the figures are the outcome's, so what they show must
  /// be in the summary.
  mutating func decodeFigures(
    _ node: YAMLNode, summary: [SummaryDecl], invariants: [InvariantDecl]
  ) -> [SayPart]? {
    var scope = ExpressionScope(place: .rule)
    let names = AnswerDecl.localNames(summary: summary, invariants: invariants)
    let types = AnswerDecl.localTypes(summary: summary, invariants: invariants)
    for (slot, name) in names.enumerated() { scope.bind(name, type: types[slot], slot: slot) }
    guard let parts = say(node, scope: scope) else { return nil }
    for part in parts {
      guard case .value(let value, _) = part, let read = outsideTheSummary(value) else {
        continue
      }
      context.error(
        node.location,
        "'figures' reads \(read); it shows the summary's keys and broken invariants only "
          + "(add what it should show to 'summary:')")
      return nil
    }
    return parts
  }

  /// What `expression` reads besides its locals and the pure functions it calls, in words;
  /// `nil` when it reads nothing else.
  private func outsideTheSummary(_ expression: Expression) -> String? {
    var found: String?
    expression.visitReached(
      calling: { functionBodies[$0] },
      visit: { next in
        switch next {
        case .state, .history: found = "a state variable"
        case .recorded, .distinct: found = "records"
        case .table: found = "a table"
        case .now, .wall, .today: found = "the clock"
        default: return true
        }
        return false
      })
    return found
  }
}
