import ModelContract

extension Simulation {
  /// How the earliest entry of class `a` lies relative to that of class `b`: read off the zone
  /// when it allows one order only, otherwise asked of the strategy. `nil` when the run must
  /// start again because the instants it uses do not give the chosen order.
  mutating func instantOrder(of a: Int, relativeTo b: Int) -> InstantOrder? {
    guard let first = earliestEntry(of: a), let second = earliestEntry(of: b) else { return nil }
    let offsetA = Int128(first.due) - Int128(context.arrivals.base(of: a))
    let offsetB = Int128(second.due) - Int128(context.arrivals.base(of: b))
    let orders = context.arrivals.zone.orders(of: a, plus: offsetA, relativeTo: b, plus: offsetB)
    guard orders.count > 1 else { return orders[0] }
    let pick = choose(.instantOrder(orders: Array(orders)))
    let chosen = orders[pick]
    context.arrivals.zone.constrain(a, plus: offsetA, chosen, b, plus: offsetB)
    guard InstantOrder(Int128(first.due), comparedWith: Int128(second.due)) == chosen else {
      startAgain(with: context.arrivals.zone.earliest)
      return nil
    }
    if pick != 0 && context.isTracing {
      recordInstantsOrdered(
        (describe(first), first.due), (describe(second), second.due), chosen,
        default: orders[0], alternative: pick)
    }
    return chosen
  }

  /// Adds to `classes` (the classes due at the current instant) every other class whose earliest
  /// entry is due now: one opened during this instant by a windowed sleep whose window starts at
  /// zero can end now, in this instant's batch like a sleep of zero, or later. Where the zone
  /// allows both, the strategy chooses ("now" first, the earliest instants' answer). `false`
  /// when the run must start again because the instants it uses do not give the answer chosen.
  mutating func joinClassesDueNow(_ classes: inout [Int]) -> Bool {
    guard !context.arrivals.agendas.isEmpty else { return true }
    let now = Int128(context.now.nanoseconds)
    let nowClass = context.arrivals.nowClass
    for candidate in 1..<(context.arrivals.agendas.count + 1) where !classes.contains(candidate) {
      while let top = context.arrivals.agendas[candidate - 1].min, !isLive(top) {
        _ = context.arrivals.agendas[candidate - 1].popMin()
      }
      guard let entry = earliestEntry(of: candidate) else { continue }
      let offset = Int128(entry.due) - Int128(context.arrivals.base(of: candidate))
      let nowOffset = now - Int128(context.arrivals.base(of: nowClass))
      let orders = context.arrivals.zone.orders(
        of: candidate, plus: offset, relativeTo: nowClass, plus: nowOffset
      ).removing(.before)
      guard orders.contains(.same) else { continue }
      let pick = orders.count == 1 ? 0 : choose(.instantOrder(orders: Array(orders)))
      let chosen = orders.count == 1 ? InstantOrder.same : orders[pick]
      context.arrivals.zone.constrain(candidate, plus: offset, chosen, nowClass, plus: nowOffset)
      guard (Int128(entry.due) == now) == (chosen == .same) else {
        startAgain(with: context.arrivals.zone.earliest)
        return false
      }
      if pick != 0 && context.isTracing {
        recordInstantsOrdered(
          (describe(entry), entry.due), ("the current instant", context.now.nanoseconds), chosen,
          default: orders[0], alternative: pick)
      }
      if chosen == .same { classes.append(candidate) }
    }
    return true
  }

