import ModelContract
import RacelabKernel
import Synchronization

/// Real async code as an execution the kernel's searches drive: each run starts `body` from
/// scratch in a new ``ControlledRun``.
struct RealCodeExecution: Execution {
  let body: @Sendable () async -> String
  let limits: RealCodeLimits
  /// Keeps each run's record when set (a replay that prints its trace).
  let records: RecordBox?

  func execute<Strategy: SchedulingStrategy>(_ strategy: Strategy) -> (
    findings: RunFindings, strategy: Strategy
  ) {
    var strategy = strategy
    let run = ControlledRun(limits: limits, tracing: records != nil)
    let record = run.execute(body, strategy: &strategy)
    records?.append(record)
    var summary = [TraceField("result", .text(record.result ?? RaceOutcome.unfinished))]
    summary += record.problems.map { TraceField("problem", .text($0)) }
    let findings = RunFindings(
      summary: summary, violations: record.violations.map(\.name),
      violationTimes: record.violations.map(\.time))
    return (findings, strategy)
  }
}

/// The records of the runs of one search, in order.
final class RecordBox: Sendable {
  private let records = Mutex<[RealCodeRunRecord]>([])

  func append(_ record: RealCodeRunRecord) {
    records.withLock { $0.append(record) }
  }

  var last: RealCodeRunRecord? {
    records.withLock { $0.last }
  }
}
