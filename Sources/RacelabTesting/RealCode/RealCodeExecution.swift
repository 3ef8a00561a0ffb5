import ModelContract
import RacelabKernel

/// Real async code as an execution the kernel's searches drive: each run starts `body` from
/// scratch in a new ``ControlledRun``.
struct RealCodeExecution: Execution {
  let body: @Sendable () async -> String
  let limits: RealCodeLimits
  /// Counts the runs' jobs, and keeps each run's record when it traces (a replay).
  let log: RunLog

  func execute<Strategy: SchedulingStrategy>(_ strategy: Strategy) -> (
    findings: RunFindings, strategy: Strategy
  ) {
    var strategy = strategy
    let run = ControlledRun(limits: limits, tracing: log.keepsRecords)
    let record = run.execute(body, strategy: &strategy)
    log.add(record)
    var summary = [TraceField("result", .text(record.result ?? RaceOutcome.unfinished))]
    summary += record.problems.map { TraceField("problem", .text($0)) }
    let findings = RunFindings(
      summary: summary, violations: record.violations.map(\.name),
      violationTimes: record.violations.map(\.time))
    return (findings, strategy)
  }
}

/// What the runs of one search did: how many jobs they ran, and (when asked) their records.
final class RunLog: Sendable {
  /// Whether the runs are traced and their records kept.
  let keepsRecords: Bool
  private let state = Locked<(jobs: Int, records: [RealCodeRunRecord])>((0, []))

  init(keepsRecords: Bool) {
    self.keepsRecords = keepsRecords
  }

  func add(_ record: RealCodeRunRecord) {
    state.withLock {
      $0.jobs += record.jobs
      if keepsRecords { $0.records.append(record) }
    }
  }

  /// Jobs run so far, by every run.
  var jobs: Int {
    state.withLock { $0.jobs }
  }

  /// The last run's record, when records are kept.
  var last: RealCodeRunRecord? {
    state.withLock { $0.records.last }
  }
}
