import ModelContract

/// Time moving between happenings: a traced run stops its clock where the model says the time
/// alone changes what the trace shows, so the trace says it at that instant, not at the next job.
extension Simulation {
  /// Moves the clock to `time`, showing the orders settled earlier of instants up to it; a
  /// traced run first stops at each of the model's
  /// ``SimulationModel/clockStops(after:through:context:)`` (no arrival settles those instants,
  /// and what the run does afterwards is as if it had not stopped).
  mutating func moveClock(to time: VirtualTime) {
    if context.isTracing, time > context.now {
      let nowClass = context.arrivals.nowClass
      for stop in model.clockStops(after: context.now, through: time, context: context)
      where stop > context.now && stop <= time {
        showSettledOrders(through: stop)
        showLostHappenings(through: stop)
        context.now = stop
        context.arrivals.nowClass = 0
        model.clockPassed(context: &context)
      }
      context.arrivals.nowClass = nowClass
      showSettledOrders(through: time)
    }
    context.now = time
  }
}
