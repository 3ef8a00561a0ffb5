import ModelContract
import ModelInterpreter
import ModelLanguage
import ModelLibrary
import RacelabKernel
import Reports
import ScenarioFormat
import YAML

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--variant` and `--runtime` as given on the command line, to apply to every file and to
/// repeat in every command racelab prints for pasting.
public struct Overrides: Sendable, Equatable {
  /// The variant that replaces every file's.
  public var variant: String?
  /// The runtime that replaces every file's.
  public var runtime: String?

  /// Creates overrides.
  public init(variant: String? = nil, runtime: String? = nil) {
    self.variant = variant
    self.runtime = runtime
  }

  /// The flags that give these overrides again: `--variant cancel-guard --runtime kotlin`.
  var arguments: [String] {
    (variant.map { ["--variant", $0] } ?? []) + (runtime.map { ["--runtime", $0] } ?? [])
  }
}

/// One scenario file as the commands handle it.
struct ScenarioFile {
  /// The path as given (`-` for standard input).
  var path: String
  /// The file's bytes.
  var bytes: [UInt8]
  /// The decoded scenario, overrides applied.
  var scenario: Scenario
  /// The model the scenario names, bound once when the file was loaded.
  var definition: any ModelDefinition
  /// The bytes of the model file it names (a bundled one's too; empty for a Swift model a
  /// caller added): a replay token's hash covers them, so an edited model refuses old tokens.
  var modelBytes: [UInt8] = []
  /// Where the model file it names is (`nil` for a bundled or a Swift model).
  var modelPath: String?
  /// The overrides applied.
  var overrides: Overrides
  /// The file's own variant and runtime, before overrides.
  var ownVariant: String, ownRuntime: String
  /// The limits it was loaded under, which its runs keep too.
  var limits: ScenarioLimits

  /// The path as diagnostics name it.
  var displayPath: String { path == "-" ? "<stdin>" : path }

  /// Why the file's `expect:` is not checked: it was written for a variant or runtime the
  /// overrides replaced. `nil` when it is checked.
  var expectationsNotChecked: String? {
    var replaced: [String] = []
    if scenario.setup.variant != ownVariant { replaced.append("variant \(ownVariant)") }
    if scenario.runtime.name != ownRuntime { replaced.append("runtime \(ownRuntime)") }
    guard !replaced.isEmpty else { return nil }
    return "written for the file's " + replaced.joined(separator: " and ")
  }

  /// The command that runs this file again as it ran now: `racelab run PATH --variant V`.
  var runCommand: String {
    (["racelab", "run", ShellWord.quoted(path)] + overrides.arguments.map(ShellWord.quoted))
      .joined(separator: " ")
  }
}

/// Reads, decodes and selects scenario files for run, check and explore, printing located
/// diagnostics for the bad ones.
enum ScenarioFiles {
  /// The file suffixes of scenario files.
  static let suffixes = [".yaml", ".yml"]

  /// The scenario files of a folder, below it, sorted: every `.yaml` or `.yml` file except model
  /// files (`.model.yaml`), which scenarios name and which are never run as scenarios.
  static func list(_ folder: String) -> [String] {
    Files.list(folder, suffixes: suffixes).filter { !$0.hasSuffix(ScenarioLoader.modelFileSuffix) }
  }

  /// The scenario files the operands name: files as given, every scenario file below a
  /// folder (sorted; model files are not scenarios), `-` for standard input. Missing operands
  /// are reported.
  static func expand(_ operands: [String], console: Console) -> (paths: [String], ok: Bool) {
    var paths: [String] = []
    var ok = true
    for operand in operands {
      if operand == "-" || !Files.isDirectory(operand) {
        paths.append(operand)
        continue
      }
      let found = list(operand)
      if found.isEmpty {
        console.report(.input("\(operand): a folder with no scenario files (*.yaml, *.yml)"))
        ok = false
      }
      paths += found.map { Files.join(operand, $0) }
    }
    return (paths, ok)
  }

  /// The bytes of `path` (standard input for `-`), or `nil` after saying why not: also when
  /// the file is larger than `limit` bytes.
  static func read(_ path: String, limit: Int = ScenarioLimits().fileBytes, console: Console)
    -> [UInt8]?
  {
    let tooLarge = CommandError.input(
      "\(path == "-" ? "standard input" : path) is larger than the limit of \(limit) bytes "
        + "(raise it with --limits file-bytes=N)")
    if path == "-" {
      guard let bytes = console.readInput(limit) else {
        console.report(.input("cannot read standard input"))
        return nil
      }
      guard bytes.count <= limit else {
        console.report(tooLarge)
        return nil
      }
      return bytes
    }
    switch Files.read(path, limit: limit) {
    case .success(let bytes) where bytes.count > limit:
      console.report(tooLarge)
      return nil
    case .success(let bytes):
      return bytes
    case .failure(let problem):
      console.report(.input("\(path): \(problem.reason)"))
      return nil
    }
  }

  /// Prints a file's located diagnostics and their count, which says the file was not run.
  private static func reportNotRun(
    _ diagnostics: [Diagnostic], display: String, limits: ScenarioLimits, console: Console
  ) {
    console.report(diagnostics, path: display, limit: limits.errors)
    let count = diagnostics.count
    console.writeError(
      "\(display.shown): \(count) error\(count == 1 ? "" : "s"); the file was not run\n")
  }

  /// The decoded scenario at `path` with the overrides applied, or `nil` after printing why
  /// not. A model file the scenario names is read through `models`. With `given`, those are
  /// the file's bytes and nothing is read.
  static func load(
    _ path: String, overrides: Overrides, limits: ScenarioLimits = ScenarioLimits(),
    models: ModelFiles? = nil, given: [UInt8]? = nil, console: Console
  ) -> ScenarioFile? {
    guard let bytes = given ?? read(path, limit: limits.fileBytes, console: console) else {
      return nil
    }
    let display = path == "-" ? "<stdin>" : path
    if path.hasSuffix(ScenarioLoader.modelFileSuffix) {
      console.report(
        .input(
          "\(display): a model file, not a scenario (run a scenario whose 'model:' names it)"))
      return nil
    }
    var vocabularies = SwiftModels.definitions.map(\.vocabulary)
    var fileModel: (definition: ModelFileDefinition, bytes: [UInt8], path: String?)?
    if let reference = ScenarioLoader.modelReference(bytes) {
      let library = models ?? ModelFiles(limits: limits)
      switch modelFile(
        named: reference, from: path, library: library, display: display, limits: limits,
        console: console)
      {
      case .builtIn: break
      case .failed: return nil
      case .found(let entry, let modelPath):
        guard let definition = entry.definition else {
          console.writeError(
            "\(display.shown): its model \(reference.name.shown) has errors; the file was not run\n"
          )
          return nil
        }
        var vocabulary = definition.vocabulary
        vocabulary.name = reference.name
        vocabularies.append(vocabulary)
        fileModel = (definition, entry.bytes, modelPath)
      }
    }
    switch ScenarioLoader.load(
      bytes, models: vocabularies, otherModels: BundledModel.all.map(\.name), limits: limits)
    {
    case .success(var scenario):
      let bound: (any ModelDefinition)? =
        fileModel?.definition ?? SwiftModels.named(scenario.model)
      guard let definition = bound else {
        // The loader accepts only the names of the vocabularies it was given: the added Swift
        // models' and the model file's.
        console.report(.input("\(display.shown): model '\(scenario.model)' is not built in"))
        return nil
      }
      let ownVariant = scenario.setup.variant
      let ownRuntime = scenario.runtime.name
      do {
        try apply(overrides, to: &scenario, variants: definition.vocabulary, path: display)
      } catch {
        console.report(error)
        return nil
      }
      return ScenarioFile(
        path: path, bytes: bytes, scenario: scenario, definition: definition,
        modelBytes: fileModel?.bytes ?? [], modelPath: fileModel?.path, overrides: overrides,
        ownVariant: ownVariant,
        ownRuntime: ownRuntime, limits: limits)
    case .failure(let list):
      reportNotRun(list.diagnostics, display: display, limits: limits, console: console)
      return nil
    }
  }

  /// Where a scenario's `model:` value leads.
  private enum ModelLookup {
    /// A built-in model (or a name the loader will report as unknown).
    case builtIn
    /// A model file, read from `path` (or bundled with racelab, `nil`), loaded and checked.
    case found(ModelFiles.Entry, path: String?)
    /// The file is not there or cannot be read; already reported.
    case failed
  }

  /// The model file `reference` names: a path ending in `.model.yaml`, relative to the
  /// scenario at `scenarioPath`, or the name of a model bundled with racelab that is not built
  /// in.
  private static func modelFile(
    named reference: (name: String, location: SourceLocation), from scenarioPath: String,
    library: ModelFiles, display: String, limits: ScenarioLimits, console: Console
  ) -> ModelLookup {
    guard ScenarioLoader.namesModelFile(reference.name) else {
      guard let bundled = ModelFiles.bundled(named: reference.name) else { return .builtIn }
      return .found(library.entry(bundled: bundled, console: console), path: nil)
    }
    let path = ModelFiles.path(of: reference.name, from: scenarioPath)
    // A model file that is not there is a mistake in this file, at its `model:` line.
    guard library.knows(path) || FileManager.default.fileExists(atPath: path) else {
      reportNotRun(
        [
          Diagnostic(
            location: reference.location,
            message: "model file '\(reference.name)' not found at \(path)")
        ], display: display, limits: limits, console: console)
      return .failed
    }
    guard let entry = library.entry(at: path, console: console) else { return .failed }
    return .found(entry, path: path)
  }

  /// `file` loaded again from the bytes it was read from (its model file's too), sharing no
  /// storage with it: each thread of an exploration runs its own copy, so the threads never
  /// count references to the same objects. `nil` only if the bytes no longer load, which
  /// loading, being deterministic, never does.
  static func reload(_ file: ScenarioFile) -> ScenarioFile? {
    // A Swift model a caller added is not there on another thread (``SwiftModels``).
    guard file.definition is ModelFileDefinition else { return nil }
    let silent = Console(write: { _ in }, writeError: { _ in }, colour: false)
    let preloaded = file.modelPath.map { [$0: file.modelBytes] } ?? [:]
    return load(
      file.path, overrides: file.overrides, limits: file.limits,
      models: ModelFiles(limits: file.limits, preloaded: preloaded), given: file.bytes,
      console: silent)
  }

  /// Loads each file the operands name and hands it to `body` with the console to write to; a
  /// file that does not load counts as bad input. With `junit`, each file's result and what was
  /// printed about it become a test case there. Returns the worst status.
  static func each(
    _ operands: [String], overrides: Overrides, limits: ScenarioLimits = ScenarioLimits(),
    console: Console, junit: inout JUnitReport?, _ body: (ScenarioFile, Console) -> ExitStatus
  ) -> ExitStatus {
    let (paths, ok) = expand(operands, console: console)
    var status = ok ? ExitStatus.success : .badInput
    let models = ModelFiles(limits: limits)
    for path in paths {
      let transcript = junit == nil ? nil : ScenarioTranscript()
      let fileConsole = transcript?.teeing(console) ?? console
      let fileStatus =
        load(path, overrides: overrides, limits: limits, models: models, console: fileConsole)
        .map { body($0, fileConsole) } ?? .badInput
      status = max(status, fileStatus)
      if let transcript { junit?.add(path, status: fileStatus, transcript: transcript.written) }
    }
    return status
  }

  /// Applies `--variant` and `--runtime`.
  private static func apply(
    _ overrides: Overrides, to scenario: inout Scenario, variants vocabulary: ModelVocabulary,
    path: String
  ) throws(CommandError) {
    if let runtime = overrides.runtime {
      let names = RuntimeProfile.all.map(\.name)
      guard let profile = RuntimeProfile.all.first(where: { $0.name == runtime }) else {
        throw .input(
          "unknown runtime '\(runtime)' (\(names.joined(separator: ", ")))", word: runtime,
          known: names)
      }
      scenario.runtime = profile
    }
    if let variant = overrides.variant {
      let known = vocabulary.variants.map(\.name)
      guard known.contains(variant) else {
        throw .input(
          "\(path): model '\(scenario.model)' has no variant '\(variant)' "
            + "(\(known.joined(separator: ", ")))", word: variant, known: known)
      }
      scenario.setup.variant = variant
    }
  }
}

/// Words as a POSIX shell reads them back.
enum ShellWord {
  /// `word` unchanged when the shell keeps it as it is, otherwise in single quotes.
  static func quoted(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
          || (0x61...0x7A).contains(byte) || "-_./:=,+@".utf8.contains(byte)
      }
    return plain ? word : "'" + word.replacingEvery("'", with: "'\\''") + "'"
  }
}
