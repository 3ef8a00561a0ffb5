import ModelContract
import ModelLanguage
import RacelabKernel

/// `transaction:` — what it notes of each write, what it commits, and what it takes back when an
/// error leaves it or its task dies with its process. Each store keeps its own promise: a
/// transactional store keeps a transaction's writes only once the outermost one commits, a
/// durable store keeps every write the moment it is made, and `persisted:` and `memory:` state
/// keep the first edition's rule (an error takes a write back, a crash does not).
extension InterpretedModel {
  /// Why an open transaction rolls back.
  enum RollbackCause {
    /// An error leaves it.
    case error(Thrown)
    /// Its task dies with its process (a crash or a relaunch).
    case death(TaskID?, process: Int)
  }

  /// Opens a transaction in the running activation.
  mutating func openTransaction(
    _ frame: inout TaskFrame, task: TaskID?, context: inout SimulationContext<InterpretedModel>
  ) {
    frame.top.handlers.append(Handler(clauses: [], written: [:]))
    guard context.isTracing else { return }
    context.note(
      ModelNote(
        kind: "transaction-opened", task: task, subject: Self.transactionSubject,
        detail: ["transaction opens in \(bodyName(frame.top.operation))"], continues: true))
  }

  /// Leaves the innermost `try` or transaction normally. A transaction commits: inside another
  /// one, its writes become that one's (they still roll back with it); otherwise they last.
  mutating func closeHandler(
    _ frame: inout TaskFrame, task: TaskID?, context: inout SimulationContext<InterpretedModel>
  ) {
    let closed = frame.top.handlers.removeLast()
    guard let written = closed.written else { return }
    let nested = hasOpenTransaction(frame)
    for (slot, entry) in written { noteWrite(of: slot, entry: entry, in: &frame) }
    guard context.isTracing else { return }
    let place = bodyName(frame.top.operation)
    context.note(
      ModelNote(
        kind: "transaction-committed", task: task, subject: Self.transactionSubject,
        detail: [
          nested
            ? "transaction commits in \(place), into the transaction around it"
            : "transaction commits in \(place)"
        ], continues: true))
  }

  /// Takes back what `handler`'s transaction wrote, as `cause` requires: for an error, every
  /// write but a durable store's; for a death, a transactional store's writes alone.
  mutating func rollBack(
    _ handler: Handler, in operation: Int, _ cause: RollbackCause,
    context: inout SimulationContext<InterpretedModel>
  ) {
    guard let written = handler.written else { return }
    var restored: [Int] = []
    var kept: [Int] = []
    for slot in written.keys.sorted() {
      let storage = program.state[slot].storage
      switch (cause, storage) {
      case (.error, .durable), (.death, .durable), (.death, .persisted):
        kept.append(slot)
      case (.death, .memory):
        break  // The crash resets it.
      case (.error, _):
        if let entry = written[slot] { state[slot] = entry.old }
        restored.append(slot)
      case (.death, .transactional):
        // Among transactions dying together, the earliest write's value is the one to keep.
        if let entry = written[slot], restoredAtDeath[slot].map({ entry.order < $0 }) ?? true {
          state[slot] = entry.old
          restoredAtDeath[slot] = entry.order
        }
        restored.append(slot)
      }
    }
    guard context.isTracing else { return }
    let place = bodyName(operation)
    var detail: [String]
    var task: TaskID?
    switch cause {
    case .error(let error):
      detail = ["transaction in \(place) rolls back: \(errorName(error)) leaves it"]
    case .death(let dead, let process):
      task = dead
      let who = dead.map { Value.task($0.index).written() } ?? "the handler"
      detail = [
        "transaction in \(place) rolls back: \(who) dies with \(program.processes[process].name)"
      ]
    }
    if !restored.isEmpty { detail.append("back to before it: " + describe(restored)) }
    if !kept.isEmpty { detail.append("kept: " + describe(kept)) }
    context.note(
      ModelNote(
        kind: "transaction-rolled-back", task: task, subject: Self.transactionSubject,
        detail: detail, continues: true))
  }

  /// Rolls back every transaction open in `frame`, innermost first, because its task dies with
  /// its process.
  mutating func rollBackOnDeath(
    _ frame: TaskFrame, task: TaskID?, context: inout SimulationContext<InterpretedModel>
  ) {
    guard !frame.isDone else { return }
    for activation in [frame.top] + frame.callers.reversed() {
      for handler in activation.handlers.reversed() where handler.written != nil {
        rollBack(
          handler, in: activation.operation, .death(task, process: frame.process),
          context: &context)
      }
    }
  }

  /// Notes, in the innermost open transaction of the frame (if any), what `slot` was before
  /// this write (`entry`, from a committed inner transaction; default its value now, as the
  /// latest first write), unless it wrote the slot already.
  mutating func noteWrite(of slot: Int, entry: JournalEntry? = nil, in frame: inout TaskFrame) {
    // Most writes are outside any `try` or call: nothing to look through.
    if frame.top.handlers.isEmpty, frame.callers.isEmpty { return }
    if noteWrite(of: slot, entry: entry, in: &frame.top) { return }
    for caller in frame.callers.indices.reversed()
    where noteWrite(of: slot, entry: entry, in: &frame.callers[caller]) {
      return
    }
  }

  /// ``noteWrite(of:entry:in:)`` in one activation; `false` when it has no open transaction.
  private mutating func noteWrite(
    of slot: Int, entry: JournalEntry?, in activation: inout Activation
  ) -> Bool {
    guard let index = activation.handlers.lastIndex(where: { $0.written != nil }) else {
      return false
    }
    if activation.handlers[index].written?[slot] == nil {
      if let entry {
        activation.handlers[index].written?[slot] = entry
      } else {
        activation.handlers[index].written?[slot] = JournalEntry(
          old: state[slot], order: journalWrites)
        journalWrites += 1
      }
    }
    return true
  }

  /// The order of the latest first write the open transactions of `frame` noted; -1 when
  /// they noted none.
  func newestWrite(in frame: TaskFrame) -> Int {
    ([frame.top] + frame.callers).flatMap(\.handlers).compactMap(\.written)
      .flatMap(\.values).map(\.order).max() ?? -1
  }

  /// Whether any activation of `frame` has a transaction open.
  private func hasOpenTransaction(_ frame: TaskFrame) -> Bool {
    ([frame.top] + frame.callers).contains { activation in
      activation.handlers.contains { $0.written != nil }
    }
  }

  /// `app.db.status active, server.rows 2 rows`: state variables with their values now.
  private func describe(_ slots: [Int]) -> String {
    slots.map { slot in
      let variable = program.state[slot]
      if case .table = variable.type, case .list(let rows) = state[slot] {
        return "\(variable.name) \(rows.count) row\(rows.count == 1 ? "" : "s")"
      }
      return "\(variable.name) \(code.text(state[slot], as: variable.type))"
    }.joined(separator: ", ")
  }

  /// An error as a `catch` names it.
  private func errorName(_ error: Thrown) -> String {
    switch error {
    case .cancelled: "cancelled"
    case .declared(let index): program.errors[index]
    }
  }

  /// The subject of a transaction's trace lines.
  static let transactionSubject = "transaction"
}
