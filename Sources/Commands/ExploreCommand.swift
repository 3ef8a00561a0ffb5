import Foundation
import RacelabKernel
import Renderers
import ScenarioFormat

/// `racelab explore FILE…`: tries every ordering the scenario allows (or a seeded random
/// sample), reports the reachable outcomes and, for each invariant broken anywhere, the shortest
/// counterexample with a replayable token.
public struct ExploreCommand: Sendable {
  /// The scenario files.
  public var files: [String]
  /// Output format.
  public var format: RunCommand.Format = .text
  /// Overrides of every file's variant and runtime.
  public var variant: String?, runtime: String?
  /// Sample this many random schedules instead of exploring exhaustively.
  public var randomRuns: Int?
  /// The random generator's seed.
  public var seed: UInt64 = 1
  /// Stop after about this many schedules (coverage is then reported incomplete).
  public var maxSchedules: Int?
  /// Threads to explore subtrees on; the output is the same for every value.
  public var jobs = 1
  /// Explore only shard `index` of `count` (1-based), a deterministic part of the space.
  public var shard: (index: Int, count: Int)?
  /// Whether to prune schedules that reach a state already seen.
  public var pruning = true
  /// The deepest search for a shorter counterexample, in deviations from the default.
  static let counterexampleSearchDepth = 3

  /// Creates the command.
  public init(files: [String]) {
    self.files = files
  }

  /// Explores every file; 0 when each file's broken invariants are exactly the expected ones
  /// (and an exhaustive search covered the space), 1 otherwise, 2 on bad input.
  public func execute(console: Console) -> ExitStatus {
    ScenarioFiles.each(files, variant: variant, runtime: runtime, console: console) {
      path, scenario, bytes in
      guard case .timeline(let timeline) = scenario.content else {
        console.writeError("racelab: error: \(path): explore needs a timeline, not a table\n")
        return .badInput
      }
      let report = forFile(scenario).explore(
        scenario, timeline: timeline, bytes: bytes, console: console)
      console.write(
        format == .json
          ? ExplorationJSONRenderer.render(report)
          : ExplorationTextRenderer.render(report, file: path))
      return report.expectationsMet ? .success : .failure
    }
  }

  /// This command as it runs on `scenario`: a file's `explore: {random: N, seed: S}` samples
  /// instead of exhausting, unless `--random` was given.
  func forFile(_ scenario: Scenario) -> ExploreCommand {
    var command = self
    if command.randomRuns == nil, let random = scenario.exploreRandom {
      command.randomRuns = random.runs
      command.seed = random.seed
    }
    return command
  }

  /// Explores one scenario and builds its report.
  func explore(
    _ scenario: Scenario, timeline: [ScriptedHappening], bytes: [UInt8], console: Console
  ) -> ExplorationReport {
    let space = ScenarioExecution.explorer(for: scenario, timeline: timeline)
    let progress = Progress(console: console)
    var tally = ExplorationTally()
    var strategy: String
    if let runs = randomRuns {
      strategy = "random \(runs), seed \(seed)"
      let chunks = Self.sampleChunks(runs: runs, jobs: jobs)
      let seed = self.seed
      let parts = ParallelWork.map(count: chunks, jobs: jobs) { chunk in
        space.sample(runs: Self.sampleRange(chunk: chunk, of: chunks, runs: runs), seed: seed)
      }
      for part in parts { tally.merge(part) }
    } else {
      strategy = pruning ? "exhaustive" : "exhaustive (no pruning)"
      let roots = space.subtrees()
      let mine = roots.indices.filter { index in
        shard.map { index % $0.count == $0.index - 1 } ?? true
      }
      if let shard {
        strategy +=
          ", shard \(shard.index)/\(shard.count) (\(mine.count) of \(roots.count) subtrees)"
      }
      let budgets = mine.indices.map { position -> Int? in
        guard let maxSchedules else { return nil }
        return max(1, maxSchedules / mine.count + (position < maxSchedules % mine.count ? 1 : 0))
      }
      let pruning = self.pruning
      let parts = ParallelWork.map(count: mine.count, jobs: jobs) { position in
        let part = space.exploreSubtree(
          prefix: roots[mine[position]], pruning: pruning, budget: budgets[position],
          onSchedule: { _ in })
        progress.subtreeDone(
          schedules: part.schedules, states: part.stateHashes.count, of: mine.count)
        return part
      }
      for part in parts { tally.merge(part) }
    }
    progress.finish()
    return report(
      of: tally.sorted, scenario: scenario, timeline: timeline, bytes: bytes, space: space,
      strategy: strategy)
  }

