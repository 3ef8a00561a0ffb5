import ModelContract
import ModelLanguage
import RacelabKernel

/// A model file running on the kernel: its state, records and tasks, with the code shared by
/// every state of a run.
///
/// Two states are equal, and hash alike, when every stored property is, except those marked
/// ``NotCompared`` (synthesized: a property added later is compared without another step).
public struct InterpretedModel: SimulationModel, Sendable {
  /// A happening: a scripted event with its arguments, or a timer set by `after`.
  public enum Event: Sendable, Hashable {
    /// Event `index` of the program, with one value per parameter.
    case scripted(Int, [Value])
    /// `after: … do: OP`: the operation runs as a new task on its lane, unless its process
    /// died since the timer was set (its incarnation changed).
    case timer(operation: Int, arguments: [Value], process: Int, incarnation: Int32)
    /// A run of periodic job `index`; it schedules the next one.
    case periodic(Int)
  }

  /// An operation, by index: the program every task of it runs.
  public typealias Operation = Int

  /// The compiled code, the same for every state of a run.
  @NotCompared var code: Code
  /// State variables, by slot.
  var state: [Value]
  /// The state at `t = 0`, for resetting a process's memory.
  @NotCompared var initialState: [Value]
  /// Each record's rows, in the order they were recorded.
  var records: [[[Value]]]
  /// Whether each record gained a row since the invariants were last checked after a job (all
  /// `true` before the first check). Not compared: a record that did not grow left every
  /// invariant that reads only records as ``broken`` says, so the next check finds what a
  /// state with the flag set would find.
  @NotCompared var recordsGrown: [Bool]
  /// What the invariants and the summary read of state variables' history, one cell per
  /// variable in ``Code/historyNeeds``.
  var history: [HistoryCell]
  /// Each task's frame, by kernel task index.
  var frames: [TaskFrame?] = []
  var uuidsIssued = 0
  /// Rows inserted so far in any table: the next row's identity.
  var rowsInserted: Int64 = 0
  /// How far each named wall clock has been shifted from the scenario's, in nanoseconds.
  var clockShifts: [Int64]
  var processDown: [Bool]
  var incarnations: [Int32]
  var crashes = 0
  /// Whether each invariant is broken now (a break is reported again only after it held).
  var broken: [Bool]
  /// The obligations of bounded-response invariants still open, in the order they opened.
  var obligations: [Obligation] = []
  /// Whether each invariant's `when:` condition held after the last job (an obligation opens
  /// when it turns true); `false` for every other invariant.
  var triggerHeld: [Bool]
  /// Whether a run-time error stopped the run.
  var failed = false
  /// Instructions run so far; a run that passes the budget stops with an error (a model that
  /// would never stop).
  @NotCompared var instructionsRun = 0
  /// The task running now and its process, while its frame is out of ``frames`` (always `nil`
  /// between jobs, so never part of a compared state).
  @NotCompared var running: (task: Int32, process: Int)?
  /// How many first writes transactions have noted (``JournalEntry/order``). Not compared:
  /// only the order of the entries it numbers matters, and the next number is above them all.
  @NotCompared var journalWrites = 0
  /// While a process dies: the order of the write each transactional variable went back to
  /// before (empty between jobs).
  @NotCompared var restoredAtDeath: [Int: Int] = [:]
  /// The summary, evaluated when the run ended (where a comparison of times read inside
  /// windows can still be settled); `nil` before, or for a run cut short.
  @NotCompared var closingSummary: [TraceField]?

  /// A run of `code` from `state`, the variables of `past` having held its values before
  /// `t = 0`, oldest first.
  init(code: Code, state: [Value], past: [Int: [Value]] = [:]) {
    self.code = code
    self.state = state
    self.initialState = state
    self.history = Self.historyCells(code, state: state, past: past)
    self.records = code.program.records.map { _ in [] }
    self.recordsGrown = code.program.records.map { _ in true }
    self.processDown = code.program.processes.map { _ in false }
    self.incarnations = code.program.processes.map { _ in 0 }
    self.broken = code.program.invariants.map { _ in false }
    self.triggerHeld = code.program.invariants.map { _ in false }
    self.clockShifts = Code.clockNames(code.program).map { _ in 0 }
  }

