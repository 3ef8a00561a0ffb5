import ModelContract
import RacelabKernel
import Renderers
import ScenarioFormat

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Explores one loaded scenario file and builds its report: the part of `explore` that `check
/// --explore` shares.
struct Exploration {
  /// The file.
  var file: ScenarioFile
  /// How to cover its space.
  var settings: ExploreSettings
  /// The deepest search for a shorter counterexample, in deviations from the default.
  static let counterexampleSearchDepth = 3

  /// Explores and reports; warns when a shard has no part of the space. A `SIGINT` stops the
  /// exploration, which then reports what it covered as incomplete.
  func run(console: Console) -> ExplorationReport {
    guard case .timeline(let timeline) = file.scenario.content else {
      preconditionFailure("explore is only called on timeline scenarios")
    }
    let space = Self.space(of: file, timeline: timeline)
    let spaces = Self.workerSpaces(space, file: file)
    Interruption.watch()
    defer { Interruption.stopWatching() }
    var tally = ExplorationTally()
    var strategy: String
    var shard: ExplorationReport.Shard?
    var stateTableFull = false
    let budget = settings.maxSchedules ?? ExploreSettings.defaultBudget
    if let runs = settings.randomRuns {
      strategy = "random \(Count.text(runs)), seed \(settings.seed)"
      let taken = min(runs, budget)
      let progress = Progress(console: console, parts: 1, budget: taken)
      let chunks = Self.sampleChunks(runs: taken, jobs: settings.jobs)
      let seed = settings.seed
      let parts = ParallelWork.map(count: chunks, jobs: settings.jobs, worker: spaces) {
        space, chunk in
        space.sample(
          runs: Self.sampleRange(chunk: chunk, of: chunks, runs: taken), seed: seed,
          onSchedule: { _ in progress.scheduleDone() })
      }
      progress.finish()
      for part in parts { tally.merge(part) }
      if taken < runs {
        strategy += " (stopped at \(Count.text(taken)): \(budgetWords))"
      }
    } else {
      strategy =
        settings.stateGraph
        ? "exhaustive (state graph)" : settings.pruning ? "exhaustive" : "exhaustive (no pruning)"
      let roots = space.subtrees()
      let mine = roots.indices.filter { index in
        settings.shard.map { index % $0.count == $0.index - 1 } ?? true
      }
      if let given = settings.shard {
        shard = .init(
          index: given.index, count: given.count, subtrees: roots.count, mine: mine.count)
        if mine.isEmpty {
          console.warn(
            "\(file.displayPath): the space has \(Count.of(roots.count, "subtree")), "
              + "so shard \(given.index)/\(given.count) has nothing to explore; "
              + "at most \(roots.count) shards do work")
        }
      }
      let chosen = mine.map { roots[$0] }
      if settings.stateGraph {
        let capacity = settings.maxStates ?? ExploreSettings.defaultMaxStates
        let values = settings.stateValueCapacity
        var graph = StateGraph(capacity: capacity, valueCapacity: values)
        tally = exhaustGraph(spaces, roots: chosen, graph: graph, console: console)
        if settings.jobs > 1 && (graph.isFull || !tally.complete) && !Interruption.wasRequested {
          // Threads share the graph, so which states are stored before the cap (or which runs
          // a subtree's budget counts) depends on their timing. A stopped exploration is
          // explored again on one thread, in a fixed order, so that it prints the same bytes
          // whatever --jobs; a complete one is exact on any number of threads.
          var oneThread = self
          oneThread.settings.jobs = 1
          graph = StateGraph(capacity: capacity, valueCapacity: values)
          tally = oneThread.exhaustGraph(spaces, roots: chosen, graph: graph, console: console)
        }
        stateTableFull = graph.isFull
        tally.statesFilledMemory = graph.isFullOfValues
      } else {
        tally = exhaust(spaces, roots: chosen, console: console)
      }
    }
    var interrupted = false
    if Interruption.wasRequested {
      interrupted = true
      tally.complete = false
      strategy += " (interrupted)"
    }
    return ExplorationReportBuilder(file: file, timeline: timeline, space: space)
      .report(
        of: tally.sorted, strategy: strategy, shard: shard, settings: settings,
        interrupted: interrupted, stateTableFull: stateTableFull)
  }

  /// The most schedules (or runs) an exhaustive exploration of `subtrees` subtrees takes:
  /// `--max-schedules`, or the default budget for each subtree.
  private func totalBudget(subtrees: Int) -> Int {
    if let maxSchedules = settings.maxSchedules { return maxSchedules }
    let (total, overflow) = ExploreSettings.defaultBudget.multipliedReportingOverflow(
      by: subtrees)
    return overflow ? .max : total
  }

  /// How the budget that stopped an exploration was set, in words.
  private var budgetWords: String {
    settings.maxSchedules != nil
      ? "--max-schedules"
      : "the default budget; raise it with --max-schedules N"
  }

