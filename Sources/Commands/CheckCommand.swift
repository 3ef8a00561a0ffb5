import ModelLanguage
import Renderers
import Reports
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

/// `racelab check [SCENARIOS_DIR] [--traces DIR] [--update] [--explore] [--junit FILE]`: runs
/// every scenario
/// and compares its text trace with the golden file at the mirrored path under the traces
/// folder.
public struct CheckCommand: Sendable {
  /// The folder of scenario files.
  public var scenarios: String
  /// The traces folder that mirrors the scenarios root, or `nil` for the default.
  public var traces: String?
  /// Rewrite goldens that differ or are missing.
  public var update: Bool
  /// Also explore every scenario with an `explore:` block and check its expected violations.
  public var explore: Bool
  /// How large files and runs may be.
  public var limits = ScenarioLimits()
  /// Where to write a JUnit XML report (one test case per scenario and model file), or `nil`.
  public var junit: String?

  /// Creates the command.
  public init(
    scenarios: String = "scenarios", traces: String? = nil, update: Bool = false,
    explore: Bool = false
  ) {
    self.scenarios = scenarios
    self.traces = traces
    self.update = update
    self.explore = explore
  }

  /// The folder of goldens that mirrors `scenarios`. The scenarios root is the nearest folder
  /// named `scenarios` that holds `scenarios` (or `scenarios` itself); `--traces` names the
  /// folder that mirrors that root (default: `traces` beside it), and a sub-folder of the root
  /// maps to the same sub-folder there.
  public var tracesFolder: String {
    func components(_ path: String) -> [String] {
      path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }
    var parts = components(scenarios)
    if !parts.contains("scenarios") {
      parts = components(URL(fileURLWithPath: scenarios).standardizedFileURL.path)
    }
    guard let root = parts.lastIndex(of: "scenarios") else { return traces ?? "traces" }
    let inside = parts[(root + 1)...].filter { !$0.isEmpty && $0 != "." }
    if let traces {
      return inside.isEmpty ? traces : Files.join(traces, inside.joined(separator: "/"))
    }
    parts[root] = "traces"
    return parts.joined(separator: "/")
  }

  /// Checks every scenario; 0 when all goldens and expectations hold, 1 when one failed, 2 when
  /// a file could not be read or decoded.
  public func execute(console: Console) -> ExitStatus {
    guard Files.isDirectory(scenarios) else {
      console.report(.input("'\(scenarios)' is not a folder of scenario files"))
      return .badInput
    }
    let traces = tracesFolder
    let goldenFiles = GoldenFiles(root: traces)
    for leftover in goldenFiles.leftovers() {
      let path = Files.join(traces, leftover)
      if update && unlink(path) == 0 {
        console.warn("removed \(path), left by an interrupted check --update")
      } else {
        console.warn(
          "\(path) was left by an interrupted check --update; delete it (check --update does)")
      }
    }
    let listed = Files.list(scenarios, suffixes: ScenarioFiles.suffixes)
    let files = scenarioFiles()
    var status = ExitStatus.success
    var tally = CheckTally()
    var goldens: [String: String] = [:]
    var report = junit.map { _ in JUnitReport(suite: "racelab check") }
    // Every model file is checked, once, whether or not a scenario names it.
    let models = ModelFiles(limits: limits)
    for model in listed where model.hasSuffix(ScenarioLoader.modelFileSuffix) {
      let path = Files.join(scenarios, model)
      let transcript = ScenarioTranscript()
      let loaded =
        models.entry(at: path, console: transcript.teeing(console))?.definition != nil
      if !loaded {
        tally.badInput += 1
        status = .badInput
      }
      report?.add(path, status: loaded ? .success : .badInput, transcript: transcript.written)
    }
    for relative in files {
      let golden = Self.goldenName(of: relative)
      if let other = goldens[golden] {
        console.report(
          .input(
            "\(Files.join(scenarios, relative)) and \(Files.join(scenarios, other)) would share "
              + "the golden \(Files.join(traces, golden)); rename one"))
        tally.badInput += 1
        status = .badInput
        continue
      }
      goldens[golden] = relative
      let check = GoldenCheck(
        scenarioPath: Files.join(scenarios, relative), goldenPath: Files.join(traces, golden),
        goldens: goldenFiles, update: update, explore: explore, limits: limits, models: models)
      let transcript = ScenarioTranscript()
      let fileStatus = check.run(console: transcript.teeing(console), tally: &tally)
      report?.add(check.scenarioPath, status: fileStatus, transcript: transcript.written)
      status = max(status, fileStatus)
    }
    let counterexamples = Set(tally.counterexampleGoldens)
    for orphan in Files.list(traces, suffixes: [".trace", ".svg"])
    where goldens[Self.traceName(of: orphan)] == nil
      || (Self.keepsACounterexample(orphan)
        && !counterexamples.contains(Files.join(traces, orphan)))
    {
      let trace = Self.traceName(of: orphan)
      let scenario = goldens[trace] ?? String(trace.dropLast(".trace".count)) + ".yaml"
      let missing =
        goldens[trace] == nil
        ? "no scenario " : "no 'explore: {counterexample: …}' in "
      console.writeError(
        "\(console.red("orphaned")) \(Files.join(traces, orphan).shown): \(missing)"
          + Files.join(scenarios, scenario).shown
          + (update ? " (left in place; delete it if it is no longer wanted)" : "") + "\n")
      tally.orphaned += 1
      status = max(status, .failure)
    }
    console.write(tally.summary(files: files.count, update: update) + "\n")
    if let junit, let report {
      status = max(status, JUnitReport.write(report, to: junit, console: console))
    }
    return status
  }

