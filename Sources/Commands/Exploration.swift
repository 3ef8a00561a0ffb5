import Foundation
import RacelabKernel
import Renderers
import ScenarioFormat
import Synchronization

/// Explores one loaded scenario file and builds its report: the part of `explore` that `check
/// --explore` shares.
struct Exploration {
  /// The file.
  var file: ScenarioFile
  /// How to cover its space.
  var settings: ExploreSettings
  /// The deepest search for a shorter counterexample, in deviations from the default.
  static let counterexampleSearchDepth = 3

  /// Explores and reports; warns when a shard has no part of the space.
  func run(console: Console) -> ExplorationReport {
    guard case .timeline(let timeline) = file.scenario.content else {
      preconditionFailure("explore is only called on timeline scenarios")
    }
    let space = ScenarioExecution.explorer(for: file.scenario, timeline: timeline)
    var tally = ExplorationTally()
    var strategy: String
    var shard: ExplorationReport.Shard?
    if let runs = settings.randomRuns {
      strategy = "random \(Count.text(runs)), seed \(settings.seed)"
      let chunks = Self.sampleChunks(runs: runs, jobs: settings.jobs)
      let seed = settings.seed
      let parts = ParallelWork.map(count: chunks, jobs: settings.jobs) { chunk in
        space.sample(runs: Self.sampleRange(chunk: chunk, of: chunks, runs: runs), seed: seed)
      }
      for part in parts { tally.merge(part) }
    } else {
      strategy = settings.pruning ? "exhaustive" : "exhaustive (no pruning)"
      let roots = space.subtrees()
      let mine = roots.indices.filter { index in
        settings.shard.map { index % $0.count == $0.index - 1 } ?? true
      }
      if let given = settings.shard {
        shard = .init(
          index: given.index, count: given.count, subtrees: roots.count, mine: mine.count)
        if mine.isEmpty {
          console.warn(
            "\(file.displayPath): the space has \(roots.count) subtree\(roots.count == 1 ? "" : "s"), "
              + "so shard \(given.index)/\(given.count) has nothing to explore; "
              + "at most \(roots.count) shards do work")
        }
      }
      tally = exhaust(space, roots: mine.map { roots[$0] }, console: console)
    }
    return ExplorationReportBuilder(file: file, timeline: timeline, space: space)
      .report(
        of: tally.sorted, strategy: strategy, shard: shard, settings: settings)
  }

  /// Every schedule of the subtrees at `roots`: in parallel when unbounded, in order with one
  /// shared budget under `--max-schedules` (so the first N schedules are the same whatever the
  /// number of threads).
  private func exhaust(_ space: any ScenarioSpace, roots: [[Int]], console: Console)
    -> ExplorationTally
  {
    let progress = Progress(console: console, subtrees: roots.count)
    defer { progress.finish() }
    var tally = ExplorationTally()
    let pruning = settings.pruning
    if let maxSchedules = settings.maxSchedules {
      for root in roots {
        let budget = maxSchedules - tally.schedules
        let part = space.exploreSubtree(
          prefix: root, pruning: pruning, budget: budget, onSchedule: { _ in })
        progress.subtreeDone(schedules: part.schedules, states: part.stateHashes.count)
        tally.merge(part)
      }
      return tally
    }
    let parts = ParallelWork.map(count: roots.count, jobs: settings.jobs) { position in
      let part = space.exploreSubtree(
        prefix: roots[position], pruning: pruning, budget: nil, onSchedule: { _ in })
      progress.subtreeDone(schedules: part.schedules, states: part.stateHashes.count)
      return part
    }
    for part in parts { tally.merge(part) }
    return tally
  }

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

/// A one-line progress display on standard error, shown only on a terminal.
private final class Progress: Sendable {
  private struct Counts {
    var subtrees = 0
    var schedules = 0
    var states = 0
  }

  private let console: Console
  private let total: Int
  private let start = Date()
  private let counts = Mutex(Counts())

  init(console: Console, subtrees: Int) {
    self.console = console
    self.total = subtrees
  }

  func subtreeDone(schedules: Int, states: Int) {
    guard console.errorIsTerminal else { return }
    counts.withLock { counts in
      counts.subtrees += 1
      counts.schedules += schedules
      counts.states += states
      let seconds = max(Date().timeIntervalSince(start), 0.001)
      console.writeError(
        "\r\u{1B}[Kexplore: \(counts.subtrees)/\(total) subtrees covered · "
          + "\(Count.text(counts.schedules)) schedules · \(Count.text(counts.states)) states · "
          + "\(Count.text(Int(Double(counts.schedules) / seconds))) schedules/s")
    }
  }

  func finish() {
    guard console.errorIsTerminal else { return }
    console.writeError("\r\u{1B}[K")
  }
}
