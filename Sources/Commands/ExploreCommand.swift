import ModelLanguage
import RacelabKernel
import Renderers
import Reports
import ScenarioFormat

/// `racelab explore FILE…`: tries every ordering the scenario allows (or a seeded random
/// sample), reports the reachable outcomes and, for each invariant broken anywhere, the shortest
/// counterexample with the command that replays it.
public struct ExploreCommand: Sendable {
  /// The operands: files, folders, `-` (or, with ``merge``, shards' JSON outputs).
  public var files: [String]
  /// Output format.
  public var format: RunCommand.Format = .text
  /// Overrides of every file's variant and runtime.
  public var overrides = Overrides()
  /// How to explore.
  public var settings = ExploreSettings()
  /// Whether `files` are JSON outputs of shards to merge into one verdict.
  public var merge = false
  /// How large files and runs may be.
  public var limits = ScenarioLimits()
  /// Where to write a JUnit XML report (one test case per file), or `nil`.
  public var junit: String?

  /// Creates the command.
  public init(files: [String]) {
    self.files = files
  }

  /// Explores every file; 0 when each file's broken invariants are exactly the expected ones
  /// (and an exhaustive search covered the space), 1 otherwise, 2 on bad input.
  public func execute(console: Console) -> ExitStatus {
    if merge { return Self.mergeShards(files, console: console) }
    var report = junit.map { _ in JUnitReport(suite: "racelab explore") }
    let status = ScenarioFiles.each(
      files, overrides: overrides, limits: limits, console: console, junit: &report
    ) { file, console in
      guard case .timeline = file.scenario.content else {
        console.report(.input("\(file.displayPath): explore needs a timeline, not a table"))
        return .badInput
      }
      let report = Exploration(
        file: file, settings: settings.forFile(file.scenario, limits: limits)
      )
      .run(console: console)
      if format == .json {
        console.write(ExplorationJSONRenderer.render(report))
      } else {
        console.write(
          console.paint(
            ExplorationTextRenderer.render(report),
            headlines: report.outcomes.map(\.headline)
              + report.violations.compactMap(\.trace?.headline)))
      }
      return report.expectationsMet ? .success : .failure
    }
    if let junit, let report {
      return max(status, JUnitReport.write(report, to: junit, console: console))
    }
    return status
  }
}

/// How `explore` covers a space.
public struct ExploreSettings: Sendable {
  /// Sample this many random schedules instead of exploring exhaustively.
  public var randomRuns: Int?
  /// The random generator's seed.
  public var seed: UInt64 = 1
  /// Stop after exactly this many schedules (coverage is then reported incomplete).
  public var maxSchedules: Int?
  /// Threads to explore subtrees on; the output is the same for every value.
  public var jobs = 1
  /// Explore only shard `index` of `count` (1-based), a deterministic part of the space.
  public var shard: (index: Int, count: Int)?
  /// Whether to prune schedules that reach a state already seen.
  public var pruning = true
  /// Whether to explore the graph of states instead of the tree of schedules: each state is
  /// expanded once across the whole space, and the schedules are counted, not run.
  public var stateGraph = false
  /// Whether the state graph answers an order of same-instant happenings that reaches a state
  /// already finished (where orders that commute meet) from that state instead of a run (the
  /// output is the same either way; only the runs differ).
  public var partialOrderReduction = true
  /// The most states the state graph holds (``defaultMaxStates`` when `nil`).
  public var maxStates: Int?
  /// The megabytes the states an exploration remembers may take, as counted by their values
  /// (`--limits state-memory`): past them the exploration stops, incomplete.
  public var stateMemory = ScenarioLimits().stateMemory

  /// ``stateMemory`` as a number of values, the unit the kernel counts.
  var stateValueCapacity: Int {
    let (bytes, overflow) = stateMemory.multipliedReportingOverflow(by: 1 << 20)
    return overflow ? .max : bytes / ExplorationMemory.bytesPerValue
  }

  /// The states the state graph holds at most when `--max-states` is not given: a few GB for
  /// the largest models, beyond which the exploration stops and says it is incomplete.
  public static let defaultMaxStates = 2_000_000

  /// The schedules an exploration runs at most when `--max-schedules` is not given (per
  /// subtree when exhaustive): enough for every space that finishes in minutes, a bound for
  /// the astronomically large ones.
  public static let defaultBudget = 1_000_000

  /// Default settings: exhaustive, pruned, one thread.
  public init() {}

  /// These settings as they apply to `scenario`: a file's `explore: {random: N, seed: S}`
  /// samples instead of exhausting, unless `--random` or `--state-graph` was given; a file's
  /// `explore: {state-graph: true}` explores the state graph, unless `--random` or
  /// `--no-pruning` was given.
  func forFile(_ scenario: Scenario, limits: ScenarioLimits) -> ExploreSettings {
    var settings = self
    settings.stateMemory = limits.stateMemory
    if settings.randomRuns == nil, !settings.stateGraph, let random = scenario.exploreRandom {
      settings.randomRuns = random.runs
      settings.seed = random.seed
    }
    if scenario.exploreStateGraph, settings.randomRuns == nil, settings.pruning {
      settings.stateGraph = true
    }
    return settings
  }
}
