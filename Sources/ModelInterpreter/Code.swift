import ModelContract
import ModelLanguage

/// A program ready to run under one variant and one scenario's task bodies, shared by every
/// state of a run and of an exploration: the variant's ``CompiledProgram`` with the bodies the
/// scenario's `tasks:` replace compiled, and what the scenario sets of faults and limits.
final class Code: Sendable {
  /// The variant's program, compiled once when the model file was read.
  let compiled: CompiledProgram
  /// The program (`compiled.program`).
  let program: ModelProgram
  /// Each operation's body, as the variant (or the scenario) has it.
  let bodies: [CompiledBody]
  /// Whether a body this run can reach sleeps for a window (`sleep: 50ms..2s`).
  let sleepsForWindows: Bool
  /// The `may-crash` labels where the process dies in every run (`faults: {crash-at: […]}`).
  let crashAt: [String]
  /// How many crashes one run may have (`faults: {max-crashes: N}`, default 1).
  let maxCrashes: Int
  /// The periodic jobs that never run in this scenario (`faults: {down: […]}`), by index.
  let downPeriodic: Set<Int>
  /// How much one run may do before it stops as a model that does not stop.
  let runLimits: RunLimits
  /// The day `today` reads instead of the wall clock's, when a row of `cases:` gives it.
  let fixedToday: Int64?
  /// The scenario's variant, as an answer reads it (`variant`).
  let variant: String
  /// Whether the scenario's `tasks:` replace an operation's steps (`tasks-replaced`).
  let tasksReplaced: Bool
  /// The closing words the runs of this code have read (``ClosingWordsMemo``).
  let closingWords = ClosingWordsMemo()

  /// The code of `compiled` for one scenario: the operations in `replacedBodies` (by index)
  /// run the scenario's steps instead of their own.
  init(
    _ compiled: CompiledProgram, replacedBodies: [Int: Body] = [:], crashAt: [String] = [],
    maxCrashes: Int = 1, downPeriodic: Set<Int> = [], runLimits: RunLimits = .defaults,
    fixedToday: Int64? = nil, variant: String = "", tasksReplaced: Bool = false
  ) {
    self.compiled = compiled
    self.program = compiled.program
    var bodies = compiled.bodies
    var sleepsForWindows = compiled.sleepsForWindows
    for (index, body) in replacedBodies {
      bodies[index] = BodyCompiler.compile(body)
      sleepsForWindows[index] = CompiledProgram.sleepsForWindows(body)
    }
    self.bodies = bodies
    self.sleepsForWindows = sleepsForWindows.contains(true)
    self.crashAt = crashAt
    self.maxCrashes = maxCrashes
    self.downPeriodic = downPeriodic
    self.runLimits = runLimits
    self.fixedToday = fixedToday
    self.variant = variant
    self.tasksReplaced = tasksReplaced
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
    compiled.lanesOfProcess[process].first ?? 0
  }

  /// The first concurrent lane of `process`, if it has one (where detached tasks run).
  func pool(of process: Int) -> Int? {
    compiled.lanesOfProcess[process].first { compiled.concurrentLanes[$0] }
  }
}

extension Code {
  /// `value` as files write it (``ModelProgram/text(_:as:)``). The interpreter asks the code
  /// rather than `InterpretedModel.program`: inside a mutating method, a method called on the
  /// program read through the model's stored `code` copies every field of the program first,
  /// and a closing summary calls these a dozen times a run.
  func text(_ value: Value, as type: ValueType) -> String {
    program.text(value, as: type)
  }

  /// `value` as a summary reports it (``ModelProgram/reported(_:as:)``).
  func reported(_ value: Value, as type: ValueType) -> Value {
    program.reported(value, as: type)
  }

  /// A table row's columns as a trace shows them (``ModelProgram/columns(_:of:)``).
  func columns(_ row: [Value], of table: TableDecl) -> String {
    program.columns(row, of: table)
  }
}
