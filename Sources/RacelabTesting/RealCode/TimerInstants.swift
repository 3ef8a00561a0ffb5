import ModelContract
import RacelabKernel

/// When a controlled run's timers are due, when some sleeps last a window
/// (``Race/duration(in:)``): as in the kernel's windowed sleeps, the end of each windowed sleep
/// is an unknown of a zone, and a run asks its strategy wherever the zone allows more than one
/// order of two due instants, so exploring windows is as exact as in model files.
///
/// Every instant belongs to a class: class `0` is fixed (it follows from the run's start only),
/// class `k` holds the end of the `k`-th windowed sleep and every instant scheduled from an
/// instant of that class. A run uses one instant per window (its witness): the earliest the
/// zone allows, or the one a previous attempt settled on. When the strategy chooses an order
/// the witness does not give, the run notes the instants that give every answer so far
/// (``restart``) and must be run again from them, with the same strategy.
struct TimerInstants {
  /// An instant: its class, and where this run puts it.
  struct Instant: Equatable {
    var instantClass: Int
    var nanoseconds: Int64
  }

  private var zone = ArrivalZone(windows: [])
  private var witness: [Int64] = []
  /// The instants a previous attempt settled on, one per window in the order they started.
  private let given: [Int64]?
  /// Set at the first answer the witness does not give: the instants to run again from.
  private(set) var restart: [Int64]?
  /// The class of the current instant.
  private(set) var nowClass = 0

  init(given: [Int64]?) {
    self.given = given
  }

  /// Whether any sleep so far lasted a window.
  var hasWindows: Bool { !witness.isEmpty }

  /// The instant `delay` nanoseconds after `now` (an instant of the current class).
  func fixed(after now: VirtualTime, by delay: Int64) -> Instant {
    Instant(instantClass: nowClass, nanoseconds: now.nanoseconds.addingSaturating(max(0, delay)))
  }

  /// The end of a sleep that starts at `now` and lasts somewhere in `window` nanoseconds: a
  /// new unknown of the zone, bound to the current class.
  mutating func windowed(after now: VirtualTime, lasting window: ClosedRange<Int64>) -> Instant {
    let earliest = now.nanoseconds.addingSaturating(max(0, window.lowerBound))
    let latest = now.nanoseconds.addingSaturating(max(0, window.upperBound))
    let base = Int128(base(of: nowClass))
    let variable = zone.addVariable(
      after: nowClass, lower: Int128(earliest) - base, upper: Int128(latest) - base)
    var due = earliest
    if let given, variable - 1 < given.count, (earliest...latest).contains(given[variable - 1]) {
      due = given[variable - 1]
    }
    witness.append(due)
    return Instant(instantClass: variable, nanoseconds: due)
  }

  /// Time moves to `instant`.
  mutating func moved(to instant: Instant) {
    nowClass = instant.instantClass
  }

  /// How `a` lies relative to `b`: read off the zone when it allows one order, otherwise
  /// asked with `choose`. `nil` once the run must start again.
  mutating func order(
    of a: Instant, relativeTo b: Instant, choose: (ChoicePoint) -> Int
  ) -> InstantOrder? {
    guard restart == nil else { return nil }
    let offsetA = offset(of: a)
    let offsetB = offset(of: b)
    let orders = zone.orders(
      of: a.instantClass, plus: offsetA, relativeTo: b.instantClass, plus: offsetB)
    guard orders.count > 1 else { return orders[0] }
    let chosen = orders[choose(.instantOrder(orders: Array(orders)))]
    zone.constrain(a.instantClass, plus: offsetA, chosen, b.instantClass, plus: offsetB)
    guard InstantOrder(Int128(a.nanoseconds), comparedWith: Int128(b.nanoseconds)) == chosen
    else {
      restart = zone.earliest
      return nil
    }
    return chosen
  }

  /// Whether `instant` comes after the fixed instant `limit` (a horizon): read off the zone
  /// when it allows one answer, otherwise asked with `choose`. `nil` once the run must start
  /// again.
  mutating func comesAfter(
    _ limit: Int64, _ instant: Instant, choose: (ChoicePoint) -> Int
  ) -> Bool? {
    guard restart == nil else { return nil }
    let offset = offset(of: instant)
    let sides = zone.sides(of: instant.instantClass, plus: offset, around: Int128(limit))
    guard sides.atOrBefore && sides.after else { return sides.after }
    let orders: [InstantOrder] = [.before, .after]
    let after = orders[choose(.instantOrder(orders: orders))] == .after
    zone.constrain(instant.instantClass, plus: offset, after: after, limit: Int128(limit))
    guard after == (instant.nanoseconds > limit) else {
      restart = zone.earliest
      return nil
    }
    return after
  }

  private func base(of instantClass: Int) -> Int64 {
    instantClass == 0 ? 0 : witness[instantClass - 1]
  }

  private func offset(of instant: Instant) -> Int128 {
    Int128(instant.nanoseconds) - Int128(base(of: instant.instantClass))
  }
}

extension Int64 {
  /// `self + other`, held at the bounds instead of overflowing.
  func addingSaturating(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other < 0 ? .min : .max) : sum
  }
}