  /// The end of the name of a golden that keeps the counterexample of `name`, one of `kept`,
  /// the invariants whose counterexamples its scenario keeps: `.counterexample.trace` for the
  /// only one, `.counterexample.NAME.trace` for one of several.
  static func counterexampleSuffix(of name: String, among kept: [String]) -> String {
    kept.count == 1 ? ".counterexample.trace" : ".counterexample.\(name).trace"
  }

  /// Whether `golden` keeps a counterexample (`a/b.counterexample.trace`,
  /// `a/b.counterexample.stores-agree.trace`).
  static func keepsACounterexample(_ golden: String) -> Bool {
    golden.hasSuffix(".trace") && golden.contains(".counterexample.")
  }

  /// The trace golden a golden belongs to: `a/b.svg`, `a/b.counterexample.trace` and
  /// `a/b.counterexample.NAME.trace` → `a/b.trace`.
  static func traceName(of golden: String) -> String {
    if keepsACounterexample(golden), let marker = golden.ranges(of: ".counterexample.").last {
      return String(golden[..<marker.lowerBound]) + ".trace"
    }
    return golden.hasSuffix(".svg") ? String(golden.dropLast(".svg".count)) + ".trace" : golden
  }

  /// `a/b.yaml` → `a/b.trace`.
  static func goldenName(of relative: String) -> String {
    let suffix = ScenarioFiles.suffixes.first { relative.hasSuffix($0) } ?? ""
    return String(relative.dropLast(suffix.count)) + ".trace"
  }
}

/// Counts of a check run.
struct CheckTally {
  var passed = 0
  var failed = 0
  var badInput = 0
  var written = 0
  var orphaned = 0
  /// The counterexample goldens the checked scenarios keep (`explore: {counterexample: …}`).
  var counterexampleGoldens: [String] = []

  mutating func count(_ status: ExitStatus) {
    if status == .success { passed += 1 } else { failed += 1 }
  }

  func summary(files: Int, update: Bool) -> String {
    var parts = ["\(passed) passed, \(failed) failed"]
    if badInput > 0 { parts.append("\(badInput) not run (bad input)") }
    if orphaned > 0 { parts.append("\(orphaned) orphaned golden\(orphaned == 1 ? "" : "s")") }
    if update { parts.append("\(written) golden\(written == 1 ? "" : "s") written") }
    return "check: \(Count.of(files, "scenario")) · " + parts.joined(separator: " · ")
  }
}
