import RacelabKernel
import ScenarioFormat

/// Reads and decodes scenario files, printing located diagnostics for the bad ones.
enum ScenarioFiles {
  /// The decoded scenario at `path`, or `nil` after printing why not.
  static func load(_ path: String, console: Console) -> Scenario? {
    loadWithBytes(path, console: console)?.scenario
  }

  /// The decoded scenario at `path` and the file's bytes, or `nil` after printing why not.
  static func loadWithBytes(_ path: String, console: Console) -> (
    scenario: Scenario, bytes: [UInt8]
  )? {
    guard let bytes = Files.read(path) else {
      console.writeError(
        "\(path):1:1: error: cannot read the file (missing, a folder, or unreadable)\n")
      return nil
    }
    switch ScenarioLoader.load(bytes, models: ModelCatalog.vocabularies) {
    case .success(let scenario):
      return (scenario, bytes)
    case .failure(let list):
      for diagnostic in list.diagnostics {
        console.writeError(diagnostic.formatted(path: path) + "\n")
      }
      let count = list.diagnostics.count
      console.writeError("\(path): \(count) error\(count == 1 ? "" : "s"); the file was not run\n")
      return nil
    }
  }
}
