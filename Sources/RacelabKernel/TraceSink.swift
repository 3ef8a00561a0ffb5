/// Receives a run's trace events one at a time, as the run produces them.
///
/// A run given a sink keeps no trace of its own (``SimulationResult/trace`` stays empty), so a
/// consumer that renders each event and forgets it holds a run of any length in bounded memory.
/// The events arrive in trace order, and the run's trace limit applies to them as to a kept trace.
public protocol TraceSink: AnyObject {
  /// Takes the next event of the run.
  func receive(_ event: TraceEvent)
}
