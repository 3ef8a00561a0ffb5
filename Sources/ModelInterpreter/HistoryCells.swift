import ModelContract
import ModelLanguage
import RacelabKernel

/// What a run keeps of one state variable's history: only what an invariant or the summary
/// reads of it (``HistoryNeed``). The cells are stored state, so two runs that differ only in
/// history are two states of the graph.
struct HistoryCell: Sendable, Hashable {
  /// The first value seen that is not `none`; kept only when `first(x)` is read.
  var first: Value = .none
  /// The value before the latest change; kept only when `previous(x)` or `changes(x)` is.
  var previous: Value = .none
  /// The value seen last, to tell a change; kept with ``previous``.
  var last: Value = .none
  /// How many changes were seen; kept with ``previous``.
  var changes: Int64 = 0

  /// The history of a variable that held `values` in turn (the scenario's `history:`, then
  /// its value at `t = 0`).
  init(_ values: [Value], need: HistoryNeed) {
    if need.changing, let start = values.first { last = start }
    for value in values { observe(value, need: need) }
  }

  /// Takes in the value the variable holds now; `sameAsLast`, when given, says whether it is
  /// the value seen last (for a clock term, which is compared by what it is worth, not by how
  /// it is made).
  mutating func observe(_ value: Value, need: HistoryNeed, sameAsLast: Bool? = nil) {
    if need.first, first == .none { first = value }
    if need.changing, !(sameAsLast ?? (value == last)) {
      previous = last
      last = value
      changes += 1
    }
  }

  /// What `read` gives.
  func value(_ read: HistoryRead) -> Value {
    switch read {
    case .first: first
    case .previous: previous
    case .changes: .int(changes)
    }
  }
}

extension InterpretedModel {
  /// The cells of a run starting from `state`, with the values `past` gives each variable
  /// before `t = 0` (by slot; none for most).
  static func historyCells(_ code: Code, state: [Value], past: [Int: [Value]]) -> [HistoryCell] {
    code.compiled.historyNeeds.map { need in
      HistoryCell((past[need.slot] ?? []) + [state[need.slot]], need: need)
    }
  }

  /// Takes the state as the invariants see it into the history: called before every check.
  /// Whether a clock term read inside a window changed is settled exactly, as a comparison of
  /// it is: a time equal to the one seen before at the run's instants is no change.
  mutating func observeHistory(context: inout SimulationContext<InterpretedModel>) {
    for (index, need) in code.compiled.historyNeeds.enumerated() {
      let value = state[need.slot]
      guard need.changing, value.holdsClockTerm || history[index].last.holdsClockTerm else {
        history[index].observe(value, need: need)
        continue
      }
      let same = sameValue(value, history[index].last, context: &context)
      history[index].observe(value, need: need, sameAsLast: same)
    }
  }

  /// The value of `first(x)`, `previous(x)` or `changes(x)` for the variable in `slot`.
  func historyValue(_ read: HistoryRead, slot: Int) -> Value {
    guard let index = code.compiled.historyCell[slot] else {
      return read == .changes ? .int(0) : .none
    }
    return history[index].value(read)
  }
}
