import ModelContract
import ModelInterpreter
import ModelLanguage
import ModelLibrary
import RacelabKernel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The model files one command reads, from disk or bundled with racelab: each is loaded and
/// checked once, however many scenarios name it, and its diagnostics are printed once.
final class ModelFiles {
  /// A model file read from disk.
  struct Entry {
    /// The checked model, or `nil` when the file has errors (already printed).
    var definition: ModelFileDefinition?
    /// Its bytes (a replay token's hash covers them).
    var bytes: [UInt8]
  }

  private var entries: [String: Entry] = [:]
  private let limits: ScenarioLimits
  /// Bytes already read, by standardized path: these files are not read again.
  private let preloaded: [String: [UInt8]]

  /// A library that reads files under `limits`, except those in `preloaded` (path to bytes),
  /// whose bytes it already has.
  init(limits: ScenarioLimits, preloaded: [String: [UInt8]] = [:]) {
    self.limits = limits
    self.preloaded = Dictionary(
      preloaded.map { (Self.key(of: $0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The model file at `path`, loading and checking it the first time; its problems are
  /// printed then. `nil` when it cannot be read.
  func entry(at path: String, console: Console) -> Entry? {
    let key = Self.key(of: path)
    if let entry = entries[key] { return entry }
    guard
      let bytes = preloaded[key]
        ?? ScenarioFiles.read(path, limit: limits.fileBytes, console: console)
    else {
      return nil
    }
    let entry = check(bytes, path: path, reading: limits, console: console)
    entries[key] = entry
    return entry
  }

  /// The bundled model `model`, loaded and checked the first time.
  func entry(bundled model: BundledModel, console: Console) -> Entry {
    let key = Self.bundledPrefix + model.name
    if let entry = entries[key] { return entry }
    // Racelab's own file: the reading limits (`--limits scalar-bytes=…`) guard against what a
    // user gives, so the bundled file is read under the defaults; its runs keep the user's.
    let entry = check(model.bytes, path: key, reading: ScenarioLimits(), console: console)
    entries[key] = entry
    return entry
  }

  /// The model bundled with racelab that `name` names, unless a caller added a Swift model of
  /// that name (``SwiftModels``).
  static func bundled(named name: String) -> BundledModel? {
    SwiftModels.named(name) == nil ? BundledModel.named(name) : nil
  }

  /// How a bundled model is named where a path would be (in a diagnostic, which a test keeps
  /// from ever appearing).
  static let bundledPrefix = "racelab:"

  /// `bytes` loaded under `reading` and checked, its problems printed under `path`.
  private func check(
    _ bytes: [UInt8], path: String, reading: ScenarioLimits, console: Console
  ) -> Entry {
    var entry = Entry(definition: nil, bytes: bytes)
    switch ModelFileLoader.load(bytes, limits: reading) {
    case .success(let program):
      entry.definition = ModelFileDefinition(
        program,
        runLimits: RunLimits(
          steps: limits.modelSteps, tasks: limits.tasks, tableRows: limits.tableRows))
    case .failure(let list):
      console.report(list.diagnostics, path: path, limit: limits.errors)
      let count = list.diagnostics.count
      console.writeError(
        "\(path.shown): \(count) error\(count == 1 ? "" : "s"); the model was not loaded\n")
    }
    return entry
  }

  /// Whether the library has the bytes of `path` already, read or given.
  func knows(_ path: String) -> Bool {
    let key = Self.key(of: path)
    return entries[key] != nil || preloaded[key] != nil
  }

  /// The one name of a path however it is spelled: standardized, as an absolute path.
  private static func key(of path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// Where a scenario's `model:` value points: relative to the scenario's folder (the
  /// working directory for standard input).
  static func path(of reference: String, from scenarioPath: String) -> String {
    if reference.hasPrefix("/") || scenarioPath == "-" { return reference }
    let folder = PathText.folder(of: scenarioPath)
    return folder.isEmpty ? reference : Files.join(folder, reference)
  }
}
