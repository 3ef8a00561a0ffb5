/// The order of happenings due at the same instant: registration order, `last` ones after the
/// rest (rule C2).
public enum TieRank: Sendable, Hashable {
  /// In registration order.
  case normal
  /// After every `normal` happening due at the same instant (`tie: last`).
  case last
}

/// One entry of the agenda: a due instant, an order key and what applying it does. The
/// entry is 32 bytes, so that the agenda of a million pending timers stays small.
struct AgendaEntry: Comparable {
  /// Due instant in nanoseconds.
  var due: Int64
  /// The tie rank in the top bit, then the registration number.
  var order: UInt64
  var action: Action

  enum Action: Equatable {
    /// A model event (index into the event table) arrives.
    case event(Int32)
    /// A task's sleep timer expires; stale when the task no longer sleeps on this timer.
    /// (The 64-bit field comes first so that the payload packs into 12 bytes.)
    case timer(timer: Int64, task: Int32)
    /// A lane's busy job ends.
    case laneFree(Int32)
  }

  static func orderKey(sequence: UInt64, tie: TieRank) -> UInt64 {
    tie == .last ? sequence | (1 << 63) : sequence
  }

  static func < (lhs: AgendaEntry, rhs: AgendaEntry) -> Bool {
    lhs.due != rhs.due ? lhs.due < rhs.due : lhs.order < rhs.order
  }

  static func == (lhs: AgendaEntry, rhs: AgendaEntry) -> Bool {
    lhs.due == rhs.due && lhs.order == rhs.order
  }
}

/// A scripted happening whose arrival instant lies somewhere in a window, not yet placed.
struct WindowedArrival {
  var event: Int32
  var window: ClosedRange<VirtualTime>
  var order: UInt64
}