  private func report(
    of tally: ExplorationTally, scenario: Scenario, timeline: [ScriptedHappening],
    bytes: [UInt8], space: any ScenarioSpace, strategy: String
  ) -> ExplorationReport {
    let hash = ScheduleToken.hash(
      bytes: bytes, variant: scenario.setup.variant, runtime: scenario.runtime.name)
    func token(_ schedule: Schedule) -> String {
      ScheduleToken(scenarioHash: hash, schedule: schedule).text
    }
    let outcomes = tally.outcomes.sorted { $0.count > $1.count }.map { outcome in
      let trace = ScenarioExecution.report(
        scenario, timeline: timeline, strategy: ReplayStrategy(outcome.schedule))
      return ExplorationReport.Outcome(
        summary: outcome.summary, violations: outcome.violations, headline: trace.headline,
        count: outcome.count, schedule: token(outcome.schedule))
    }
    let violations = tally.violations.map { finding in
      let depth = min(finding.schedule.deviations.count - 1, Self.counterexampleSearchDepth)
      let shortest =
        depth >= 0
        ? space.shortestCounterexample(for: finding.name, maxDeviations: depth) ?? finding.schedule
        : finding.schedule
      let trace = ScenarioExecution.report(
        scenario, timeline: timeline, strategy: ReplayStrategy(shortest),
        schedule: token(shortest))
      return ExplorationReport.Violation(
        name: finding.name, count: finding.count, schedule: token(shortest),
        deviations: shortest.deviations.count, trace: trace)
    }
    let expected = scenario.exploreViolations ?? []
    let found = Set(tally.violations.map(\.name))
    let covered = tally.complete || randomRuns != nil
    return ExplorationReport(
      scenario: scenario.name, model: scenario.model, runtime: scenario.runtime.name,
      variant: scenario.setup.variant, strategy: strategy, schedules: tally.schedules,
      complete: tally.complete,
      states: randomRuns == nil && pruning ? tally.stateHashes.count : nil,
      outcomes: outcomes,
      violations: violations, expectedViolations: expected,
      expectationsMet: covered && found == Set(expected))
  }
}

/// A one-line progress display on standard error, shown only on a terminal.
private final class Progress: @unchecked Sendable {
  private let console: Console
  private let lock = NSLock()
  private let start = Date()
  private var subtrees = 0
  private var schedules = 0
  private var states = 0

  init(console: Console) {
    self.console = console
  }

  func subtreeDone(schedules count: Int, states seen: Int, of total: Int) {
    guard console.errorIsTerminal else { return }
    lock.withLock {
      subtrees += 1
      schedules += count
      states += seen
      let seconds = max(Date().timeIntervalSince(start), 0.001)
      console.writeError(
        "\r\u{1B}[Kexplore: \(subtrees)/\(total) subtrees covered · \(schedules) schedules · "
          + "\(states) states · \(Int(Double(schedules) / seconds)) schedules/s")
    }
  }

  func finish() {
    guard console.errorIsTerminal else { return }
    console.writeError("\r\u{1B}[K")
  }
}

extension ExploreCommand {
  /// How many pieces `runs` random schedules are split into: one per thread that can run at
  /// once, never more than the runs, however large `--jobs` is.
  static func sampleChunks(runs: Int, jobs: Int) -> Int {
    max(1, min(jobs, runs, ProcessInfo.processInfo.activeProcessorCount))
  }

  /// The random runs of piece `chunk` of `chunks`: consecutive, covering `0..<runs` together,
  /// computed without overflow for any `runs`.
  static func sampleRange(chunk: Int, of chunks: Int, runs: Int) -> Range<Int> {
    func boundary(_ piece: Int) -> Int {
      Int(Int128(runs) * Int128(piece) / Int128(chunks))
    }
    return boundary(chunk)..<boundary(chunk + 1)
  }
}
