import ModelContract

/// The kernel's record of a run's windowed happenings: their windows, the zone of arrival
/// instants still possible, the instants this run uses for them (its witness), and the agenda
/// entries whose due instants follow from each arrival.
///
/// Entries are kept in classes: class `0` is the main agenda (instants fixed by the file), class
/// `k` holds the arrival of window `k` and everything scheduled from an instant that follows from
/// it. Within a class, entries order the same way wherever the arrival lands; across classes the
/// order is a question the run asks its strategy (see ``ChoicePoint/instantOrder(_:_:orders:)``).
struct WindowedArrivals {
  /// A calendar day read at an instant that follows from an arrival, not yet settled.
  struct PendingDay {
    /// The zone variable the instant follows from.
    var variable: Int
    /// `x − localNanoseconds`: the day is `floor((x − shift) / day length)`.
    var shift: Int128
    /// The day the run used.
    var day: Int64
  }

  /// Each window's range, in registration order.
  var ranges: [ClosedRange<VirtualTime>] = []
  /// Each window's event index.
  var events: [Int32] = []
  /// The agenda entries of classes `1…`, one heap per window.
  var agendas: [BinaryHeap<AgendaEntry>] = []
  /// The instants this run uses (one per window): a point of ``zone``.
  var witness: [Int64] = []
  /// The arrival instants still possible, given every answer the run has had.
  var zone = ArrivalZone(windows: [])
  /// The class of the current instant.
  var nowClass = 0
  /// Day reads since the last check.
  var pendingDays: [PendingDay] = []

  /// The witness instant of class `variable` (class `0` is the constant `0`).
  func base(of variable: Int) -> Int64 {
    variable == 0 ? 0 : witness[variable - 1]
  }

  /// The window whose arrival is the event `index`, if any.
  func window(ofEvent index: Int32) -> Int? {
    events.firstIndex(of: index)
  }
}
