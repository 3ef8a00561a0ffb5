import ModelLanguage
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

/// `racelab report [SCENARIOS_DIR] --out DIR`: a static site of every scenario, an index with
/// each one's answer and a page each with its picture, trace, variants side by side and source.
public struct ReportCommand: Sendable {
  /// The folder of scenario files.
  public var scenarios: String
  /// The folder the site is written to (created when missing).
  public var out: String
  /// How large files and runs may be.
  public var limits = ScenarioLimits()

  /// Creates the command.
  public init(scenarios: String = "scenarios", out: String) {
    self.scenarios = scenarios
    self.out = out
  }

  /// Writes the site; 0 when every file ran, 2 when one could not be read or run (it is listed
  /// as not run) or the site cannot be written.
  public func execute(console: Console) -> ExitStatus {
    guard Files.isDirectory(scenarios) else {
      console.report(.input("'\(scenarios)' is not a folder of scenario files"))
      return .badInput
    }
    do {
      try FileManager.default.createDirectory(
        atPath: out, withIntermediateDirectories: true)
    } catch {
      console.report(.input("cannot create the folder '\(out)' for the report"))
      return .badInput
    }
    let site = GoldenFiles(root: out)
    let files = Files.list(scenarios, suffixes: ScenarioFiles.suffixes)
      .filter { !$0.hasSuffix(ScenarioLoader.modelFileSuffix) }
    let pages = files.map(Self.page(of:))
    do throws(CommandError) {
      try Self.checkTargets(files: files, pages: pages, site: site)
    } catch {
      console.report(error)
      return .badInput
    }
    for leftover in site.staleLeftovers() where unlink(Files.join(out, leftover)) == 0 {
      console.warn("removed \(Files.join(out, leftover)), left by an interrupted report")
    }
    let models = ModelFiles(limits: limits)
    var status = ExitStatus.success
    var entries: [HTMLReport.Entry] = []
    for (relative, page) in zip(files, pages) {
      let depth = relative.split(separator: "/").count - 1
      let root = String(repeating: "../", count: depth)
      let path = Files.join(scenarios, relative)
      let source = Files.read(path).map { String(decoding: $0, as: UTF8.self) } ?? ""
      let built = pageContents(
        path, relative: relative, page: page, source: source, models: models, console: console)
      if built.entry.held == nil { status = .badInput }
      entries.append(built.entry)
      do {
        try site.replace(Files.join(out, page), with: HTMLReport.page(built, root: root))
      } catch {
        console.report(.input(error.description))
        return .badInput
      }
    }
    do {
      try site.replace(
        Files.join(out, "index.html"),
        with: HTMLReport.index(entries, heading: "racelab report · \(scenarios)"))
    } catch {
      console.report(.input(error.description))
      return .badInput
    }
    console.write(
      "report: \(Count.of(entries.count, "scenario")) → \(Files.join(out, "index.html").shown)\n")
    return status
  }

  /// The page of the scenario file at `relative`: its path with `.html` for the suffix.
  static func page(of relative: String) -> String {
    String(CheckCommand.goldenName(of: relative).dropLast(".trace".count)) + ".html"
  }

  /// Refuses, before anything is written, two scenario files that would share a page, and a
  /// page or index in the folder that `racelab report` did not write.
  private static func checkTargets(files: [String], pages: [String], site: GoldenFiles)
    throws(CommandError)
  {
    var owners: [String: String] = [:]
    for (relative, page) in zip(files, pages) {
      if let other = owners[page] {
        throw .input(
          "\(other) and \(relative) would share the page \(Files.join(site.root, page)); "
            + "rename one")
      }
      owners[page] = relative
    }
    for page in pages + ["index.html"] {
      let path = Files.join(site.root, page)
      switch site.read(path) {
      case .missing:
        continue
      case .file(let text) where text.contains(HTMLReport.generator):
        continue
      case .file:
        throw .input(
          "\(path) was not written by racelab report; refusing to replace it "
            + "(choose another --out, or move the file)")
      case .unusable(let what):
        throw .input("\(path) \(what); refusing to replace it")
      }
    }
  }

  /// One scenario's page: its run under its own settings, its picture and, for a model with
  /// several variants, every variant side by side.
  private func pageContents(
    _ path: String, relative: String, page: String, source: String, models: ModelFiles,
    console: Console
  ) -> HTMLReport.Page {
    var entry = HTMLReport.Entry(
      path: relative, page: page, run: "", answer: "not run: the file has errors (on its page)",
      broken: [], held: nil)
    // What loading prints goes to the terminal and, for a file that does not load, onto its
    // page in place of the trace.
    let transcript = ScenarioTranscript()
    guard
      let file = ScenarioFiles.load(
        path, overrides: Overrides(), limits: limits, models: models,
        console: transcript.teeing(console))
    else {
      return HTMLReport.Page(
        entry: entry, title: nil, about: nil, picture: nil, trace: transcript.written,
        comparison: nil, source: source)
    }
    let scenario = file.scenario
    entry.run = "\(scenario.model) · \(scenario.setup.variant)"
    switch scenario.content {
    case .timeline(let timeline):
      let report = ScenarioRunner.report(file, timeline: timeline, schedule: .default, token: nil)
      guard !report.result.traceOverflowed else {
        console.report(ScenarioRunner.traceTooLong(file))
        entry.answer = "not run: the trace is longer than its limit"
        return HTMLReport.Page(
          entry: entry, title: scenario.title, about: scenario.about, picture: nil, trace: "",
          comparison: nil, source: source)
      }
      entry.answer = report.headline
      entry.broken = report.result.violations
      entry.held = report.expectationsMet
      let variants = file.definition.vocabulary.variants.map(\.name)
      let comparison =
        variants.count > 1 && variants.count <= CompareCommand.maximumRuns
        ? CompareCommand.runs(
          of: path, variants: variants, runtimes: [file.ownRuntime], limits: limits,
          models: models, console: console
        ).map(TraceComparison.render) : nil
      return HTMLReport.Page(
        entry: entry, title: scenario.title, about: scenario.about,
        picture: SVGTimelineRenderer.render(report), trace: TextTraceRenderer.render(report),
        comparison: comparison, source: source)
    case .table(let name, let rows):
      let report = ScenarioExecution.tableReport(file.definition, scenario, table: name, rows: rows)
      let failing = report.rows.filter { !$0.result.holds }.count
      entry.answer =
        failing == 0
        ? "truth table: all \(report.rows.count) rows hold"
        : "truth table: \(failing) of \(report.rows.count) rows differ"
      entry.held = report.allHold
      return HTMLReport.Page(
        entry: entry, title: scenario.title, about: scenario.about, picture: nil,
        trace: TableTextRenderer.render(report), comparison: nil, source: source)
    }
  }
}
