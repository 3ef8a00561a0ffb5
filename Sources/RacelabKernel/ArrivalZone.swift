/// The arrival instants of a run's windowed happenings that are still possible, as a
/// difference-bound matrix: every constraint has the form `x_i − x_j ≤ c`, where `x_1 … x_n` are
/// the arrival instants (nanoseconds) and `x_0` is the constant `0`.
///
/// A run never fixes an arrival instant up front. Everything it does depends on the instants only
/// through comparisons of due instants and through the calendar day a model reads, and each such
/// fact narrows the zone. Difference constraints are closed under that narrowing, and every zone
/// is kept closed (canonical), so the bounds are tight: the range of `x_i − x_j` over the zone's
/// integer points is exactly `[-bound(j, i), bound(i, j)]`, and the point of lowest instants is
/// a member of the zone.
package struct ArrivalZone: Hashable, Sendable {
  /// Variables, `x_0` included.
  package private(set) var size: Int
  /// `bounds[i * size + j]`: the least upper bound of `x_i − x_j` known so far.
  private var bounds: [Int128]

  /// Writes the zone for a snapshot's bytes: its size, then every bound.
  func write(into writer: inout SnapshotWriter) {
    writer.append(size)
    for bound in bounds { writer.append(bound) }
  }

  /// The number of bounds the zone holds.
  var boundCount: Int { bounds.count }

  /// A bound no difference of two instants reaches (instants are 64-bit).
  static let unbounded: Int128 = Int128(Int64.max) * 4

  /// The zone of `windows.count` arrivals, each anywhere in its closed window.
  package init(windows: [ClosedRange<Int64>]) {
    size = windows.count + 1
    bounds = Array(repeating: Self.unbounded, count: size * size)
    for index in 0..<size { bounds[index * size + index] = 0 }
    for (offset, window) in windows.enumerated() {
      let variable = offset + 1
      bounds[variable * size] = Int128(window.upperBound)
      bounds[variable] = -Int128(window.lowerBound)
    }
    close()
  }

  /// Adds a variable `y` with `lower ≤ y − x_anchor ≤ upper` (a timer that fires somewhere in
  /// a window after an instant that follows from `x_anchor`) and returns its index. The zone
  /// stays closed: `y` is bound to the others only through `x_anchor`, so its tightest bounds
  /// are those of `x_anchor` moved by the window.
  package mutating func addVariable(after anchor: Int, lower: Int128, upper: Int128) -> Int {
    let old = size
    let new = old + 1
    var grown = Array(repeating: Self.unbounded, count: new * new)
    for i in 0..<old {
      for j in 0..<old { grown[i * new + j] = bounds[i * old + j] }
    }
    for j in 0..<old {
      let fromAnchor = bounds[anchor * old + j]
      grown[old * new + j] = fromAnchor < Self.unbounded ? upper + fromAnchor : Self.unbounded
      let toAnchor = bounds[j * old + anchor]
      grown[j * new + old] = toAnchor < Self.unbounded ? toAnchor - lower : Self.unbounded
    }
    grown[old * new + old] = 0
    size = new
    bounds = grown
    return old
  }

  /// The least upper bound of `x_i − x_j`.
  package func bound(_ i: Int, _ j: Int) -> Int128 { bounds[i * size + j] }

  /// The range of `x_i − x_j` over the zone.
  package func range(_ i: Int, _ j: Int) -> ClosedRange<Int128> { -bound(j, i)...bound(i, j) }

  /// The point of the zone whose every instant is as early as it can be.
  package var earliest: [Int64] {
    (1..<size).map { Int64(clamping: -bound(0, $0)) }
  }

  /// Adds `x_i − x_j ≤ limit`; returns `false` (and leaves the zone unchanged) if no point of the
  /// zone satisfies it.
  @discardableResult
  package mutating func constrain(_ i: Int, minus j: Int, atMost limit: Int128) -> Bool {
    guard bound(j, i) + limit >= 0 else { return false }
    guard limit < bound(i, j) else { return true }
    // Incremental closure: a path through the new edge i → j may shorten any p → q.
    for p in 0..<size {
      let toI = bound(p, i)
      guard toI < Self.unbounded else { continue }
      for q in 0..<size {
        let fromJ = bound(j, q)
        guard fromJ < Self.unbounded else { continue }
        let through = toI + limit + fromJ
        if through < bounds[p * size + q] { bounds[p * size + q] = through }
      }
    }
    return true
  }

  /// Floyd–Warshall over the whole matrix.
  private mutating func close() {
    for k in 0..<size {
      for i in 0..<size {
        let toK = bound(i, k)
        guard toK < Self.unbounded else { continue }
        for j in 0..<size {
          let fromK = bound(k, j)
          guard fromK < Self.unbounded else { continue }
          if toK + fromK < bounds[i * size + j] { bounds[i * size + j] = toK + fromK }
        }
      }
    }
  }
}

