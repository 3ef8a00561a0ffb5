import ModelContract
import ModelLanguage
import RacelabKernel
import Renderers

/// `racelab compare FILE [--variants V,…] [--runtimes R,…] [--format text|svg]`: runs one
/// scenario under several variants and runtimes and prints their traces as one, the lines where
/// they differ marked, or draws them side by side.
public struct CompareCommand: Sendable {
  /// The scenario file.
  public var file: String
  /// The variants to run, or `nil` for every variant of the model.
  public var variants: [String]?
  /// The runtimes to run, or `nil` for the file's own.
  public var runtimes: [String]?
  /// How large files and runs may be.
  public var limits = ScenarioLimits()
  /// The text comparison or the picture.
  public var format = Format.text

  /// What `compare` prints.
  public enum Format: String, Sendable, CaseIterable {
    /// One text trace, the lines where the runs differ marked.
    case text
    /// An SVG picture: a column per run, the lines aligned, the differing rows shaded.
    case svg
  }

  /// The most runs one comparison shows (they are lettered A to Z).
  static let maximumRuns = 26

  /// Creates the command.
  public init(file: String, variants: [String]? = nil, runtimes: [String]? = nil) {
    self.file = file
    self.variants = variants
    self.runtimes = runtimes
  }

  /// Runs the file once per variant and runtime, in the order given (variants outer), and
  /// prints the comparison. Exit status 0 when it is printed.
  public func execute(console: Console) -> ExitStatus {
    let models = ModelFiles(limits: limits)
    guard
      let own = ScenarioFiles.load(
        file, overrides: Overrides(), limits: limits, models: models, console: console)
    else { return .badInput }
    let variantNames = variants ?? own.definition.vocabulary.variants.map(\.name)
    let runtimeNames = runtimes ?? [own.ownRuntime]
    let count = variantNames.count.multipliedReportingOverflow(by: runtimeNames.count)
    guard !count.overflow, (1...Self.maximumRuns).contains(count.partialValue) else {
      console.report(
        .usage("compare shows 1 to \(Self.maximumRuns) runs; give fewer variants or runtimes"))
      return .badInput
    }
    guard
      let runs = Self.runs(
        of: file, variants: variantNames, runtimes: runtimeNames, limits: limits,
        models: models, console: console)
    else { return .badInput }
    var warned: [String] = []
    for run in runs {
      guard let warning = run.warning, !warned.contains(warning) else { continue }
      warned.append(warning)
      console.warn(warning)
    }
    console.write(
      format == .svg ? TraceComparisonPicture.render(runs) : TraceComparison.render(runs))
    return .success
  }

  /// The runs of `file` under every variant and runtime (variants outer), or `nil` after
  /// saying why one cannot be run. A run of a variant whose own file beside `file` starts from
  /// another state carries a warning that says so (``CompareStartCheck``).
  static func runs(
    of file: String, variants: [String], runtimes: [String], limits: ScenarioLimits,
    models: ModelFiles, console: Console
  ) -> [TraceComparison.Run]? {
    var runs: [TraceComparison.Run] = []
    for variant in variants {
      var warning: String?
      for (index, runtime) in runtimes.enumerated() {
        let overrides = Overrides(variant: variant, runtime: runtime)
        guard
          let loaded = ScenarioFiles.load(
            file, overrides: overrides, limits: limits, models: models, console: console)
        else { return nil }
        guard case .timeline(let timeline) = loaded.scenario.content else {
          console.report(.input("\(loaded.displayPath): compare needs a timeline, not a table"))
          return nil
        }
        let report = ScenarioRunner.report(
          loaded, timeline: timeline, schedule: .default, token: nil)
        guard !report.result.traceOverflowed else {
          console.report(ScenarioRunner.traceTooLong(loaded))
          return nil
        }
        if index == 0 {
          warning = CompareStartCheck.difference(loaded, models: models)?.warning(
            comparing: loaded.displayPath)
        }
        runs.append(
          TraceComparison.Run(
            label: "variant \(variant) · runtime \(runtime)", report: report,
            warning: warning))
      }
    }
    return runs
  }
}
