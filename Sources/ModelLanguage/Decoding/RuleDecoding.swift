import YAML

/// `invariants:` and `summary:`: expressions over state and records, checked or shown at the
/// end.
extension ModelFileDecoder {
  static let checkKinds = ["always", "settled", "at-end"]
  static let boundedResponseKeys = ["for-each", "when", "then", "within"]

  /// Notes each invariant's name and whether it is an `always:` one (``invariantNames``),
  /// before any body; ``decodeInvariants(_:)`` reports what is wrong with them.
  mutating func declareInvariants(_ node: YAMLNode?) {
    guard case .mapping(let entries)? = node?.content else { return }
    invariantNames = entries.map { entry in
      guard case .mapping(let fields) = entry.value.content else { return (entry.key, false) }
      return (entry.key, fields.contains { $0.key == "always" })
    }
  }

  mutating func decodeInvariants(_ node: YAMLNode) -> [InvariantDecl] {
    guard let entries = context.mapping(node, "'invariants'") else { return [] }
    var invariants: [InvariantDecl] = []
    for entry in entries {
      let what = "invariant '\(entry.key)'"
      guard let fields = context.mapping(entry.value, what) else { continue }
      if fields.contains(where: { Self.boundedResponseKeys.contains($0.key) }) {
        if let response = response(fields, what: what, at: entry.keyLocation) {
          let (say, parts) = invariantSay(fields)
          invariants.append(
            InvariantDecl(
              name: entry.key, check: .response(response), say: say, sayParts: parts))
        }
        continue
      }
      context.checkKeys(fields, allowed: Self.checkKinds + ["say"], in: what)
      let kinds = fields.filter { Self.checkKinds.contains($0.key) }
      guard let kind = kinds.first else {
        context.error(entry.keyLocation, "\(what) needs one of 'always:', 'settled:', 'at-end:'")
        continue
      }
      if kinds.count > 1 {
        context.error(
          kinds[1].keyLocation, "\(what) has both '\(kind.key):' and '\(kinds[1].key):'; keep one")
        continue
      }
      let (say, parts) = invariantSay(fields)
      guard
        let typed = rule(kind.value, "\(what)", type: .bool)
      else { continue }
      let check: InvariantDecl.Check =
        switch kind.key {
        case "always": .always(typed.expression)
        case "settled": .settled(typed.expression)
        default: .atEnd(typed.expression)
        }
      invariants.append(InvariantDecl(name: entry.key, check: check, say: say, sayParts: parts))
    }
    return invariants
  }

  /// An invariant's `say:`, as written and as a template whose `{…}` parts read state and
  /// records.
  private mutating func invariantSay(_ fields: [YAMLMapEntry]) -> (String?, [SayPart]) {
    guard let entry = fields.entry("say"), let written = context.scalar(entry.value, "'say'")
    else { return (nil, []) }
    return (written, say(entry.value, scope: ExpressionScope(place: .rule)) ?? [])
  }