extension ArrivalZone {
  /// The orders `x_a + offsetA` can still take relative to `x_b + offsetB`: the order at the
  /// zone's earliest point first, then the other possible ones in the order `before`, `same`,
  /// `after`. One order when the zone allows only that one.
  package func orders(
    of a: Int, plus offsetA: Int128, relativeTo b: Int, plus offsetB: Int128
  ) -> InstantOrders {
    // x_a + offsetA compared with x_b + offsetB is x_a − x_b compared with offsetB − offsetA.
    let difference = offsetB - offsetA
    let range = range(a, b)
    let earliestOrder = InstantOrder(
      earliestInstant(a) - earliestInstant(b), comparedWith: difference)
    var possible = InstantOrders()
    if range.lowerBound <= difference - 1 { possible.append(.before) }
    if range.contains(difference) { possible.append(.same) }
    if range.upperBound >= difference + 1 { possible.append(.after) }
    guard possible.count > 1 else {
      return InstantOrders(CollectionOfOne(possible.first ?? earliestOrder))
    }
    var ordered = InstantOrders(CollectionOfOne(earliestOrder))
    for order in possible where order != earliestOrder { ordered.append(order) }
    return ordered
  }

  /// `x_i` at the zone's earliest point (``earliest``; `0` for `x_0`).
  private func earliestInstant(_ i: Int) -> Int128 {
    Int128(Int64(clamping: -bound(0, i)))
  }

  /// Narrows the zone to the points where `x_a + offsetA` lies `order` relative to
  /// `x_b + offsetB` (one of ``orders(of:plus:relativeTo:plus:)``).
  package mutating func constrain(
    _ a: Int, plus offsetA: Int128, _ order: InstantOrder, _ b: Int, plus offsetB: Int128
  ) {
    let difference = offsetB - offsetA
    switch order {
    case .before: constrain(a, minus: b, atMost: difference - 1)
    case .same:
      constrain(a, minus: b, atMost: difference)
      constrain(b, minus: a, atMost: -difference)
    case .after: constrain(b, minus: a, atMost: -difference - 1)
    }
  }

  /// Whether `x_i + offset` can still be at or before the fixed instant `limit`, and whether
  /// it can be after it.
  package func sides(
    of i: Int, plus offset: Int128, around limit: Int128
  ) -> (atOrBefore: Bool, after: Bool) {
    let range = range(i, 0)
    return (range.lowerBound <= limit - offset, range.upperBound > limit - offset)
  }

  /// Narrows the zone to the points where `x_i + offset` is after the fixed instant `limit`
  /// (`after`), or at or before it.
  package mutating func constrain(_ i: Int, plus offset: Int128, after: Bool, limit: Int128) {
    if after {
      constrain(0, minus: i, atMost: offset - limit - 1)
    } else {
      constrain(i, minus: 0, atMost: limit - offset)
    }
  }
}

extension InstantOrder {
  /// How `value` compares with `other`.
  package init(_ value: Int128, comparedWith other: Int128) {
    self = value < other ? .before : value == other ? .same : .after
  }
}
