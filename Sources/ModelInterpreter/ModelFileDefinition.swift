import ModelContract
import ModelLanguage
import RacelabKernel

/// A model file, checked, as a definition the commands bind scenarios to: its vocabulary is
/// derived from the program, and its runs are interpreted on the kernel.
public struct ModelFileDefinition: ModelDefinition {
  /// The checked program.
  public let program: ModelProgram
  /// What scenarios may say to it.
  public let vocabulary: ModelVocabulary

  /// The section every model file offers for setting any state variable by its full name.
  public static let stateSection = "state"
  /// The section of a model with `may-crash` points or periodic jobs: `crash-at` (labels where
  /// the process dies in every run), `max-crashes` (how many crashes `explore` tries in one
  /// run) and `down` (periodic jobs that never run).
  public static let faultsSection = "faults"
  /// The section of a model whose invariants or summary read a state variable's history: for
  /// each such variable, the values it held before `t = 0`, oldest first (`history:
  /// {app.uuid: [u-0]}`).
  public static let historySection = "history"

  /// How much one run of this definition may do before it stops with a run-time error.
  public let runLimits: RunLimits
  /// The program as each variant has it, by variant name (inheritance already resolved).
  private let variantPrograms: [String: ModelProgram]
  /// The programs of the variants scenarios have run so far, compiled, with their variant's
  /// name (`nil`: the program as written, which a variant the file lacks runs). A list, not a
  /// dictionary: there are a handful, and a dictionary of a new key type costs a process about
  /// 200,000 instructions of run-time type look-up the first time it is made.
  private let compiledVariants = Locked<[(variant: String?, code: CompiledProgram)]>([])

