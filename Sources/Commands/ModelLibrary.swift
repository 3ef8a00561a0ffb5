import Foundation
import ModelContract
import ModelInterpreter
import RacelabKernel
import ScenarioFormat

/// The model files one command reads: each is loaded and checked once, however many scenarios
/// name it, and its diagnostics are printed once.
final class ModelLibrary {
  /// A model file read from disk.
  struct Entry {
    /// The checked model, or `nil` when the file has errors (already printed).
    var definition: ModelFileDefinition?
    /// Its bytes (a replay token's hash covers them).
    var bytes: [UInt8]
  }

  private var entries: [String: Entry] = [:]
  private let limits: ScenarioLimits

  init(limits: ScenarioLimits) {
    self.limits = limits
  }

  /// The model file at `path`, loading and checking it the first time; its problems are
  /// printed then. `nil` when it cannot be read.
  func entry(at path: String, console: Console) -> Entry? {
    let key = URL(fileURLWithPath: path).standardizedFileURL.path
    if let entry = entries[key] { return entry }
    guard let bytes = ScenarioFiles.read(path, limit: limits.fileBytes, console: console) else {
      return nil
    }
    var entry = Entry(definition: nil, bytes: bytes)
    switch ModelFileLoader.load(bytes, limits: limits) {
    case .success(let program):
      entry.definition = ModelFileDefinition(program, instructionBudget: limits.modelSteps)
    case .failure(let list):
      console.report(list.diagnostics, path: path, limit: limits.errors)
      let count = list.diagnostics.count
      console.writeError(
        "\(path.shown): \(count) error\(count == 1 ? "" : "s"); the model was not loaded\n")
    }
    entries[key] = entry
    return entry
  }

  /// Where a scenario's `model:` value points: relative to the scenario's folder (the
  /// working directory for standard input).
  static func path(of reference: String, from scenarioPath: String) -> String {
    if reference.hasPrefix("/") || scenarioPath == "-" { return reference }
    let folder = (scenarioPath as NSString).deletingLastPathComponent
    return folder.isEmpty ? reference : (folder as NSString).appendingPathComponent(reference)
  }
}
