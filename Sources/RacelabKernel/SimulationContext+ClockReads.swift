/// Clock reads at instants that follow from windowed arrivals, kept exact.
///
/// Where a windowed arrival (or a windowed sleep) lands is never fixed up front, so a model that
/// reads the clock at an instant that follows from one reads `x_k + offset`: the arrival's
/// instant, not yet known, plus a fixed distance. A model keeps such a read as a term and, where
/// it compares two of them (or one with a constant), asks ``settle(_:plus:relativeTo:question:holds:)``:
/// a question about the arrival instants that the run answers like any order of instants —
/// read off the zone when it allows one answer, otherwise chosen by the strategy (the answer at
/// the zone's earliest point first), the zone narrowed to it, and the run started again when its
/// instants do not give it. What a model cannot keep as such a comparison (a product of two
/// reads, say) it reports with ``noteInexactClockUse(_:)``; an exploration is then not complete.
extension SimulationContext {
  /// The arrival the current instant follows from (`0`: none, the instant is fixed) and how
  /// far now lies after that arrival's instant.
  public var nowFromArrival: (arrival: Int32, offset: Int64) {
    let variable = arrivals.nowClass
    return (Int32(variable), now.nanoseconds &- arrivals.base(of: variable))
  }

  /// Notes, as ``noteInexactClockUse(_:)`` does, that a step of `nanoseconds` from now ends past
  /// the clock's last instant where the windows land latest (`reason` says which step); the
  /// run goes on at its witness instants. Nothing when the step ends in time wherever the
  /// windows land.
  ///
  /// `mutating` although it only reads when the step ends in time: a model calls it at every
  /// sleep, and a non-mutating method would be handed a copy of the whole context (about 400
  /// bytes) at every call.
  public mutating func noteStepPastTheEnd(
    _ nanoseconds: Int64, _ reason: @autoclosure () -> String
  ) {
    // The common case, a fixed instant, read here rather than through ``latestNow``.
    let latest = arrivals.nowClass == 0 ? Int128(now.nanoseconds) : latestNow
    if latest + Int128(max(0, nanoseconds)) > Int128(Int64.max) {
      noteInexactClockUse(reason())
    }
  }

  /// The latest the current instant can be where the windows land: `now` when it follows from
  /// no windowed arrival, otherwise the latest instant of its arrival that the zone allows,
  /// plus how far now lies after it.
  var latestNow: Int128 {
    let (arrival, offset) = nowFromArrival
    guard arrival != 0 else { return Int128(now.nanoseconds) }
    return arrivals.zone.range(Int(arrival), 0).upperBound + Int128(offset)
  }

  /// How far arrival `plus`'s instant can lie after arrival `minus`'s where the windows land
  /// (`0` for either: the fixed start).
  public func spread(of plus: Int32, after minus: Int32) -> ClosedRange<Int128> {
    arrivals.zone.range(Int(plus), Int(minus))
  }

  /// The instant arrival `arrival` has in this run (`0` for arrival `0`, the constant).
  public func witness(ofArrival arrival: Int32) -> Int64 {
    arrivals.base(of: Int(arrival))
  }

  /// Whether `x_a + offset`, compared with `x_b`, gives an order for which `holds` is true,
  /// and whether the run asked its strategy (the zone allowed both answers). The answers the
  /// zone allows are grouped into runs of orders (`before`, `same`, `after`) with one answer
  /// each; with more than one group, the strategy picks one (the zone's earliest point's
  /// first), the zone is narrowed to it, and when this run's instants do not give it the run
  /// starts again from instants that do. After a restart is asked for, nothing more is asked.
  public mutating func settle(
    _ a: Int32, plus offset: Int64, relativeTo b: Int32, question: @autoclosure () -> String,
    holds: (InstantOrder) -> Bool
  ) -> (holds: Bool, asked: Bool) {
    let (a, b) = (Int(a), Int(b))
    let witnessOrder = InstantOrder(
      Int128(arrivals.base(of: a)) + Int128(offset), comparedWith: Int128(arrivals.base(of: b)))
    guard restartInstants == nil, let chooser else { return (holds(witnessOrder), false) }
    let possible = arrivals.zone.orders(of: a, plus: Int128(offset), relativeTo: b, plus: 0)
    var groups: [[InstantOrder]] = []
    for order in InstantOrder.allCases where possible.contains(order) {
      if let last = groups.last?.last, holds(last) == holds(order) {
        groups[groups.count - 1].append(order)
      } else {
        groups.append([order])
      }
    }
    guard groups.count > 1 else { return (holds(possible[0]), false) }
    let earliest = groups.firstIndex { $0.contains(possible[0]) } ?? 0
    let alternatives =
      [groups[earliest]] + groups.indices.filter { $0 != earliest }.map { groups[$0] }
    counters.choicePoints += 1
    let choice = chooser.choose(.model(question(), alternatives: alternatives.count))
    if choice != 0 { recordChoice(choice) }
    let chosen = alternatives[choice]
    // x_a + offset against x_b: `after` and above means x_b − x_a ≤ offset (− 1 past `same`);
    // `before` and below means x_a − x_b ≤ −offset (− 1 short of `same`).
    let lowest = chosen[0]
    let highest = chosen[chosen.count - 1]
    if lowest != .before {
      arrivals.zone.constrain(b, minus: a, atMost: Int128(offset) - (lowest == .after ? 1 : 0))
    }
    if highest != .after {
      arrivals.zone.constrain(a, minus: b, atMost: -Int128(offset) - (highest == .before ? 1 : 0))
    }
    if !chosen.contains(witnessOrder) { restartInstants = arrivals.zone.earliest }
    return (holds(lowest), true)
  }

  /// Notes that the model computed with a time read inside a window in a way no order of
  /// arrival instants describes (`reason` says how); the run goes on with the value at its
  /// witness instants, and the first reason is kept in the result.
  public mutating func noteInexactClockUse(_ reason: @autoclosure () -> String) {
    if inexactClockUse == nil { inexactClockUse = reason() }
  }
}