  var program: ModelProgram { code.program }

  // MARK: SimulationModel

  /// A value per state variable, per record row, per task frame and per history cell, and the
  /// flags per process and invariant.
  public var footprint: Int {
    state.count + records.reduce(0) { $0 + $1.count } + frames.count + processDown.count
      + broken.count + obligations.count + history.count
  }

  public mutating func prepare(context: inout SimulationContext<InterpretedModel>) {
    for (index, operation) in program.operations.enumerated() {
      _ = context.addProgram(TaskProgram(name: operation.shownName, drivenBy: index))
    }
    schedulePeriodicJobs(context: &context)
    showPictureRows(context: &context)
  }

  public var laneNames: [String] { program.lanes.map(\.name) }

  public var concurrentLanes: [Bool] { code.compiled.concurrentLanes }

  public var sleepsForWindows: Bool { code.sleepsForWindows }

  public func delivery(of event: Event) -> EventDelivery {
    switch event {
    case .timer, .periodic: return .atOnce
    case .scripted(let index, let arguments):
      let declared = program.events[index]
      if case .builtIn(let kind) = declared.action {
        guard kind == .busy else { return .atOnce }
        return .job(LaneID(index: Int32(code.mainLane(of: Self.process(arguments)))))
      }
      switch declared.delivery {
      case .job(let lane): return .job(LaneID(index: Int32(lane)))
      case .atOnce: return .atOnce
      }
    }
  }

  public func label(of event: Event) -> String {
    switch event {
    case .timer(let operation, _, _, _):
      return "timer → \(program.operations[operation].shownName)"
    case .periodic(let index): return program.periodic[index].name
    case .scripted(let index, let arguments):
      let declared = program.events[index]
      if let label = declared.label {
        return label.map { part in
          switch part {
          case .text(let words): words
          case .parameter(let slot):
            arguments.indices.contains(slot)
              ? code.text(arguments[slot], as: declared.parameters[slot].field.type) : ""
          }
        }.joined()
      }
      var words = [declared.name]
      for (parameter, value) in zip(declared.parameters, arguments) {
        if parameter.field.name == "process" && program.processes.count == 1 { continue }
        // A clock shift says which way it goes: `wall-clock-shift +30d`.
        if case .builtIn(.wallClockShift) = declared.action, case .duration(let amount) = value {
          words.append(DurationText.formatSigned(amount))
          continue
        }
        words.append(code.text(value, as: parameter.field.type))
      }
      return words.joined(separator: " ")
    }
  }

  public func name(of operation: Int) -> String { program.operations[operation].shownName }

  public mutating func perform(
    _ operation: Int, task: TaskID, context: inout SimulationContext<InterpretedModel>
  ) {}

  public mutating func handle(_ event: Event, context: inout SimulationContext<InterpretedModel>) {
    guard !failed else { return }
    switch event {
    case .timer(let operation, let arguments, let process, let incarnation):
      guard !processDown[process], incarnations[process] == incarnation else {
        context.note(
          ModelNote(
            kind: "timer-dropped", subject: "after",
            detail: ["dropped: \(program.processes[process].name) died since it was set"]))
        return
      }
      start(operation, arguments: arguments, process: process, lane: nil, context: &context)
    case .periodic(let index):
      runPeriodicJob(index, context: &context)
    case .scripted(let index, let arguments):
      let declared = program.events[index]
      switch declared.action {
      case .builtIn(let kind):
        applyBuiltIn(kind, process: Self.process(arguments), arguments, context: &context)
      case .handler:
        if processDown[declared.process] {
          context.note(
            ModelNote(
              kind: "event-dropped", subject: declared.name,
              detail: ["dropped: \(program.processes[declared.process].name) is down"]))
          return
        }
        runHandler(index, arguments: arguments, context: &context)
      }
    }
  }

