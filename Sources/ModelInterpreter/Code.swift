import ModelContract
import ModelLanguage

/// A program ready to run under one variant and one scenario's task bodies: every body
/// compiled, shared by every state of a run and of an exploration.
final class Code: Sendable {
  let program: ModelProgram
  /// Each operation's body, as the variant (or the scenario) has it.
  let bodies: [CompiledBody]
  /// Each event's handler, compiled (`nil` for built-in events).
  let handlers: [CompiledBody?]
  /// Each process's lanes, in declaration order.
  let lanesOfProcess: [[Int]]
  /// Whether each lane is a concurrent pool.
  let concurrentLanes: [Bool]
  /// The `may-crash` labels where the process dies in every run (`faults: {crash-at: […]}`).
  let crashAt: [String]
  /// How many crashes one run may have (`faults: {max-crashes: N}`, default 1).
  let maxCrashes: Int
  /// Each process's own wall clock, as an index into the named clocks (`nil`: the scenario's).
  let clockOfProcess: [Int?]
  /// The periodic jobs that never run in this scenario (`faults: {down: […]}`), by index.
  let downPeriodic: Set<Int>
  /// How much one run may do before it stops as a model that does not stop.
  let runLimits: RunLimits
  /// Whether any invariant is a bounded response (so jobs check obligations).
  let hasResponses: Bool
  /// Whether a body this run can reach sleeps for a window (`sleep: 50ms..2s`).
  let sleepsForWindows: Bool
  /// The state variables whose history is read, with what is read of each.
  let historyNeeds: [HistoryNeed]
  /// For each state slot, the index of its history cell (`nil`: no history is kept).
  let historyCell: [Int?]
  /// The day `today` reads instead of the wall clock's, when a row of `cases:` gives it.
  let fixedToday: Int64?
  /// The scenario's variant, as an answer reads it (`variant`).
  let variant: String
  /// Whether the scenario's `tasks:` replace an operation's steps (`tasks-replaced`).
  let tasksReplaced: Bool
  /// The `always:` invariants, by index, each with the records it reads when it reads nothing
  /// else that changes (``alwaysInvariants(of:)``; `nil`: checked after every job).
  let alwaysInvariants: [(index: Int, records: [Int]?)]

  init(
    program: ModelProgram, bodies: [Body], crashAt: [String] = [], maxCrashes: Int = 1,
    downPeriodic: Set<Int> = [],
    runLimits: RunLimits = .defaults, fixedToday: Int64? = nil, variant: String = "",
    tasksReplaced: Bool = false
  ) {
    self.runLimits = runLimits
    self.fixedToday = fixedToday
    self.variant = variant
    self.tasksReplaced = tasksReplaced
    self.alwaysInvariants = Self.alwaysInvariants(of: program)
    self.hasResponses = program.invariants.contains {
      if case .response = $0.check { true } else { false }
    }
    self.crashAt = crashAt
    self.maxCrashes = maxCrashes
    self.downPeriodic = downPeriodic
    self.program = program
    let needs = program.historyNeeds
    self.historyNeeds = needs
    self.historyCell = program.state.indices.map { slot in
      needs.firstIndex { $0.slot == slot }
    }
    self.bodies = bodies.map(BodyCompiler.compile)
    self.sleepsForWindows = bodies.contains { body in
      body.steps.containsStep { if case .sleepWithin = $0 { true } else { false } }
    }
    self.handlers = program.events.map { event in
      if case .handler(let body) = event.action { return BodyCompiler.compile(body) }
      return nil
    }
    self.lanesOfProcess = program.processes.indices.map { process in
      program.lanes.indices.filter { program.lanes[$0].process == process }
    }
    self.concurrentLanes = program.lanes.map { $0.kind == .concurrent }
    let names = Self.clockNames(program)
    self.clockOfProcess = program.processes.map { process in
      process.wallClock.flatMap { names.firstIndex(of: $0) }
    }
  }

  /// The named wall clocks of the processes, in order of first declaration.
  static func clockNames(_ program: ModelProgram) -> [String] {
    var names: [String] = []
    for case let name? in program.processes.map(\.wallClock) where !names.contains(name) {
      names.append(name)
    }
    return names
  }

  /// The first lane of `process` (its main lane).
  func mainLane(of process: Int) -> Int {
    lanesOfProcess[process].first ?? 0
  }

  /// The first concurrent lane of `process`, if it has one (where detached tasks run).
  func pool(of process: Int) -> Int? {
    lanesOfProcess[process].first { concurrentLanes[$0] }
  }
}
