import ModelLanguage
import ScenarioFormat

/// `racelab tree FILE…`: prints each file's YAML tree as canonical JSON (sorted keys, every
/// scalar a string), the form the PyYAML agreement check compares.
public struct TreeCommand: Sendable {
  /// The files.
  public var files: [String]
  /// How large a file may be, and how many diagnostics are printed.
  public var limits = ScenarioLimits()

  /// Creates the command.
  public init(files: [String]) {
    self.files = files
  }

  /// Prints one line per readable file; 2 if any file is unreadable or not in the YAML subset.
  public func execute(console: Console) -> ExitStatus {
    var status = ExitStatus.success
    for path in files {
      guard let bytes = ScenarioFiles.read(path, limit: limits.fileBytes, console: console) else {
        status = .badInput
        continue
      }
      switch ScenarioLoader.tree(bytes) {
      case .success(let root):
        console.write(root.canonicalJSON() + "\n")
      case .failure(let list):
        console.report(list.diagnostics, path: path == "-" ? "<stdin>" : path, limit: limits.errors)
        status = .badInput
      }
    }
    return status
  }
}