  /// Creates the definition of `program`, whose runs stop with a run-time error past
  /// `runLimits`.
  public init(_ program: ModelProgram, runLimits: RunLimits = .defaults) {
    self.program = program
    self.runLimits = runLimits
    self.vocabulary = Self.vocabulary(of: program)
    self.variantPrograms = Dictionary(
      program.variants.map { ($0.name, program.resolved($0)) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The program as the setup's variant has it (as written, for a variant the file lacks).
  func resolvedProgram(for setup: ModelSetup) -> ModelProgram {
    variantPrograms[setup.variant] ?? program
  }

  /// The program as the setup's variant has it, compiled the first time a scenario runs that
  /// variant and shared by every later one (an exploration makes its model once; a `check`
  /// of a folder, or a benchmark, makes it per scenario).
  private func compiledProgram(for setup: ModelSetup) -> CompiledProgram {
    let variant = variantPrograms[setup.variant] == nil ? nil : setup.variant
    let made = { (variants: [(variant: String?, code: CompiledProgram)]) in
      variants.first { $0.variant == variant }?.code
    }
    if let compiled = compiledVariants.withLock({ made($0) }) { return compiled }
    let compiled = CompiledProgram(resolvedProgram(for: setup))
    return compiledVariants.withLock { variants in
      if let first = made(variants) { return first }
      variants.append((variant, compiled))
      return compiled
    }
  }

  /// The lanes, in declaration order.
  public var laneNames: [String] { program.lanes.map(\.name) }

  public func makeModel(_ setup: ModelSetup) -> InterpretedModel {
    makeModel(setup, fixedToday: nil)
  }

  /// The model in its initial state, its `today` reading `fixedToday` when given.
  func makeModel(_ setup: ModelSetup, fixedToday: Int64?) -> InterpretedModel {
    let compiled = compiledProgram(for: setup)
    let program = compiled.program
    var replacedBodies: [Int: Body] = [:]
    for (index, operation) in program.operations.enumerated() {
      if let steps = setup.taskBody(operation.name) {
        replacedBodies[index] = TaskBodyTranslation.body(steps, program: program)
      }
    }
    var state = program.state.map(\.initial)
    for section in program.sections {
      let values = setup.section(section.name)
      for key in section.keys {
        let type = program.state[key.binds].type
        state[key.binds] =
          values[key.name].map { program.running($0, as: type) }
          ?? key.defaultValue
      }
    }
    let explicit = setup.section(Self.stateSection)
    for (slot, variable) in program.state.enumerated() {
      if let value = explicit[variable.name] {
        state[slot] = program.running(value, as: variable.type)
      }
    }
    let earlier = setup.section(Self.historySection)
    var past: [Int: [Value]] = [:]
    for need in compiled.historyNeeds {
      let variable = program.state[need.slot]
      if case .list(let items)? = earlier[variable.name] {
        past[need.slot] = items.map { program.running($0, as: variable.type) }
      }
    }
    let faults = setup.section(Self.faultsSection)
    let code = Code(
      compiled, replacedBodies: replacedBodies, crashAt: Self.words(faults["crash-at"]),
      maxCrashes: Int(faults.integer("max-crashes", or: 1)),
      downPeriodic: Set(
        Self.words(faults["down"]).compactMap { name in
          program.periodic.firstIndex { $0.name == name }
        }), runLimits: runLimits, fixedToday: fixedToday, variant: setup.variant,
      tasksReplaced: setup.replacesTaskBodies)
    return InterpretedModel(code: code, state: state, past: past)
  }

  /// The words of a list value (`[a, b]`), or none.
  private static func words(_ value: Value?) -> [String] {
    guard case .list(let items) = value else { return [] }
    return items.compactMap { if case .text(let word) = $0 { word } else { nil } }
  }

  public func makeEvent(_ event: ScriptedEvent, setup: ModelSetup) -> InterpretedModel.Event {
    let program = resolvedProgram(for: setup)
    guard
      let index = program.events.firstIndex(where: { $0.name == event.name && !$0.isInternal })
    else {
      return .scripted(0, [])
    }
    let arguments = program.events[index].parameters.map { parameter in
      event.fields[parameter.field.name].map {
        program.running($0, as: parameter.field.type)
      } ?? parameter.defaultState.map { initialValue(of: $0, setup) } ?? parameter.defaultValue
        ?? .none
    }
    return .scripted(index, arguments)
  }

  /// The value of state variable `slot` at `t = 0` as the scenario sets it (`default-from:`).
  func initialValue(of slot: Int, _ setup: ModelSetup) -> Value {
    let program = resolvedProgram(for: setup)
    let variable = program.state[slot]
    if let value = setup.section(Self.stateSection)[variable.name] {
      return program.running(value, as: variable.type)
    }
    for section in program.sections {
      for key in section.keys where key.binds == slot {
        if let value = setup.section(section.name)[key.name] {
          return program.running(value, as: variable.type)
        }
        return key.defaultValue
      }
    }
    return variable.initial
  }

  /// Each operation's `about:` as the scenario's variant has it, and under `recorded NAME`
  /// the `about:`s of a record's fields (`correct: what the rows grant by the correct rule`).
  public func termNotes(_ setup: ModelSetup) -> [String: String] {
    var notes: [String: String] = [:]
    let program = resolvedProgram(for: setup)
    for operation in program.operations {
      if let about = operation.about { notes[operation.name] = about }
    }
    for record in program.records {
      let explained = zip(record.fields, record.abouts).compactMap { field, about in
        about.map { "\(field.name): \($0)" }
      }
      if !explained.isEmpty { notes["recorded \(record.name)"] = explained.joined(separator: "; ") }
    }
    return notes
  }

  /// The state the scenario set that differs from the model's own initial values, and what its
  /// `state:` names even when equal to them (the file says it matters), then the values its
  /// `history:` gives variables before `t = 0`.
  public func initialFacts(_ setup: ModelSetup) -> [String] {
    let program = resolvedProgram(for: setup)
    let model = makeModel(setup)
    if let facts = program.startFacts { return Self.facts(facts, of: model, setup: setup) }
    let named = setup.section(Self.stateSection)
    let facts = program.state.indices.compactMap { slot -> String? in
      let variable = program.state[slot]
      guard model.state[slot] != variable.initial || named[variable.name] != nil else {
        return nil
      }
      return "\(variable.name) \(program.text(model.state[slot], as: variable.type))"
    }
    let earlier = setup.section(Self.historySection)
    return facts
      + program.historyNeeds.compactMap { need -> String? in
        let variable = program.state[need.slot]
        guard case .list(let items)? = earlier[variable.name], !items.isEmpty else { return nil }
        let values = items.map {
          program.text(program.running($0, as: variable.type), as: variable.type)
        }
        return "\(variable.name) before t = 0: \(values.joined(separator: ", "))"
      }
  }

  /// The model's own start facts (`start:`) read from `model`, its state at `t = 0`: those
  /// whose condition holds (one that cannot be read does not), in order; a `{…}` part that cannot
  /// be read shows `none`.
  private static func facts(
    _ facts: [StartFactDecl], of model: InterpretedModel, setup: ModelSetup
  ) -> [String] {
    let simulation = Simulation(
      model: model, profile: .swift, wallClock: setup.wallClock, strategy: DefaultStrategy(),
      tracing: false)
    var context = simulation.context
    var model = simulation.model
    return facts.compactMap { fact -> String? in
      if let condition = fact.condition,
        (try? model.evaluate(condition, Scope(locals: []), context: &context)) != .bool(true)
      {
        return nil
      }
      return model.sentence(fact.sentence, Scope(locals: []), context: &context)
    }
  }

  /// The first sentence of `about:`, on one line.
  static func firstSentence(_ text: String) -> String {
    let words = text.split(whereSeparator: { $0 == " " || $0.isNewline })
    var sentence: [Substring] = []
    for word in words {
      sentence.append(word)
      if word.hasSuffix(".") { break }
    }
    return sentence.joined(separator: " ")
  }

  /// The variants with `default-variant` first: scenarios that name none get the first.
  static func variantsDefaultFirst(_ program: ModelProgram) -> [VariantDecl] {
    guard program.variants.indices.contains(program.defaultVariant) else { return program.variants }
    var variants = program.variants
    let chosen = variants.remove(at: program.defaultVariant)
    return [chosen] + variants
  }

  /// `kind` with a file's `min:`: whole numbers from it, or durations that cannot be negative.
  static func bounded(_ kind: ValueKind, by minimum: Int64?) -> ValueKind {
    guard let minimum else { return kind }
    switch kind {
    case .integer(let range): return .integer(max(minimum, range.lowerBound)...range.upperBound)
    case .signedDuration: return .duration
    default: return kind
    }
  }

  static func vocabulary(of program: ModelProgram) -> ModelVocabulary {
    func parameter(
      _ name: String, _ type: ValueType, _ value: Value?, bounds: ScenarioBounds, help: String
    ) -> ParameterSpec? {
      guard let kind = program.kind(of: type) else { return nil }
      return ParameterSpec(
        name, Self.bounded(kind, by: bounds.minimum),
        default: value.map { program.reported($0, as: type) }, help: bounds.about ?? help)
    }
    let events = program.events.filter { !$0.isInternal }.map { event in
      EventSpec(
        event.name,
        parameters: event.parameters.compactMap { declared in
          guard let slot = declared.defaultState else {
            return parameter(
              declared.field.name, declared.field.type, declared.defaultValue,
              bounds: declared.bounds, help: declared.field.name)
          }
          return program.kind(of: declared.field.type).map {
            ParameterSpec(
              declared.field.name, Self.bounded($0, by: declared.bounds.minimum), default: nil,
              optional: true,
              help: declared.bounds.about
                ?? "\(declared.field.name) (default \(program.state[slot].name))")
          }
        }, help: event.help)
    }
    var sections = program.sections.map { section in
      SectionSpec(
        section.name,
        keys: section.keys.compactMap { key in
          let variable = program.state[key.binds]
          return parameter(
            key.name, variable.type, key.defaultValue, bounds: key.bounds, help: variable.name)
        })
    }
    let labels = CrashLabels.crashLabels(in: program)
    var faults: [ParameterSpec] = []
    if !labels.isEmpty {
      faults += [
        ParameterSpec(
          "crash-at", .list(.word(labels)), default: .list([]),
          help: "may-crash points where the process dies in every run"),
        ParameterSpec(
          "max-crashes", .integer(0...100), default: .int(1),
          help: "crashes explore tries in one run"),
      ]
    }
    if !program.periodic.isEmpty {
      faults.append(
        ParameterSpec(
          "down", .list(.word(program.periodic.map(\.name))), default: .list([]),
          help: "periodic jobs that never run"))
    }
    if !faults.isEmpty { sections.append(SectionSpec(faultsSection, keys: faults)) }
    let histories = program.historyNeeds.compactMap { need -> ParameterSpec? in
      let variable = program.state[need.slot]
      return program.kind(of: variable.type).map {
        ParameterSpec(
          variable.name, .list($0), default: nil, optional: true,
          help: "the values \(variable.name) held before t = 0, oldest first")
      }
    }
    if !histories.isEmpty { sections.append(SectionSpec(historySection, keys: histories)) }
    // No defaults: a key left out keeps the model's initial value, or its section's.
    sections.append(
      SectionSpec(
        stateSection,
        keys: program.state.compactMap { variable in
          program.kind(of: variable.type).map {
            ParameterSpec(
              variable.name, $0, default: nil, optional: true,
              help: "initially \(program.text(variable.initial, as: variable.type))")
          }
        }))
    let invariants =
      program.invariants.map { InvariantSpec($0.name, help: $0.say ?? $0.name) }
      + [InvariantSpec(InterpretedModel.runTimeError, help: "a run-time error stopped the run")]
    return ModelVocabulary(
      name: program.name, help: program.about.map(Self.firstSentence) ?? "",
      // A scenario's `call:` passes no arguments, so it may call operations without parameters.
      events: events, sections: sections,
      operations: program.operations.filter(\.parameters.isEmpty).map(\.name),
      programs: program.operations.filter(\.isOverridable).map {
        ProgramSpec($0.name, help: "operation \($0.name)")
      },
      variants: Self.variantsDefaultFirst(program).map { VariantSpec($0.name, help: $0.help) },
      invariants: invariants,
      summaryFields: program.summary.compactMap { field in
        program.kind(of: field.type).map {
          SummaryFieldSpec(key: field.key, field: field.field, kind: $0, help: field.key)
        }
      }, tables: Self.truthTables(of: program), functions: Self.caseTables(of: program),
      neverEnds: program.periodic.isEmpty
        ? nil
        : "has periodic jobs (\(program.periodic.map(\.name).joined(separator: ", ")))")
  }
}
