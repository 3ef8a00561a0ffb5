import YAML

/// What a body's steps may do and what they did, while one body is read.
struct BodyState {
  /// The lane the body runs on; `nil` for an `at-once` handler.
  var lane: Int?
  /// The operation's result type, if it returns one.
  var result: ValueType?
  /// The operation whose body this is (for the call graph), and the variant replacing it.
  var operation: Int?
  var variant: Int?
  /// Whether this is an event handler (which must not suspend).
  var isHandler: Bool
  var localCount: Int
  /// The first step that suspends (sleep, yield, await, a hop).
  var firstSuspension: SourceLocation?
  /// Calls to operations that run on this body's lane (or inline, from `at-once`).
  var inlineCalls: [(operation: Int, location: SourceLocation)] = []

  mutating func newSlot() -> Int {
    localCount += 1
    return localCount - 1
  }
}

/// `functions:` and `operations:`.
extension ModelFileDecoder {
  /// `params: {name: TYPE}` as fields, in order.
  mutating func parameters(_ entries: [YAMLMapEntry], _ what: String) -> [Field] {
    guard let params = entries.entry("params"),
      let items = context.mapping(params.value, "'params' of \(what)")
    else { return [] }
    var fields: [Field] = []
    for item in items {
      guard Self.isName(item.key, dots: false) else {
        context.error(item.keyLocation, "a parameter name is one word, found '\(item.key)'")
        continue
      }
      if let spec = typeSpec(item.value, "parameter '\(item.key)' of \(what)") {
        fields.append(Field(item.key, spec.type))
      }
    }
    return fields
  }

  /// Declares every function's signature; returns the body nodes.
  mutating func declareFunctions(_ node: YAMLNode) -> [YAMLNode?] {
    guard let entries = context.mapping(node, "'functions'") else { return [] }
    var bodies: [YAMLNode?] = []
    for entry in entries {
      let what = "function '\(entry.key)'"
      guard Self.isName(entry.key, dots: false) else {
        context.error(entry.keyLocation, "a function name is one word, found '\(entry.key)'")
        continue
      }
      if Self.builtInFunctions.contains(entry.key) {
        context.error(entry.keyLocation, "'\(entry.key)' is a built-in function")
        continue
      }
      guard let fields = context.mapping(entry.value, what) else { continue }
      context.checkKeys(fields, allowed: ["params", "returns", "body", "about"], in: what)
      let parameters = parameters(fields, what)
      var result: ValueType?
      if let returns = fields.entry("returns") {
        result = typeSpec(returns.value, "'returns' of \(what)")?.type
      } else {
        context.error(entry.keyLocation, "\(what) needs 'returns:', the type of its value")
      }
      let body = fields.entry("body")
      if body == nil { context.error(entry.keyLocation, "\(what) needs 'body:', an expression") }
      guard let result else { continue }
      functions.append(
        FunctionSignature(
          name: entry.key, parameters: parameters, result: result, location: entry.keyLocation))
      bodies.append(body?.value)
    }
    return bodies
  }

  /// Checks every function's body.
  mutating func decodeFunctionBodies(_ bodies: [YAMLNode?]) {
    for (index, body) in bodies.enumerated() {
      functionBodies.append(body.flatMap { functionBody($0, function: index, variant: nil) })
    }
  }

  /// A function's body (as written or a variant's), typed as its result, parameters first.
  mutating func functionBody(_ node: YAMLNode, function: Int, variant: Int?) -> Expression? {
    let signature = functions[function]
    var scope = ExpressionScope(place: .function)
    for (slot, parameter) in signature.parameters.enumerated() {
      scope.bind(parameter.name, type: parameter.type, slot: slot)
    }
    currentFunction = (function, variant)
    let typed = expression(
      node, "the body of '\(signature.name)'", type: signature.result, scope: scope)
    currentFunction = nil
    return typed?.expression
  }