  public mutating func drive(
    _ operation: Int, task: TaskID, resumption: TaskResumption,
    context: inout SimulationContext<InterpretedModel>
  ) -> TaskDirective {
    // Taken out while it runs, so its arrays are not shared and change in place.
    guard !failed, var frame = frames[Int(task.index)].take() else { return .end(.killed) }
    running = (task.index, frame.process)
    let stop = resume(&frame, task: task, resumption, context: &context)
    running = nil
    frames[Int(task.index)] = consume frame
    switch stop {
    case .suspend(let directive): return directive
    case .finished(let value):
      frames[Int(task.index)]?.outcome = .value(value)
      return .end(.returned)
    case .failed(let error):
      frames[Int(task.index)]?.outcome = .error(error)
      return .end(.threw)
    case .stopped: return .end(.killed)
    }
  }

  public mutating func jobEnded(context: inout SimulationContext<InterpretedModel>) {
    // What the job changed is shown before any invariant it broke.
    showPictureRows(context: &context)
    observeHistory(context: &context)
    checkAlways(context: &context)
    checkResponses(context: &context)
  }

  public mutating func instantSettled(context: inout SimulationContext<InterpretedModel>) {
    observeHistory(context: &context)
    check(context: &context, when: "checked once every lane was idle at this instant") {
      if case .settled(let value) = $0 { return value } else { return nil }
    }
  }

  public mutating func runEnded(context: inout SimulationContext<InterpretedModel>) {
    observeHistory(context: &context)
    let end =
      context.stoppedAtStopTime
      ? "checked when the run ended, at its until:"
      : "checked when the run ended: nothing was left to run"
    check(context: &context, when: end) {
      if case .atEnd(let value) = $0 { return value } else { return nil }
    }
    closeResponses(context: &context)
    var closing: [TraceField] = []
    var values: [Value] = []
    for field in program.summary {
      let value = (try? evaluate(field.value, Scope(locals: []), context: &context)) ?? .none
      if value.holdsClockTerm {
        context.noteInexactClockUse("shows a time read inside a window in its summary")
      }
      values.append(value)
      closing.append(TraceField(field.field, code.reported(value, as: field.type)))
    }
    let words = closingWords(closingNames(summary: values, context: context), context: &context)
    if let figures = words.figures { closing.append(RunFigures.field(figures)) }
    if let answer = words.answer { closing.append(answer.field) }
    closingSummary = closing
  }

  /// The names an answer or the figures read besides state: the summary's values, then
  /// whether each invariant broke, then whether any did, then the scenario's runtime, variant
  /// and whether its `tasks:` replace an operation's steps.
  private func closingNames(
    summary: [Value], context: SimulationContext<InterpretedModel>
  ) -> [Value] {
    let broken = program.invariants.map { Value.bool(context.violations.contains($0.name)) }
    let scenario: [Value] = [
      .text(context.profile.name), .text(code.variant), .bool(code.tasksReplaced),
    ]
    return summary + broken + [.bool(!context.violations.isEmpty)] + scenario
  }

  /// The figures and the answer read with `names`, or the words an earlier run of this code
  /// read with the same names when they read nothing else (``ClosingWordsMemo``) and the
  /// budget left would have paid for reading them again, as the same words would cost the
  /// same; the budget is charged either way.
  private mutating func closingWords(
    _ names: [Value], context: inout SimulationContext<InterpretedModel>
  ) -> ClosingWords {
    let memo = code.compiled.closingWordsReadOnlyNames ? code.closingWords : nil
    guard let memo, !names.contains(where: \.holdsClockTerm) else {
      return readClosingWords(names, context: &context)
    }
    let budget = code.runLimits.steps
    if let known = memo.words(for: names), known.cost <= budget - instructionsRun {
      instructionsRun += known.cost
      return known
    }
    let words = readClosingWords(names, context: &context)
    if instructionsRun <= budget { memo.remember(words, for: names) }
    return words
  }