  /// Whether `entry`, the earliest of class `instantClass`, is due after `stop` (then the run
  /// ends at `stop` without it): read off the zone when it allows one answer only, otherwise
  /// asked of the strategy, "at or before the stop" first. `nil` when the run must start again
  /// because the instants it uses do not give the chosen answer.
  mutating func comesAfter(
    _ stop: VirtualTime, _ entry: AgendaEntry, of instantClass: Int
  ) -> Bool? {
    let offset = Int128(entry.due) - Int128(context.arrivals.base(of: instantClass))
    let limit = Int128(stop.nanoseconds)
    let sides = context.arrivals.zone.sides(of: instantClass, plus: offset, around: limit)
    guard sides.atOrBefore && sides.after else { return sides.after }
    let orders: [InstantOrder] = [.before, .after]
    let pick = choose(.instantOrder(orders: orders))
    let after = orders[pick] == .after
    context.arrivals.zone.constrain(instantClass, plus: offset, after: after, limit: limit)
    guard after == (entry.due > stop.nanoseconds) else {
      startAgain(with: context.arrivals.zone.earliest)
      return nil
    }
    if pick != 0 && context.isTracing {
      recordInstantsOrdered(
        (describe(entry), entry.due), ("the end of the run (until:)", stop.nanoseconds),
        orders[pick], default: orders[0], alternative: pick)
    }
    return after
  }

  /// Settles the calendar days read since the last call: a day that the zone allows to be
  /// another is asked of the strategy; if the chosen day is not the one the run used, the run
  /// must start again.
  mutating func settleDays() {
    while !context.arrivals.pendingDays.isEmpty, restartInstants == nil {
      let read = context.arrivals.pendingDays.removeFirst()
      let dayLength = WallClock.nanosecondsPerDay
      let range = context.arrivals.zone.range(read.variable, 0)
      let firstDay = WallClock.floorDivide(range.lowerBound - read.shift, dayLength)
      let lastDay = WallClock.floorDivide(range.upperBound - read.shift, dayLength)
      guard firstDay < lastDay else { continue }
      let count = Int(clamping: lastDay - firstDay + 1)
      let choice = choose(.calendarDay(first: Int64(clamping: firstDay), count: count))
      let day = firstDay + Int128(choice)
      context.arrivals.zone.constrain(
        read.variable, minus: 0, atMost: read.shift + (day + 1) * dayLength - 1)
      context.arrivals.zone.constrain(
        0, minus: read.variable, atMost: -(read.shift + day * dayLength))
      if day != Int128(read.day) { startAgain(with: context.arrivals.zone.earliest) }
    }
    context.arrivals.pendingDays.removeAll()
  }

  /// What an entry brings, for a choice point's description and the trace.
  func describe(_ entry: AgendaEntry) -> String {
    switch entry.action {
    case .event(let index): model.label(of: context.events[Int(index)])
    case .timer(let task, _): "\(TaskID(index: task))'s sleep timer"
    case .laneFree(let lane, _): "lane \(lane) free"
    }
  }

  /// Tells the trace that the schedule put `first` `order` `second` where the windows allowed
  /// another order too, and the order taken is not the earliest arrivals' one, `defaultOrder`
  /// (the choice point just asked took `alternative`): at the earlier of the two instants, now
  /// or when the run reaches it. Called in a traced run only, where naming the entries is worth
  /// its cost.
  private mutating func recordInstantsOrdered(
    _ first: (String, Int64), _ second: (String, Int64), _ order: InstantOrder,
    default defaultOrder: InstantOrder, alternative: Int
  ) {
    let choice = TraceEvent.Kind.choiceTaken(
      position: Int32(clamping: context.counters.choicePoints - 1),
      alternative: Int32(clamping: alternative))
    let kind = TraceEvent.Kind.instantsOrdered(
      first: first.0, firstAt: VirtualTime(nanoseconds: first.1), second: second.0,
      secondAt: VirtualTime(nanoseconds: second.1), order: order, defaultOrder: defaultOrder)
    let instant = VirtualTime(nanoseconds: min(first.1, second.1))
    if instant > context.now {
      context.settledOrders.append((instant, choice))
      context.settledOrders.append((instant, kind))
    } else {
      context.record(choice, lane: nil)
      context.record(kind, lane: nil)
    }
  }

  /// Shows, at their instants, the orders settled earlier whose earlier instant is `time` or
  /// before it, the earliest first (in the order settled, at one instant).
  mutating func showSettledOrders(through time: VirtualTime) {
    while let next = context.settledOrders.indices.min(by: {
      context.settledOrders[$0].time < context.settledOrders[$1].time
    }), context.settledOrders[next].time <= time {
      let settled = context.settledOrders.remove(at: next)
      context.record(settled.kind, lane: nil, at: settled.time)
    }
  }
}
