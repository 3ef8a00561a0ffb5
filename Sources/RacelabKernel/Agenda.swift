import ModelContract

/// One entry of the agenda: a due instant, an order key and what applying it does, packed
/// into 24 bytes so that the agenda of a million pending timers stays small and a heap
/// comparison is one 128-bit unsigned comparison.
struct AgendaEntry: Comparable {
  /// The due instant, offset so that it orders as an unsigned number.
  private var dueKey: UInt64
  /// The tie rank in the top bit, then the registration number.
  let order: UInt64
  /// The action: its kind in the top two bits, its operands below.
  private var payload: UInt64

  enum Action: Equatable {
    /// A model event (index into the event table) arrives.
    case event(Int32)
    /// A task's sleep timer expires; stale unless the task still sleeps on the timer whose
    /// number ends in these 32 bits.
    case timer(task: Int32, timerTag: UInt32)
    /// A lane's busy job ends; stale unless the lane is still in the busy period whose number
    /// ends in these 32 bits (a process that dies cuts its lanes' busy periods short, and a new
    /// one may end at the same instant).
    case laneFree(lane: Int32, busyTag: UInt32)
  }

  /// Sorts `entries` in registration order. A function of its own, kept out of line:
  /// cross-module optimisation does not serialise a function whose body sorts with the
  /// standard library, so the simulation's instant loop, which calls this, would otherwise run
  /// unspecialised for every model.
  @inline(never)
  static func sortInRegistrationOrder(_ entries: inout [AgendaEntry]) {
    entries.sort { $0.order < $1.order }
  }

  /// The largest task index a timer entry, or lane index a lane's entry, can name (2^30 − 1).
  static let maximumTask: Int32 = (1 << 30) - 1

  init(due: Int64, order: UInt64, action: Action) {
    self.dueKey = UInt64(bitPattern: due) ^ (1 << 63)
    self.order = order
    switch action {
    case .event(let index):
      payload = UInt64(UInt32(bitPattern: index))
    case .timer(let task, let tag):
      precondition(task >= 0 && task <= Self.maximumTask, "too many tasks for the agenda")
      payload = 1 << 62 | UInt64(task) << 32 | UInt64(tag)
    case .laneFree(let lane, let tag):
      precondition(lane >= 0 && lane <= Self.maximumTask, "too many lanes for the agenda")
      payload = 2 << 62 | UInt64(lane) << 32 | UInt64(tag)
    }
  }

  /// Due instant in nanoseconds.
  var due: Int64 { Int64(bitPattern: dueKey ^ (1 << 63)) }

  var action: Action {
    let operand = Int32(bitPattern: UInt32(truncatingIfNeeded: payload))
    switch payload >> 62 {
    case 0: return .event(operand)
    case 1:
      return .timer(
        task: Int32(truncatingIfNeeded: (payload >> 32) & 0x3FFF_FFFF),
        timerTag: UInt32(truncatingIfNeeded: payload))
    default:
      return .laneFree(
        lane: Int32(truncatingIfNeeded: (payload >> 32) & 0x3FFF_FFFF),
        busyTag: UInt32(truncatingIfNeeded: payload))
    }
  }

  /// The 32 bits of a timer number a timer entry keeps.
  static func tag(ofTimer timer: Int64) -> UInt32 { UInt32(truncatingIfNeeded: timer) }

  static func orderKey(sequence: UInt64, tie: TieRank) -> UInt64 {
    tie == .last ? sequence | (1 << 63) : sequence
  }

  /// Whether the entry is a `tie: last` happening (its order key has the top bit set).
  var isTieLast: Bool { order >= 1 << 63 }

  static func < (lhs: AgendaEntry, rhs: AgendaEntry) -> Bool {
    (UInt128(lhs.dueKey) << 64 | UInt128(lhs.order))
      < (UInt128(rhs.dueKey) << 64 | UInt128(rhs.order))
  }

  static func == (lhs: AgendaEntry, rhs: AgendaEntry) -> Bool {
    lhs.dueKey == rhs.dueKey && lhs.order == rhs.order
  }
}
