import YAML

/// Loads model files (`*.model.yaml`): bytes → located YAML tree → checked ``ModelProgram``, or
/// every diagnostic the file has, in file order.
public enum ModelFileLoader {
  /// Parses, decodes and checks one model file's bytes, refusing what passes `limits`.
  public static func load(_ bytes: [UInt8], limits: ScenarioLimits = ScenarioLimits())
    -> Result<ModelProgram, DiagnosticList>
  {
    if bytes.count > limits.fileBytes {
      return .failure(
        DiagnosticList([
          Diagnostic(
            location: SourceLocation(line: 1, column: 1),
            message: "the file has \(bytes.count) bytes, more than the limit of "
              + "\(limits.fileBytes) (raise it with --limits file-bytes=N)")
        ]))
    }
    switch YAMLParser.parse(bytes, allowsDottedKeys: true) {
    case .failure(let list):
      return .failure(list)
    case .success(let root):
      let tooLarge = limits.scalarProblems(in: root)
      guard tooLarge.isEmpty else { return .failure(DiagnosticList(tooLarge)) }
      var decoder = ModelFileDecoder(bytes: bytes, limits: limits)
      let program = decoder.decode(root)
      if let program, decoder.context.diagnostics.isEmpty { return .success(program) }
      let sorted = decoder.context.diagnostics.enumerated().sorted {
        ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
      }.map(\.element)
      // All of them: the console shows the first `limits.errors` and counts the rest.
      return .failure(DiagnosticList(sorted.isEmpty ? [Self.unexplained] : sorted))
    }
  }

  private static let unexplained = Diagnostic(
    location: SourceLocation(line: 1, column: 1), message: "the model file could not be read")
}

extension ScenarioLimits {
  /// The scalars of a tree longer than the scalar limit.
  func scalarProblems(in root: YAMLNode) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var pending = [root]
    while let node = pending.popLast() {
      switch node.content {
      case .scalar(let text, _):
        if text.utf8.count > scalarBytes {
          found.append(
            Diagnostic(
              location: node.location,
              message: "a value of \(text.utf8.count) bytes is longer than the limit of "
                + "\(scalarBytes) (raise it with --limits scalar-bytes=N)"))
        }
      case .sequence(let items): pending += items.reversed()
      case .mapping(let entries): pending += entries.map(\.value).reversed()
      }
    }
    return found
  }
}