  /// Declares every operation's signature; returns the nodes of the steps.
  mutating func declareOperations(_ node: YAMLNode) -> [YAMLNode?] {
    guard let entries = context.mapping(node, "'operations'") else { return [] }
    var bodies: [YAMLNode?] = []
    for entry in entries {
      let what = "operation '\(entry.key)'"
      guard Self.isName(entry.key, dots: false) else {
        context.error(entry.keyLocation, "an operation name is one word, found '\(entry.key)'")
        continue
      }
      guard let fields = context.mapping(entry.value, what) else { continue }
      context.checkKeys(
        fields, allowed: ["on", "params", "returns", "overridable", "steps", "about", "title"],
        in: what)
      // An unknown lane is reported; the body is still read (on the first lane) so that its
      // own problems are reported in the same pass.
      let lane = fields.entry("on").flatMap { laneName($0.value) } ?? 0
      if lanes.isEmpty { continue }
      let parameters = parameters(fields, what)
      let result = fields.entry("returns").flatMap {
        typeSpec($0.value, "'returns' of \(what)")?.type
      }
      let overridable = fields.entry("overridable").flatMap { flag($0.value, "'overridable'") }
      let steps = fields.entry("steps")
      if steps == nil { context.error(entry.keyLocation, "\(what) needs 'steps:'") }
      let about = fields.entry("about").flatMap { context.scalar($0.value, "'about'") }
      let title = fields.entry("title").flatMap {
        label(
          $0.value, key: "title", naming: "the operation as traces should",
          example: "title: deferred review request")
      }
      operations.append(
        OperationSignature(
          name: entry.key, lane: lane, parameters: parameters, result: result,
          isOverridable: overridable ?? false, location: entry.keyLocation, about: about,
          title: title))
      bodies.append(steps?.value)
    }
    directSuspension = Array(repeating: nil, count: operations.count)
    sameLaneCalls = Array(repeating: [], count: operations.count)
    return bodies
  }

  /// The lane a node names, or a diagnostic.
  mutating func laneName(_ node: YAMLNode) -> Int? {
    guard let name = context.scalar(node, "'on'") else { return nil }
    if let index = laneIndex(name) { return index }
    context.unknown("lane", name, at: node.location, known: lanes.map(\.name))
    return nil
  }

  /// An operation's body (as written or a variant's), parameters first.
  mutating func operationBody(_ node: YAMLNode, operation: Int, variant: Int?) -> Body {
    let signature = operations[operation]
    var scope = ExpressionScope(place: .task)
    for (slot, parameter) in signature.parameters.enumerated() {
      scope.bind(parameter.name, type: parameter.type, slot: slot)
    }
    var state = BodyState(
      lane: signature.lane, result: signature.result, operation: operation, variant: variant,
      isHandler: false, localCount: signature.parameters.count)
    let what = "the steps of '\(signature.name)'"
    let steps = decodeSteps(node, what, scope: scope, state: &state)
    if let result = signature.result, !steps.isEmpty, !Self.alwaysLeaves(steps) {
      context.error(
        signature.location,
        "'\(signature.name)' returns \(describe(result)), but its steps can end without "
          + "'return'")
    }
    if directSuspension[operation] == nil { directSuspension[operation] = state.firstSuspension }
    sameLaneCalls[operation] += state.inlineCalls.map(\.operation)
    return Body(steps: steps, localCount: state.localCount)
  }

  /// Whether every path through `steps` ends in `return` or `throw`.
  static func alwaysLeaves(_ steps: [Step]) -> Bool {
    guard let last = steps.last else { return false }
    switch last.kind {
    case .return, .throw: return true
    case .if(_, let then, let otherwise): return alwaysLeaves(then) && alwaysLeaves(otherwise)
    case .try(let body, let catches):
      return alwaysLeaves(body) && catches.allSatisfy { alwaysLeaves($0.steps) }
    case .transaction(let body): return alwaysLeaves(body)
    case .choose(let branches): return branches.allSatisfy { alwaysLeaves($0.steps) }
    default: return false
    }
  }
}
