import ModelContract
import ModelLanguage
import RacelabKernel

/// Picture rows that read `today` (directly or through a function) change at midnight, when
/// the day does, whether a job runs then or not: a traced run stops its clock at each midnight
/// between two happenings and, when such a row changed, says so at that instant (and the
/// picture's band changes there), instead of leaving the change to the next job.
extension InterpretedModel {
  /// At most this many midnights are stopped at between two happenings; a row a later one
  /// changes shows the change at the next happening.
  static let dayStopLimit = 1_000

  /// Each midnight after `start`, up to `end`, of the first process's wall clock, when a
  /// picture row reads `today`; none otherwise.
  public func clockStops(
    after start: VirtualTime, through end: VirtualTime,
    context: SimulationContext<InterpretedModel>
  ) -> [VirtualTime] {
    guard !failed, program.pictureRows.contains(where: { readsToday($0.value) }) else {
      return []
    }
    var clock = context.wallClock
    clock.shift(byNanoseconds: clockShift(0))
    let day = WallClock.nanosecondsPerDay
    var local = clock.localNanosecondsSinceEpoch(at: start)
    var instant = Int128(start.nanoseconds)
    var stops: [VirtualTime] = []
    while stops.count < Self.dayStopLimit {
      let midnight = (WallClock.floorDivide(local, day) + 1) * day
      instant += midnight - local
      guard instant <= Int128(end.nanoseconds) else { break }
      stops.append(VirtualTime(nanoseconds: Int64(instant)))
      local = midnight
    }
    return stops
  }

  /// Reads the rows that read `today` at a midnight; when one changed, the trace says which,
  /// from what to what, under the date that begins, and the picture's band changes here.
  public mutating func clockPassed(context: inout SimulationContext<InterpretedModel>) {
    guard !failed else { return }
    var changes: [(label: String, value: String, words: String)] = []
    for row in program.pictureRows where readsToday(row.value) {
      let value = (try? evaluate(row.value, Scope(locals: []), context: &context)) ?? .none
      let text = code.text(value, as: row.type)
      guard let before = context.shownValue(ofRow: row.label), before != text else { continue }
      changes.append((row.label, text, "\(row.label) \(before) → \(text)"))
    }
    guard !changes.isEmpty else { return }
    let date = code.text(.day(context.today(shiftedBy: clockShift(0))), as: .day)
    context.note(
      ModelNote(
        kind: "day-changed", subject: "\(date) begins",
        detail: [
          changes.map(\.words).joined(separator: ", ")
            + ", with no job running: the date alone changed it (the row depends on today's date)"
        ]))
    for change in changes { context.show(row: change.label, value: change.value) }
  }

  /// Whether `expression` reads `today`, itself or in a function it calls.
  func readsToday(_ expression: Expression) -> Bool {
    var seen: Set<Int> = []
    return readsToday(expression, seen: &seen)
  }

  private func readsToday(_ expression: Expression, seen: inout Set<Int>) -> Bool {
    if case .today = expression { return true }
    if case .function(let index, _) = expression, seen.insert(index).inserted,
      readsToday(program.functions[index].body, seen: &seen)
    {
      return true
    }
    return expression.children.contains { readsToday($0, seen: &seen) }
  }
}
