import RacelabKernel

/// A renderer that writes a run's output while the run goes: it receives the trace events as a
/// ``TraceSink`` and writes what is left once the run has ended.
public protocol StreamedTraceWriter: TraceSink {
  /// Writes the rest of the output, once the run's last event was received.
  func finish()
}
