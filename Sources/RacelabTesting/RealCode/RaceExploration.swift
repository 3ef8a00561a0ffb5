import Foundation
import ModelContract
import RacelabKernel

/// What a search over the orderings of real async code found.
public struct RaceExploration: Sendable, CustomStringConvertible {
  /// Every distinct outcome, in the order first found, with how many schedules reached it
  /// and the smallest of them.
  public var outcomes: [RaceOutcome]
  /// Every check or invariant broken, with how many schedules broke it and the smallest of
  /// them (a shortest counterexample when the search was exhaustive).
  public var violations: [RaceViolation]
  /// Schedules covered.
  public var schedules: Int
  /// Jobs run, by every run of the search.
  public var jobs: Int
  /// Whether every schedule was covered.
  public var complete: Bool
  /// What racelab could not control, with what to do instead: an answer with problems is
  /// not a proof.
  public var problems: [String]

  /// The body's results, in the order first found.
  public var results: [String] {
    var seen: Set<String> = []
    return outcomes.map(\.result).filter { seen.insert($0).inserted }
  }

  /// The names of the broken checks and invariants.
  public var violationNames: [String] {
    violations.map(\.name)
  }

  init(tally: ExplorationTally, jobs: Int) {
    self.jobs = jobs
    outcomes = tally.outcomes.map(RaceOutcome.init)
    violations = tally.violations.map {
      RaceViolation(name: $0.name, count: $0.count, schedule: $0.schedule.text)
    }
    schedules = tally.schedules
    complete = tally.complete
    var seen: Set<String> = []
    problems = outcomes.flatMap(\.problems).filter { seen.insert($0).inserted }
    if tally.runsDiverged {
      problems.append(
        "a run replaying an earlier run's choices met other choice points, in "
          + "\(RealCodeExecution.attempts) tries, so the search stopped there: the code's "
          + "orderings depend on something racelab does not control (the real clock, another "
          + "thread, or sleeps misread on a loaded machine)")
    }
  }

  init(problem: String) {
    jobs = 0
    outcomes = []
    violations = []
    schedules = 0
    complete = false
    problems = [problem]
  }

  /// The findings in words, one per line.
  public var description: String {
    let coverage = complete ? "complete" : "incomplete"
    var lines = ["\(schedules) schedule\(schedules == 1 ? "" : "s"), \(coverage)"]
    for outcome in outcomes {
      let broken =
        outcome.violations.isEmpty ? "" : " · broken: " + outcome.violations.joined(separator: ", ")
      lines.append(
        "result \(outcome.result)\(broken) · \(outcome.count) schedule\(outcome.count == 1 ? "" : "s"), smallest \(outcome.schedule)"
      )
    }
    for violation in violations {
      lines.append(
        "BROKEN \(violation.name) in \(violation.count) schedule\(violation.count == 1 ? "" : "s"), shortest \(violation.schedule)"
      )
    }
    lines += problems.map { "problem: \($0)" }
    return lines.joined(separator: "\n")
  }
}

/// One outcome of real code: the body's result, what it broke and what racelab could not
/// control.
public struct RaceOutcome: Sendable, Equatable {
  /// The body's result as text, or ``unfinished``.
  public var result: String
  /// Checks and invariants broken.
  public var violations: [String]
  /// What racelab could not control in the runs that reached it.
  public var problems: [String]
  /// Schedules that reached it.
  public var count: Int
  /// The smallest of them, as a replay token (``Race/replay(_:limits:_:)``).
  public var schedule: String

  /// The result of a body that did not finish.
  public static let unfinished = "(did not finish)"

  init(_ outcome: ExplorationOutcome) {
    result =
      outcome.summary.first { $0.name == "result" }.map { Self.text($0.value) } ?? Self.unfinished
    problems = outcome.summary.filter { $0.name == "problem" }.map { Self.text($0.value) }
    violations = outcome.violations
    count = outcome.count
    schedule = outcome.schedule.text
  }

  private static func text(_ value: Value) -> String {
    if case .text(let text) = value { return text }
    return "\(value)"
  }
}

