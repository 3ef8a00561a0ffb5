import ModelContract
import RacelabKernel
import Renderers

/// What a storm run does with its trace.
enum StormTraceMode: String, CaseIterable {
  /// Counters only: no trace events are made.
  case off
  /// Every structured event is made and streamed to ``TraceDigest``, which reads it and keeps
  /// nothing: the cost of the full trace to a consumer that renders as it goes.
  case stream
  /// Every structured event is kept in the result until the run ends.
  case keep
  /// The text trace, streamed: a measuring run, then a writing run into ``ByteCount``.
  case text
}

/// A trace consumer that reads every event's instant, lane and kind into a checksum and
/// keeps none of them.
final class TraceDigest: TraceSink {
  private(set) var events = 0
  private(set) var checksum: UInt64 = 0

  func receive(_ event: TraceEvent) {
    events += 1
    let lane = UInt64(bitPattern: Int64(event.lane?.index ?? -1))
    checksum =
      (checksum &* 31) &+ UInt64(bitPattern: event.time.nanoseconds) &+ lane
      &+ Self.code(of: event.kind)
  }

  private static func code(of kind: TraceEvent.Kind) -> UInt64 {
    switch kind {
    case .jobStarted: 1
    case .jobEnded: 2
    case .taskCreated: 3
    case .taskStarted: 4
    case .sleepStarted(_, _, let duration, _, _, _): 5 &+ UInt64(bitPattern: duration)
    case .timerFired(_, _, let queue, _): 6 &+ UInt64(queue.jobsAhead)
    case .cancelled: 7
    case .resumed(let task, _, _, _, _): 8 &+ UInt64(task.index)
    case .called: 9
    case .taskEnded: 10
    default: 11
    }
  }
}

/// Counts the bytes of the text handed to it, and keeps none of it.
final class ByteCount {
  private(set) var bytes = 0

  func add(_ text: String) { bytes += text.utf8.count }
}

/// One storm run on the kernel with `tracing` and `sink`, checked against the model's counts.
func stormRun(tasks: Int, tracing: Bool, sink: (any TraceSink)?) -> (StormOutcome, SimulationResult)
{
  var simulation = Simulation(
    model: StormModel(tasks: tasks), profile: .swift,
    wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0),
    strategy: DefaultStrategy(), tracing: tracing, traceSink: sink)
  simulation.schedule(.spawnAll, at: .zero)
  let result = simulation.run()
  let model = simulation.model
  // Every completed storm sleep is recorded by the model; the kernel also counts the
  // controller's one sleep.
  precondition(
    result.counters.sleepsCompleted == Int(model.sleepsRecorded) + 1,
    "storm: the kernel's and the model's sleep counts disagree")
  let events = model.sleepsRecorded + UInt64(result.counters.cancellationsDelivered)
  return (StormOutcome(events: events, checksum: model.checksum), result)
}

/// Runs the storm with its trace treated as `mode`. Returns the outcome, the trace events the
/// consumer received (or the run kept), and the bytes of text written (for ``StormTraceMode/text``).
func runKernelStorm(tasks: Int, mode: StormTraceMode) -> (
  StormOutcome, traceEvents: Int, textBytes: Int
) {
  switch mode {
  case .off:
    let (outcome, _) = stormRun(tasks: tasks, tracing: false, sink: nil)
    return (outcome, 0, 0)
  case .keep:
    let (outcome, result) = stormRun(tasks: tasks, tracing: true, sink: nil)
    return (outcome, result.trace.count, 0)
  case .stream:
    let digest = TraceDigest()
    let (outcome, _) = stormRun(tasks: tasks, tracing: true, sink: digest)
    precondition(digest.checksum != 0, "storm: the digest read nothing")
    return (outcome, digest.events, 0)
  case .text:
    let measure = TextTraceMeasure(runtime: "swift", laneNames: ["main"])
    let (outcome, result) = stormRun(tasks: tasks, tracing: true, sink: measure)
    let report = RunReport(
      scenario: "storm", title: nil, model: "storm", runtime: "swift", variant: "kernel",
      start: "epoch 0", initialState: ["\(tasks) tasks"], laneNames: ["main"], result: result,
      headline: "\(outcome.events) events", expectations: [])
    let output = ByteCount()
    let digest = TraceDigest()
    let writer = TextTraceWriter(report: report, columns: measure.finish(), write: output.add)
    let both = TraceTee(writer, digest)
    _ = stormRun(tasks: tasks, tracing: true, sink: both)
    writer.finish()
    return (outcome, digest.events, output.bytes)
  }
}

/// Hands every event to two sinks.
final class TraceTee: TraceSink {
  private let first: any TraceSink
  private let second: any TraceSink

  init(_ first: any TraceSink, _ second: any TraceSink) {
    self.first = first
    self.second = second
  }

  func receive(_ event: TraceEvent) {
    first.receive(event)
    second.receive(event)
  }
}
