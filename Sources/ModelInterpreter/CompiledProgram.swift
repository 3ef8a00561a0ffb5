import ModelLanguage

/// A program compiled once, whatever the scenario: every operation's body as written and every
/// event handler as instructions, and what the interpreter reads of the program's shape. A
/// model file makes one for a variant the first time a scenario runs that variant; each
/// scenario's ``Code`` starts from it and compiles only the bodies its `tasks:` replace.
struct CompiledProgram: Sendable {
  let program: ModelProgram
  /// Each operation's body as the program writes it.
  let bodies: [CompiledBody]
  /// Whether each operation's body as written sleeps for a window (`sleep: 50ms..2s`).
  let sleepsForWindows: [Bool]
  /// Each event's handler (`nil` for built-in events).
  let handlers: [CompiledBody?]
  /// Each process's lanes, in declaration order.
  let lanesOfProcess: [[Int]]
  /// Whether each lane is a concurrent pool.
  let concurrentLanes: [Bool]
  /// Each process's own wall clock, as an index into the named clocks (`nil`: the scenario's).
  let clockOfProcess: [Int?]
  /// Whether any invariant is a bounded response.
  let hasResponses: Bool
  /// The state variables whose history is read, with what is read of each.
  let historyNeeds: [HistoryNeed]
  /// For each state slot, the index of its history cell (`nil`: no history is kept).
  let historyCell: [Int?]
  /// The `always:` invariants, by index, with the records each reads when it reads nothing
  /// else that changes (``alwaysInvariants(of:)``).
  let alwaysInvariants: [(index: Int, records: [Int]?)]
  /// Whether the figures and every answer read nothing but the closing names, so runs may
  /// share them (``ClosingWordsMemo/applies(to:)``).
  let closingWordsReadOnlyNames: Bool

  /// Compiles `program`.
  init(_ program: ModelProgram) {
    self.program = program
    let bodies = program.operations.map(\.body)
    self.bodies = bodies.map(BodyCompiler.compile)
    self.sleepsForWindows = bodies.map(Self.sleepsForWindows)
    self.handlers = program.events.map { event in
      if case .handler(let body) = event.action { return BodyCompiler.compile(body) }
      return nil
    }
    self.lanesOfProcess = program.processes.indices.map { process in
      program.lanes.indices.filter { program.lanes[$0].process == process }
    }
    self.concurrentLanes = program.lanes.map { $0.kind == .concurrent }
    let names = Code.clockNames(program)
    self.clockOfProcess = program.processes.map { process in
      process.wallClock.flatMap { names.firstIndex(of: $0) }
    }
    self.hasResponses = program.invariants.contains {
      if case .response = $0.check { true } else { false }
    }
    let needs = program.historyNeeds
    self.historyNeeds = needs
    self.historyCell = program.state.indices.map { slot in
      needs.firstIndex { $0.slot == slot }
    }
    self.alwaysInvariants = Self.alwaysInvariants(of: program)
    self.closingWordsReadOnlyNames = ClosingWordsMemo.applies(to: program)
  }

  /// Whether `body` sleeps for a window anywhere in its steps.
  static func sleepsForWindows(_ body: Body) -> Bool {
    body.steps.containsStep { if case .sleepWithin = $0 { true } else { false } }
  }
}
