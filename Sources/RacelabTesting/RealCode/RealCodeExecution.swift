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
    let (record, strategy) = runMeasuringSleepsCleanly(strategy)
    log.add(record)
    var summary = [TraceField("result", .text(record.result ?? RaceOutcome.unfinished))]
    summary += record.problems.map { TraceField("problem", .text($0)) }
    let findings = RunFindings(
      summary: summary, violations: record.violations.map(\.name),
      violationTimes: record.violations.map(\.time))
    return (findings, strategy)
  }
}

extension RealCodeExecution {
  /// How often a run whose sleeps were read uncertainly, or that did not repeat the run whose
  /// choices it replays, is run again before it is taken as it is.
  static let attempts = 8

  /// How often a run is started again for its windowed sleeps before it is taken with a
  /// problem: each start settles at least one more order, so a run needs at most one per
  /// choice it makes between windowed instants.
  static let windowRestarts = 10_000

  /// Runs once with `strategy`; again, with the strategy as given, while the instants its
  /// windowed sleeps end at do not give the orders it chose (from instants that do), and while
  /// a sleep's duration was read uncertainly or the run did not repeat the one whose choices
  /// it replays (at most ``attempts`` times; the last run then says so, or its strategy does).
  private func runMeasuringSleepsCleanly<Strategy: SchedulingStrategy>(
    _ strategy: Strategy
  ) -> (RealCodeRunRecord, Strategy) {
    var attempt = 1
    var restarts = 0
    var windowInstants: [Int64]?
    while true {
      var decided = strategy
      var record = ControlledRun(
        limits: limits, tracing: log.keepsRecords, windowInstants: windowInstants
      ).execute(body, strategy: &decided)
      if let restart = record.restartInstants {
        guard restarts < Self.windowRestarts else {
          record.problems.append(
            "the windowed sleeps' instants did not settle in \(restarts) starts")
          return (record, decided)
        }
        restarts += 1
        windowInstants = restart
        continue
      }
      guard record.uncertainSleeps > 0 || decided.diverged else { return (record, decided) }
      guard attempt < Self.attempts else {
        guard record.uncertainSleeps > 0 else { return (record, decided) }
        record.problems.append(
          "\(record.uncertainSleeps) sleep(s) could not be read exactly in \(attempt) tries: "
            + "the job ran, or its thread was held up, for more than a millisecond before it "
            + "slept, so the deadline allows more than one duration")
        return (record, decided)
      }
      attempt += 1
    }
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