extension ModelFileDecoder {
  /// The whole file, in dependency order: declarations, signatures, bodies (the variants'
  /// operations and functions with them), events, rules, the variants' events, periodic jobs and
  /// state, and the checks that need everything.
  mutating func decode(_ root: YAMLNode) -> ModelProgram? {
    guard let entries = context.mapping(root, "a model file") else { return nil }
    context.checkKeys(entries, allowed: Self.topLevelKeys, in: "a model file")
    if let kind = entries.entry("kind") {
      if let text = context.scalar(kind.value, "'kind'"), text != "model" {
        context.error(
          kind.value.location,
          "'kind' of a model file must be 'model', found '\(text)'")
      }
    } else {
      context.error(root.location, "a model file needs 'kind: model'")
    }
    var name = ""
    if let nameEntry = entries.entry("name") {
      name = word(nameEntry.value, "'name'") ?? ""
    } else {
      context.error(root.location, "a model file needs 'name:'")
    }
    let about = entries.entry("about").flatMap {
      context.scalar($0.value, "'about'", multiline: true)
    }
    var onLaunch: [(process: Int, node: YAMLNode)] = []
    if let processesEntry = entries.entry("processes") {
      onLaunch = decodeProcesses(processesEntry.value)
    } else {
      context.error(root.location, "a model file needs 'processes:' (with at least one lane)")
    }
    if let recordsEntry = entries.entry("records") { decodeRecords(recordsEntry.value) }
    if let errorsEntry = entries.entry("errors") { decodeErrors(errorsEntry.value) }
    let functionNodes = entries.entry("functions").map { declareFunctions($0.value) } ?? []
    let operationNodes = entries.entry("operations").map { declareOperations($0.value) } ?? []
    declareEvents(entries.entry("events")?.value)
    declareInvariants(entries.entry("invariants")?.value)
    resolveOnLaunch(onLaunch)
    resolveRestarts()
    decodeFunctionBodies(functionNodes)
    for (index, node) in operationNodes.enumerated() {
      operationBodies.append(node.map { operationBody($0, operation: index, variant: nil) })
    }
    let variantFields = entries.entry("variants").map { declareVariants($0.value) } ?? []
    if variants.isEmpty {
      variants = [VariantDecl(name: "original", help: "the operations as written", bodies: [:])]
      variantParents = [nil]
    }
    var defaultVariant = 0
    if let entry = entries.entry("default-variant"),
      let text = context.scalar(entry.value, "'default-variant'")
    {
      if let index = variants.firstIndex(where: { $0.name == text }) {
        defaultVariant = index
      } else {
        context.unknown("variant", text, at: entry.value.location, known: variants.map(\.name))
      }
    }
    let events = decodeEvents()
    let invariants = entries.entry("invariants").map { decodeInvariants($0.value) } ?? []
    let summary = entries.entry("summary").map { decodeSummary($0.value) } ?? []
    let answers =
      entries.entry("answers").map {
        decodeAnswers($0.value, summary: summary, invariants: invariants)
      } ?? []
    let sections = entries.entry("sections").map { decodeSections($0.value) } ?? []
    let periodic = entries.entry("periodic").map { decodePeriodic($0.value) } ?? []
    let picture = entries.entry("picture").map { decodePicture($0.value) } ?? []
    let truthTables =
      entries.entry("truth-tables").map { decodeTruthTables($0.value, sections: sections) } ?? []
    let startFacts = entries.entry("start").map { decodeStart($0.value) }
    let figures = entries.entry("figures").flatMap {
      decodeFigures($0.value, summary: summary, invariants: invariants)
    }
    decodeVariantOverrides(
      variantFields, events: events, periodic: periodic, sections: sections)
    checkCallCycles()
    guard context.diagnostics.isEmpty else { return nil }
    let decls = operations.indices.compactMap { index -> OperationDecl? in
      guard let body = operationBodies[index] else { return nil }
      let signature = operations[index]
      return OperationDecl(
        name: signature.name, lane: signature.lane, parameters: signature.parameters,
        result: signature.result, body: body, isOverridable: signature.isOverridable,
        about: signature.about, title: signature.title)
    }
    let functionDecls = functions.indices.compactMap { index -> FunctionDecl? in
      guard let body = functionBodies[index] else { return nil }
      let signature = functions[index]
      return FunctionDecl(
        name: signature.name, parameters: signature.parameters, result: signature.result,
        body: body)
    }
    var program = ModelProgram(
      name: name, about: about, processes: processes, lanes: lanes, enums: enums, state: state,
      records: records, errors: errors, functions: functionDecls, operations: decls,
      events: events, variants: inheritedVariants(), defaultVariant: defaultVariant,
      invariants: invariants, summary: summary, sections: sections, tables: tables,
      periodic: periodic)
    program.pictureRows = picture
    program.answers = answers
    program.startFacts = startFacts
    program.figures = figures
    program.truthTables = truthTables
    return program
  }

  static let restartKeys = ["say", "set"]

  /// Each process's `restart: {say, set}`: the sentence (over state and records, read as the
  /// relaunch begins) and the state variables of that process it sets after the reset.
  private mutating func resolveRestarts() {
    for (process, node) in restartNodes {
      guard let fields = context.mapping(node, "'restart'") else { continue }
      context.checkKeys(fields, allowed: Self.restartKeys, in: "'restart'")
      if let say = fields.entry("say") {
        processes[process].restart.sentence = self.say(
          say.value, scope: ExpressionScope(place: .rule))
      }
      guard let set = fields.entry("set"),
        let entries = context.mapping(set.value, "'set' of 'restart'")
      else { continue }
      for entry in entries {
        guard let slot = stateSlots[entry.key] else {
          context.unknown(
            "state variable", entry.key, at: entry.keyLocation, known: state.map(\.name),
            in: "'restart'")
          continue
        }
        guard state[slot].process == process else {
          context.error(
            entry.keyLocation,
            "'\(entry.key)' belongs to another process; a restart sets its own process's state")
          continue
        }
        guard
          let typed = expression(
            entry.value, "'\(entry.key)' of 'restart'", type: state[slot].type,
            scope: ExpressionScope(place: .rule))
        else { continue }
        processes[process].restart.assignments.append(
          ProcessDecl.Restart.Assignment(slot: slot, value: typed.expression))
      }
    }
  }

  private mutating func resolveOnLaunch(_ nodes: [(process: Int, node: YAMLNode)]) {
    for (process, node) in nodes {
      guard let operation = operationNamed(node, "'on-launch'") else { continue }
      if !operations[operation].parameters.isEmpty {
        context.error(
          node.location,
          "'on-launch' runs an operation without parameters; "
            + "'\(operations[operation].name)' has some")
      } else if lanes[operations[operation].lane].process != process {
        context.error(
          node.location,
          "'\(operations[operation].name)' runs on a lane of another process")
      } else {
        processes[process].onLaunch = operation
      }
    }
  }
}