  /// A bounded-response invariant's fields: `for-each: RECORD` or `when: EXPR`, then `then:`
  /// and `within:`.
  private mutating func response(
    _ fields: [YAMLMapEntry], what: String, at location: SourceLocation
  ) -> InvariantDecl.Response? {
    context.checkKeys(fields, allowed: Self.boundedResponseKeys + ["say"], in: what)
    let forEach = fields.entry("for-each")
    let when = fields.entry("when")
    if let forEach, when != nil {
      context.error(forEach.keyLocation, "\(what) has both 'for-each:' and 'when:'; keep one")
      return nil
    }
    var scope = ExpressionScope(place: .rule)
    var trigger: InvariantDecl.Response.Trigger?
    if let forEach {
      guard let name = context.scalar(forEach.value, "'for-each'") else { return nil }
      guard let record = recordIndex(name) else {
        context.unknown("record", name, at: forEach.value.location, known: records.map(\.name))
        return nil
      }
      for (slot, field) in records[record].fields.enumerated() {
        scope.bind("\(name).\(field.name)", type: field.type, slot: slot)
      }
      trigger = .record(record)
    } else if let when {
      guard let typed = rule(when.value, "'when' of \(what)", type: .bool) else { return nil }
      trigger = .condition(typed.expression)
    } else {
      context.error(location, "\(what) needs 'for-each: RECORD' or 'when: CONDITION'")
      return nil
    }
    guard let thenEntry = fields.entry("then") else {
      context.error(location, "\(what) needs 'then:', what must hold by the deadline")
      return nil
    }
    guard let withinEntry = fields.entry("within") else {
      context.error(location, "\(what) needs 'within:', how long 'then' may take (such as 3d)")
      return nil
    }
    let then = rule(thenEntry.value, "'then' of \(what)", type: .bool, scope: scope)
    guard let text = context.scalar(withinEntry.value, "'within'") else { return nil }
    var within: Int64?
    switch DurationSyntax.parse(text, signed: false) {
    case .success(let nanoseconds): within = nanoseconds
    case .failure(let failure):
      context.error(
        withinEntry.value.location, "'within': " + DurationSyntax.message(failure, text: text))
    }
    guard let trigger, let then, let within else { return nil }
    return InvariantDecl.Response(trigger: trigger, then: then.expression, within: within)
  }

  mutating func decodeSummary(_ node: YAMLNode) -> [SummaryDecl] {
    guard let entries = context.mapping(node, "'summary'") else { return [] }
    var summary: [SummaryDecl] = []
    for entry in entries {
      if entry.key == "violations" {
        context.error(entry.keyLocation, "'violations' is every model's own summary key")
        continue
      }
      guard let typed = rule(entry.value, "summary '\(entry.key)'", type: nil) else { continue }
      if case .table = typed.type.stripped.element {
        context.error(
          entry.value.location,
          "summary '\(entry.key)' is \(describe(typed.type)); summarize a table with "
            + "count(…) or a column of best(…)")
        continue
      }
      if case .row = typed.type.stripped.element {
        context.error(
          entry.value.location,
          "summary '\(entry.key)' is \(describe(typed.type)); show one of its columns ('row.column')"
        )
        continue
      }
      summary.append(
        SummaryDecl(
          key: entry.key, field: Self.camelCase(entry.key), type: typed.type,
          value: typed.expression))
    }
    return summary
  }

  /// An invariant's or a summary's expression, which must read something the model changes.
  mutating func rule(
    _ node: YAMLNode, _ what: String, type: ValueType?,
    scope: ExpressionScope = ExpressionScope(place: .rule)
  ) -> Typed? {
    guard let typed = expression(node, what, type: type, scope: scope) else { return nil }
    let reads = Self.reads(typed.expression)
    let functionsRead = functionsReadingModel()
    guard
      reads.model
        || reads.functions.contains(where: { $0 < functionsRead.count && functionsRead[$0] })
    else {
      context.error(
        node.location,
        "\(what) reads no state variable and no record, so nothing the model does can change it")
      return nil
    }
    return typed
  }

  /// Which functions read state or records, directly or through the functions they call.
  private func functionsReadingModel() -> [Bool] {
    let direct = functionBodies.map { $0.map(Self.reads) }
    var result = direct.map { $0?.model ?? false }
    var changed = true
    while changed {
      changed = false
      for index in result.indices where !result[index] {
        if let calls = direct[index]?.functions,
          calls.contains(where: { $0 < result.count && result[$0] })
        {
          result[index] = true
          changed = true
        }
      }
    }
    return result
  }

  /// Whether an expression reads state or records itself, and the functions it calls.
  static func reads(_ expression: Expression) -> (model: Bool, functions: [Int]) {
    var model = false
    var functions: [Int] = []
    var pending = [expression]
    while let next = pending.popLast() {
      switch next {
      case .state, .recorded, .distinct, .table, .history: model = true
      case .function(let index, _): functions.append(index)
      default: break
      }
      pending += next.children
    }
    return (model, functions)
  }

  /// `uuid-changes` → `uuidChanges`.
  static func camelCase(_ key: String) -> String {
    let words = key.split(separator: "-")
    guard let first = words.first else { return key }
    return String(first)
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
