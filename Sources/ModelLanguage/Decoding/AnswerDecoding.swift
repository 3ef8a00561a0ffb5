import YAML

/// `answers:`: the run's answer in the model's own words, the first entry whose `when:` holds.
extension ModelFileDecoder {
  static let answerKeys = ["when", "harm", "ok", "fix"]

  mutating func decodeAnswers(
    _ node: YAMLNode, summary: [SummaryDecl], invariants: [InvariantDecl]
  ) -> [AnswerDecl] {
    guard let items = context.sequence(node, "'answers'") else { return [] }
    var scope = ExpressionScope(place: .rule)
    let names = AnswerDecl.localNames(summary: summary, invariants: invariants)
    let types = AnswerDecl.localTypes(summary: summary, invariants: invariants)
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
      guard let parts = answerSentence(sentence.value, scope: scope, invariants: invariants)
      else {
        continue
      }
      var fixes: [AnswerDecl.Fix] = []
      if let entry = fields.entry("fix") {
        guard sentence.key == "harm" else {
          context.error(
            entry.keyLocation,
            "'fix:' goes with 'harm:': an intended outcome ('ok:') has nothing to fix")
          continue
        }
        guard let decoded = decodeFixes(entry.value, scope: scope) else { continue }
        fixes = decoded
      }
      answers.append(
        AnswerDecl(
          condition: condition, harmful: sentence.key == "harm", sentence: parts, fixes: fixes))
    }
    return answers
  }

  static let fixKeys = ["when", "say"]

  /// An answer's `fix:`: one sentence, or a list of `{when, say}` of which the first whose
  /// `when:` holds is given (an entry without `when:` always is, so it comes last).
  private mutating func decodeFixes(_ node: YAMLNode, scope: ExpressionScope)
    -> [AnswerDecl.Fix]?
  {
    guard case .sequence(let items) = node.content else {
      return context.scalar(node, "'fix'", multiline: true).map {
        [AnswerDecl.Fix(condition: nil, text: $0)]
      }
    }
    var fixes: [AnswerDecl.Fix] = []
    for item in items {
      guard let fields = context.mapping(item, "a fix") else { return nil }
      context.checkKeys(fields, allowed: Self.fixKeys, in: "a fix")
      if let last = fixes.last, last.condition == nil {
        context.error(
          item.location, "this fix is never given: the one before it has no 'when:'; put it last")
        return nil
      }
      guard let say = fields.entry("say") else {
        context.error(item.location, "a fix needs 'say: SENTENCE'")
        return nil
      }
      guard let text = context.scalar(say.value, "'say' of a fix", multiline: true) else {
        return nil
      }
      var condition: Expression?
      if let when = fields.entry("when") {
        guard let typed = expression(when.value, "'when' of a fix", type: .bool, scope: scope)
        else { return nil }
        condition = typed.expression
      }
      fixes.append(AnswerDecl.Fix(condition: condition, text: text))
    }
    return fixes
  }

  /// An answer's sentence: a `say:` text whose `{…}` parts may also be
  /// `{when-broken(INVARIANT)}`, alone in its braces.
  private mutating func answerSentence(
    _ node: YAMLNode, scope: ExpressionScope, invariants: [InvariantDecl]
  ) -> [AnswerDecl.Part]? {
    template(node, text: AnswerDecl.Part.text) { decoder, inner in
      if case .success(let syntax) = ExpressionParser.parse(inner.text),
        case .call(Self.whenBroken, let arguments) = syntax.kind
      {
        return decoder.whenBroken(
          arguments, at: inner.location(syntax.offset), source: inner, invariants: invariants)
      }
      return decoder.expression(inner, "a '{…}' of 'say:'", type: nil, scope: scope).map {
        .value($0.expression, $0.type)
      }
    }
  }

  /// `when-broken(NAME)`: the invariant `NAME` names, or an error.
  private mutating func whenBroken(
    _ arguments: [ExpressionSyntax], at location: SourceLocation, source: ExpressionSource,
    invariants: [InvariantDecl]
  ) -> AnswerDecl.Part? {
    guard arguments.count == 1, case .word(let name) = arguments[0].kind else {
      context.error(
        location, "'\(Self.whenBroken)' takes one invariant's name: \(Self.whenBroken)(NAME)")
      return nil
    }
    guard let index = invariants.firstIndex(where: { $0.name == name }) else {
      context.unknown(
        "invariant", name, at: source.location(arguments[0].offset),
        known: invariants.map(\.name), in: "'\(Self.whenBroken)(…)'")
      return nil
    }
    return .whenBroken(invariant: index)
  }
}