  /// The file's space, with the model type erased.
  private static func space(of file: ScenarioFile, timeline: [ScriptedHappening])
    -> ScenarioSpace
  {
    ScenarioExecution.explorer(file.definition, file.scenario, timeline: timeline)
  }

  /// The space each worker thread explores: the first worker explores `space`, every other
  /// worker a copy of the file loaded again from its bytes. The copies are equal, so the
  /// answer is the same; but no two threads count references to the same objects, which made
  /// a second thread spend about 1.6 times the work of one.
  private static func workerSpaces(_ space: ScenarioSpace, file: ScenarioFile)
    -> @Sendable (Int) -> ScenarioSpace
  {
    { worker in
      guard worker > 0, let copy = ScenarioFiles.reload(file),
        case .timeline(let timeline) = copy.scenario.content
      else { return space }
      return Self.space(of: copy, timeline: timeline)
    }
  }

  /// Every schedule of the subtrees at `roots`, each explored in its worker's space from
  /// `spaces`. Under `--max-schedules` the subtrees run in order, in the first worker's space,
  /// with one shared budget (so the first N schedules are the same whatever the number of
  /// threads); otherwise in parallel, each within the default budget.
  private func exhaust(
    _ spaces: @escaping @Sendable (Int) -> ScenarioSpace, roots: [[Int]], console: Console
  ) -> ExplorationTally {
    let budget = totalBudget(subtrees: roots.count)
    let progress = Progress(console: console, parts: roots.count, budget: budget)
    defer { progress.finish() }
    var tally = ExplorationTally()
    let pruning = settings.pruning
    // Each subtree remembers its own states: an eighth of the memory each (a space is split
    // into about eight subtrees), the same whatever the threads.
    let valueCapacity = settings.stateValueCapacity / max(1, min(roots.count, 8))
    if let maxSchedules = settings.maxSchedules {
      let space = spaces(0)
      for (position, root) in roots.enumerated() where !Interruption.wasRequested {
        let part = space.exploreSubtree(
          prefix: root, pruning: pruning, budget: maxSchedules - tally.schedules,
          valueCapacity: valueCapacity,
          onSchedule: { progress.scheduleDone(part: position, $0) })
        progress.partDone(position, states: part.states)
        tally.merge(part)
      }
      return tally
    }
    let parts = inParallel(roots, spaces: spaces) { space, position in
      let part = space.exploreSubtree(
        prefix: roots[position], pruning: pruning, budget: ExploreSettings.defaultBudget,
        valueCapacity: valueCapacity, onSchedule: { progress.scheduleDone(part: position, $0) })
      progress.partDone(position, states: part.states)
      return part
    }
    for part in parts { tally.merge(part) }
    return tally
  }

  /// Every schedule of the subtrees at `roots`, each explored in its worker's space from
  /// `spaces`, counted over one state graph that every subtree and thread shares; the tally's
  /// states are the graph's. Under `--max-schedules` the subtrees run in order with one shared
  /// budget of runs; otherwise in parallel, each within the default budget. A shared graph
  /// changes how many runs the exploration takes, never its answer.
  private func exhaustGraph(
    _ spaces: @escaping @Sendable (Int) -> ScenarioSpace, roots: [[Int]], graph: StateGraph,
    console: Console
  ) -> ExplorationTally {
    let budget = totalBudget(subtrees: roots.count)
    let progress = Progress(
      console: console, parts: roots.count, budget: budget, counting: "runs")
    defer { progress.finish() }
    var tally = ExplorationTally()
    if let maxSchedules = settings.maxSchedules {
      let space = spaces(0)
      for (position, root) in roots.enumerated() where !Interruption.wasRequested {
        let part = space.exploreGraph(
          prefix: root, graph: graph, budget: maxSchedules - tally.runs,
          partialOrderReduction: settings.partialOrderReduction,
          onRun: { progress.scheduleDone(part: position, $0) })
        progress.partDone(position, totalStates: graph.stateCount)
        tally.merge(part)
      }
    } else {
      let parts = inParallel(roots, spaces: spaces) { space, position in
        let part = space.exploreGraph(
          prefix: roots[position], graph: graph, budget: ExploreSettings.defaultBudget,
          partialOrderReduction: settings.partialOrderReduction,
          onRun: { progress.scheduleDone(part: position, $0) })
        progress.partDone(position, totalStates: graph.stateCount)
        return part
      }
      for part in parts { tally.merge(part) }
    }
    tally.graphStates = graph.stateCount
    return tally
  }