  /// The figures and the answer read with `names`, and what reading them cost.
  private mutating func readClosingWords(
    _ names: [Value], context: inout SimulationContext<InterpretedModel>
  ) -> ClosingWords {
    let before = instructionsRun
    let scope = Scope(locals: Locals(names))
    let figures = program.figures.map { sentence($0, scope, context: &context) }
    let answer = answer(scope, context: &context)
    return ClosingWords(figures: figures, answer: answer, cost: instructionsRun - before)
  }

  /// `parts` read in `scope`, each `{…}` part shown as files write its value; a part that
  /// cannot be read shows `none`.
  mutating func sentence(
    _ parts: [SayPart], _ scope: Scope, context: inout SimulationContext<InterpretedModel>
  ) -> String {
    var text = ""
    for part in parts {
      switch part {
      case .text(let words): text += words
      case .value(let value, let type):
        text += code.text((try? evaluate(value, scope, context: &context)) ?? .none, as: type)
      }
    }
    return text
  }

  /// The first of the program's answers whose condition holds, its sentence filled in, read
  /// in `scope`, whose names are the closing names (``closingNames(summary:context:)``).
  private mutating func answer(
    _ scope: Scope, context: inout SimulationContext<InterpretedModel>
  ) -> RunAnswer? {
    for answer in program.answers {
      if let condition = answer.condition {
        guard (try? evaluate(condition, scope, context: &context)) == .bool(true) else { continue }
      }
      var sentence = ""
      var timed: String?
      for part in answer.sentence {
        switch part {
        case .text(let words):
          sentence += words
          timed? += words
        case .value(let value, let type):
          let result = (try? evaluate(value, scope, context: &context)) ?? .none
          if result.holdsClockTerm {
            context.noteInexactClockUse("shows a time read inside a window in its answer")
          }
          let words = code.text(result, as: type)
          sentence += words
          timed? += words
        case .whenBroken(let invariant):
          timed = (timed ?? sentence) + Self.whenBroken(invariant, program, context)
          // The outcome's sentence leaves the times out, with the space before them.
          if sentence.hasSuffix(" ") { sentence.removeLast() }
        }
      }
      return RunAnswer(
        harmful: answer.harmful, sentence: sentence, timedSentence: timed,
        fix: answer.fixes.first { fix in
          fix.condition.map { (try? evaluate($0, scope, context: &context)) == .bool(true) } ?? true
        }?.text)
    }
    return nil
  }

  /// When invariant `invariant` was broken in the run that ends now, in the instants its
  /// trace shows (``BrokenSpell/words(_:runEnd:instants:)``).
  private static func whenBroken(
    _ invariant: Int, _ program: ModelProgram, _ context: SimulationContext<InterpretedModel>
  ) -> String {
    let name = program.invariants[invariant].name
    return BrokenSpell.words(
      context.brokenSpells.filter { $0.invariant == name }, runEnd: context.now,
      instants: InstantStyle(latest: context.latestInstant))
  }

  public func summary(context: SimulationContext<InterpretedModel>) -> [TraceField] {
    if let closingSummary { return closingSummary }
    var copy = self
    var scratch = context
    return program.summary.map { field in
      let value = (try? copy.evaluate(field.value, Scope(locals: []), context: &scratch)) ?? .none
      return TraceField(field.field, code.reported(value, as: field.type))
    }
  }

  // MARK: Helpers

  /// The process a built-in event names: its last argument.
  static func process(_ arguments: [Value]) -> Int {
    if case .enumCase(let index) = arguments.last { return Int(index) }
    return 0
  }
}
