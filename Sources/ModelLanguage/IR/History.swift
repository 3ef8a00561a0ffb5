/// What an invariant or a summary reads of a state variable's history (`first(x)`,
/// `previous(x)`, `changes(x)`).
///
/// A variable's history is the sequence of values it held where the invariants look: its
/// value at `t = 0` (after the values a scenario's `history:` gives it before then), and its
/// value after every job and at-once happening, when an instant settles and when the run
/// ends, each kept only when it differs from the one before. A value written and overwritten
/// (or rolled back) within one job is never seen; a relaunch that puts memory state back to
/// its `t = 0` value, or a rollback in a later job, is a change like any other.
public enum HistoryRead: String, Sendable, Hashable, CaseIterable {
  /// `first(x)`: the first value in the history that is not `none` (`none` while there is
  /// none).
  case first
  /// `previous(x)`: the value before the latest change (`none` before any change).
  case previous
  /// `changes(x)`: how many times the value changed.
  case changes
}

/// The history reads of one state variable, as the program's invariants and summary make
/// them: only these variables keep a history, and each keeps only what is read of it.
public struct HistoryNeed: Sendable, Hashable {
  /// The state variable's slot.
  public var slot: Int
  /// Whether `first(x)` is read.
  public var first: Bool
  /// Whether `previous(x)` or `changes(x)` is read: both need the value last seen.
  public var changing: Bool

  /// Creates the need of `slot`.
  public init(slot: Int, first: Bool, changing: Bool) {
    self.slot = slot
    self.first = first
    self.changing = changing
  }
}

extension ModelProgram {
  /// The state variables whose history an invariant, the summary or an answer reads, by slot,
  /// with what each reads. Variants share the invariants, the summary and the answers, and
  /// functions cannot read history, so one walk of these finds every read.
  public var historyNeeds: [HistoryNeed] {
    var expressions = summary.map(\.value)
    for answer in answers {
      if let condition = answer.condition { expressions.append(condition) }
      for case .value(let value, _) in answer.sentence { expressions.append(value) }
    }
    for invariant in invariants {
      switch invariant.check {
      case .always(let value), .settled(let value), .atEnd(let value):
        expressions.append(value)
      case .response(let response):
        expressions.append(response.then)
        if case .condition(let trigger) = response.trigger { expressions.append(trigger) }
      }
    }
    var reads: [Int: Set<HistoryRead>] = [:]
    var pending = expressions
    while let next = pending.popLast() {
      if case .history(let read, let slot) = next { reads[slot, default: []].insert(read) }
      pending += next.children
    }
    return reads.keys.sorted().map { slot in
      let read = reads[slot] ?? []
      return HistoryNeed(
        slot: slot, first: read.contains(.first),
        changing: read.contains(.previous) || read.contains(.changes))
    }
  }
}