  /// `explore` applied to every root (by its position) on `--jobs` threads, each in its worker's space from
  /// `spaces`, in the roots' order; a root not yet started when an interruption is requested
  /// is skipped and counts as not covered.
  private func inParallel(
    _ roots: [[Int]], spaces: @escaping @Sendable (Int) -> ScenarioSpace,
    _ explore: @Sendable @escaping (ScenarioSpace, Int) -> ExplorationTally
  ) -> [ExplorationTally] {
    ParallelWork.map(count: roots.count, jobs: settings.jobs, worker: spaces) {
      space, position in
      guard !Interruption.wasRequested else {
        var skipped = ExplorationTally()
        skipped.complete = false
        return skipped
      }
      return explore(space, position)
    }
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

/// A one-line progress display on standard error, shown only on a terminal and redrawn at most
/// four times a second; also where every schedule asks whether to go on (not after a `SIGINT`).
/// From the part of each subtree covered it estimates the size of the space and the time left.
private final class Progress: Sendable {
  private struct Counts {
    var parts = 0
    var schedules = 0
    var states = 0
    var drawn = Date.distantPast
    /// The part covered of each subtree under way, by its position.
    var covering: [Int: Double] = [:]
  }

  private let console: Console
  private let total: Int
  /// What each step is: schedules, or the state graph's runs.
  private let unit: String
  /// The most steps the exploration takes, by its budget.
  private let budget: Int
  private let start = Date()
  private let counts = Locked(Counts())

  init(console: Console, parts: Int, budget: Int, counting unit: String = "schedules") {
    self.console = console
    self.total = parts
    self.budget = budget
    self.unit = unit
  }

  /// Counts one schedule, of subtree `part` when it is known with how far that subtree has
  /// gone; returns whether to go on.
  func scheduleDone(part: Int? = nil, _ step: SubtreeProgress? = nil) -> Bool {
    if console.errorIsTerminal {
      counts.withLock { counts in
        counts.schedules += 1
        if let part, let step { counts.covering[part] = step.covered }
        draw(&counts, force: false)
      }
    }
    return !Interruption.wasRequested
  }

  /// Counts finished subtree `part` and the states it saw.
  func partDone(_ part: Int, states: Int) {
    guard console.errorIsTerminal else { return }
    counts.withLock { counts in
      counts.parts += 1
      counts.states += states
      counts.covering[part] = nil
      draw(&counts, force: true)
    }
  }

  /// Counts finished part `part` of a state graph, which holds `totalStates` states now.
  func partDone(_ part: Int, totalStates: Int) {
    guard console.errorIsTerminal else { return }
    counts.withLock { counts in
      counts.parts += 1
      counts.states = totalStates
      counts.covering[part] = nil
      draw(&counts, force: true)
    }
  }

  private func draw(_ counts: inout Counts, force: Bool) {
    let now = Date()
    guard force || now.timeIntervalSince(counts.drawn) >= 0.25 else { return }
    counts.drawn = now
    let seconds = max(now.timeIntervalSince(start), 0.001)
    let rate = Double(counts.schedules) / seconds
    console.writeError(
      "\r\u{1B}[Kexplore: \(counts.parts)/\(total) subtrees · "
        + "\(Count.text(counts.schedules)) \(unit) · \(Count.text(counts.states)) states · "
        + "\(Count.text(Int(rate))) \(unit)/s · \(Int(seconds))s"
        + estimate(counts, rate: rate) + " (Ctrl-C stops and reports)")
  }

  /// ` · space ≈ N unit · ≈ T left`, from the part of the space covered so far; empty before
  /// anything is covered.
  private func estimate(_ counts: Counts, rate: Double) -> String {
    let covered =
      (Double(counts.parts) + counts.covering.values.reduce(0, +)) / Double(max(1, total))
    guard covered > 0, rate > 0 else { return "" }
    let space = Double(counts.schedules) / covered
    let end = min(space, Double(budget))
    let left = max(0, end - Double(counts.schedules)) / rate
    return " · space ≈ \(Self.amount(space)) \(unit) · ≈ \(Self.duration(left)) left"
      + (Double(budget) < space ? " (the budget stops it)" : "")
  }

  /// A count in digits, or as a power of ten past a trillion.
  static func amount(_ value: Double) -> String {
    guard value.isFinite else { return "∞" }
    guard value >= 1e12 else { return Count.text(Int(value.rounded())) }
    let exponent = Int(log10(value).rounded(.down))
    // The mantissa to one decimal, in tenths (rounding 9.96 makes 10.0, as printf's %.1f).
    let tenths = Int((value / pow(10, Double(exponent)) * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)e\(exponent)"
  }

  /// Seconds in the largest unit that keeps them readable.
  static func duration(_ seconds: Double) -> String {
    switch seconds {
    case ..<60: return "\(Int(seconds))s"
    case ..<3_600: return "\(Int(seconds / 60)) min"
    case ..<172_800: return "\(Int(seconds / 3_600)) h"
    case ..<31_557_600: return "\(Int(seconds / 86_400)) days"
    default: return "\(amount(seconds / 31_557_600)) years"
    }
  }

  func finish() {
    guard console.errorIsTerminal else { return }
    console.writeError("\r\u{1B}[K")
  }
}