/// A check or invariant broken somewhere in a search.
public struct RaceViolation: Sendable, Equatable {
  /// Its name.
  public var name: String
  /// Schedules that broke it.
  public var count: Int
  /// The smallest of them, as a replay token.
  public var schedule: String
}

extension Race {
  /// Runs `body` in every order its jobs can run in (depth first, at most `maxSchedules`
  /// schedules), each run from scratch: state is made inside `body`. Its result, as text, is
  /// each run's outcome (dictionaries and sets with their entries sorted, so equal results
  /// are equal text).
  public static func explore<Result: Sendable>(
    limits: RealCodeLimits = RealCodeLimits(), maxSchedules: Int? = 100_000,
    _ body: @escaping @Sendable () async -> Result
  ) async -> RaceExploration {
    if let refusal { return RaceExploration(problem: refusal) }
    return await drive(body, limits: limits) { execution in
      var search = TreeSearch(prefix: [], pruning: false, budget: maxSchedules, valueCapacity: 0)
      execution.drive(&search)
      return RaceExploration(tally: search.tally, jobs: execution.log.jobs)
    }
  }

  /// Runs `body` in `runs` random orders, seeded from `seed`: the same seed gives the same
  /// runs on every machine.
  public static func sample<Result: Sendable>(
    runs: Int, seed: UInt64 = 0, limits: RealCodeLimits = RealCodeLimits(),
    _ body: @escaping @Sendable () async -> Result
  ) async -> RaceExploration {
    if let refusal { return RaceExploration(problem: refusal) }
    return await drive(body, limits: limits) { execution in
      var search = SampleSearch(runs: 0..<max(0, runs), seed: seed)
      execution.drive(&search)
      return RaceExploration(tally: search.tally, jobs: execution.log.jobs)
    }
  }

  /// Runs `body` once in the order `schedule` names (a token from an exploration:
  /// `default`, or `position=alternative` pairs such as `3=1,7=2`), with its trace; `nil`
  /// when `schedule` is not a token, or when no search can run here (inside a driven body,
  /// or on a runtime racelab cannot take over: ``explore(limits:maxSchedules:_:)`` says why).
  public static func replay<Result: Sendable>(
    _ schedule: String, limits: RealCodeLimits = RealCodeLimits(),
    _ body: @escaping @Sendable () async -> Result
  ) async -> RaceRun? {
    guard let schedule = Schedule(text: schedule[...]), refusal == nil else { return nil }
    let log = RunLog(keepsRecords: true)
    let fitted = await drive(body, limits: limits, log: log) { execution in
      var search = ReplaySearch(schedule)
      execution.drive(&search)
      return search.fitted
    }
    guard let record = log.last else { return nil }
    return RaceRun(record: record, schedule: schedule, fitted: fitted)
  }

  /// Why no search can run here, or `nil` when one can.
  private static var refusal: String? {
    if RunOfThisThread.current != nil {
      // The outer search holds the one-at-a-time lock and waits for this job to end.
      return "a search was started from code racelab is already driving; start searches "
        + "from the test, outside Race.explore, Race.sample and Race.replay"
    }
    if !RuntimeSurface.installOnce() {
      return "racelab could not install its executors on this Swift runtime"
    }
    return nil
  }

  /// Runs `search` over `body` on a thread of its own, one controlled search in the process
  /// at a time (after ``refusal`` said one can run).
  private static func drive<Result: Sendable, Answer: Sendable>(
    _ body: @escaping @Sendable () async -> Result, limits: RealCodeLimits,
    log: RunLog = RunLog(keepsRecords: false),
    search: @escaping @Sendable (RealCodeExecution) -> Answer
  ) async -> Answer {
    let execution = RealCodeExecution(
      body: { StableDescription.of(await body()) }, limits: limits, log: log)
    return await withCheckedContinuation { continuation in
      let thread = Thread {
        ControlledSearches.oneAtATime.lock()
        defer { ControlledSearches.oneAtATime.unlock() }
        continuation.resume(returning: search(execution))
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }
}

/// Controlled searches run one at a time in a process: each runs main-actor jobs on its own
/// thread, and two at once would both hold the main actor.
enum ControlledSearches {
  static let oneAtATime = NSLock()
}
