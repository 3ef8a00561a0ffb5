import YAML

/// `variants:`: versions of the model's code. Each replaces some of the model's operations,
/// functions, events, periodic jobs and state defaults, on top of the model as written or of the
/// variant it `extends:`.
extension ModelFileDecoder {
  static let variantKeys = [
    "extends", "about", "operations", "functions", "events", "periodic", "state",
  ]

  /// Declares every variant and what it extends, and reads the operations and functions each
  /// one replaces (before the events, whose handlers must not suspend in any variant); returns
  /// each variant's fields for ``decodeVariantOverrides(_:events:periodic:sections:)``.
  mutating func declareVariants(_ node: YAMLNode) -> [[YAMLMapEntry]] {
    guard let entries = context.mapping(node, "'variants'") else { return [] }
    if entries.isEmpty { context.error(node.location, "'variants' declares no variant") }
    var declared: [[YAMLMapEntry]] = []
    for entry in entries {
      let what = "variant '\(entry.key)'"
      variants.append(VariantDecl(name: entry.key, help: "", bodies: [:]))
      let fields = context.mapping(entry.value, what) ?? []
      context.checkKeys(fields, allowed: Self.variantKeys, in: what)
      if let about = fields.entry("about"), let text = context.scalar(about.value, "'about'") {
        variants[variants.count - 1].help = text
      }
      declared.append(fields)
    }
    resolveExtends(declared)
    for (variant, fields) in declared.enumerated() {
      let what = "variant '\(variants[variant].name)'"
      if let node = fields.entry("operations")?.value {
        replaceOperations(node, variant: variant, what)
      }
      if let node = fields.entry("functions")?.value {
        replaceFunctions(node, variant: variant, what)
      }
    }
    return declared
  }

  /// `operations: {OP: {steps, about}}`: new steps for operations of the model. `on`, `params`
  /// and `returns` may be written too, and must then be the model's.
  private mutating func replaceOperations(_ node: YAMLNode, variant: Int, _ what: String) {
    for part in replacedParts(
      node, "operations", of: what, kind: "operation", names: operations.map(\.name),
      allowed: ["steps", "on", "params", "returns", "about"])
    {
      let (operation, entry, fields, place) = (part.index, part.entry, part.fields, part.place)
      let signature = operations[operation]
      if let on = fields.entry("on"), let lane = laneName(on.value), lane != signature.lane {
        context.error(
          on.value.location,
          "a variant replaces steps only; '\(entry.key)' runs on "
            + "'\(lanes[signature.lane].name)'")
      }
      keepsSignature(
        fields, place, replacing: "steps", of: entry.key, parameters: signature.parameters,
        result: signature.result)
      guard let steps = fields.entry("steps") else {
        context.error(entry.keyLocation, "\(place) needs 'steps:'")
        continue
      }
      variants[variant].bodies[operation] = operationBody(
        steps.value, operation: operation, variant: variant)
      if let about = fields.entry("about").flatMap({ context.scalar($0.value, "'about'") }) {
        variants[variant].abouts[operation] = about
      }
    }
  }

  /// `functions: {FN: {body, about}}`: new bodies for functions of the model. `params` and
  /// `returns` may be written too, and must then be the model's.
  private mutating func replaceFunctions(_ node: YAMLNode, variant: Int, _ what: String) {
    for part in replacedParts(
      node, "functions", of: what, kind: "function", names: functions.map(\.name),
      allowed: ["body", "params", "returns", "about"])
    {
      let (function, entry, fields, place) = (part.index, part.entry, part.fields, part.place)
      let signature = functions[function]
      keepsSignature(
        fields, place, replacing: "a function's body", of: entry.key,
        parameters: signature.parameters, result: signature.result)
      guard let body = fields.entry("body") else {
        context.error(entry.keyLocation, "\(place) needs 'body:', an expression")
        continue
      }
      if let typed = functionBody(body.value, function: function, variant: variant) {
        variants[variant].functions[function] = typed
      }
    }
  }

  /// One part a variant replaces: the index of what it replaces, its name, its fields and how
  /// messages name it.
  struct ReplacedPart {
    var index: Int
    var entry: YAMLMapEntry
    var fields: [YAMLMapEntry]
    var place: String
  }

  /// The entries of a variant's `section:` (`operations`, `functions`, …), each naming one of
  /// `names` (`kind`s of the model), with its fields checked against `allowed`. An unknown name
  /// is a located error with a did-you-mean (among `known`, or `names`); a name that
  /// `refusal` gives a message for is refused with it.
  mutating func replacedParts(
    _ node: YAMLNode, _ section: String, of what: String, kind: String, names: [String],
    known: [String]? = nil, placeKind: String = "", allowed: [String],
    refusal: (String) -> String? = { _ in nil }
  ) -> [ReplacedPart] {
    guard let entries = context.mapping(node, "'\(section)' of \(what)") else { return [] }
    var parts: [ReplacedPart] = []
    for entry in entries {
      if let message = refusal(entry.key) {
        context.error(entry.keyLocation, message)
        continue
      }
      guard let index = names.firstIndex(of: entry.key) else {
        context.unknown(kind, entry.key, at: entry.keyLocation, known: known ?? names)
        continue
      }
      let place = "\(placeKind)'\(entry.key)' in \(what)"
      guard let fields = context.mapping(entry.value, place) else { continue }
      context.checkKeys(fields, allowed: allowed, in: place)
      parts.append(ReplacedPart(index: index, entry: entry, fields: fields, place: place))
    }
    return parts
  }

  /// Refuses `params:` or `returns:` in a variant's replacement that differ from the model's
  /// declaration: a variant replaces code, never a signature.
  private mutating func keepsSignature(
    _ fields: [YAMLMapEntry], _ place: String, replacing what: String, of name: String,
    parameters declared: [Field], result: ValueType?
  ) {
    if let params = fields.entry("params") {
      let before = context.diagnostics.count
      let written = parameters(fields, place)
      if context.diagnostics.count == before, written != declared {
        context.error(
          params.keyLocation,
          "a variant replaces \(what) only; '\(name)' takes \(describe(declared))")
      }
    }
    if let returns = fields.entry("returns"),
      let type = typeSpec(returns.value, "'returns' of \(place)")?.type, type != result
    {
      context.error(
        returns.value.location,
        "a variant replaces \(what) only; '\(name)' returns "
          + (result.map(describe) ?? "nothing"))
    }
  }

  /// How parameters read in messages: `(account: enum (a, b), group: text)`, or `no parameters`.
  func describe(_ fields: [Field]) -> String {
    fields.isEmpty
      ? "no parameters"
      : "(" + fields.map { "\($0.name): \(describe($0.type))" }.joined(separator: ", ") + ")"
  }
}
