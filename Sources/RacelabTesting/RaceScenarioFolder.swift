import Commands
import Foundation

/// A folder of racelab scenario files and the traces folder that holds their goldens, as a
/// package keeps them next to its code.
///
/// Relative paths are read from the root of the package whose source file creates the
/// folder (the nearest folder above it that holds a `Package.swift`), so a test finds its
/// scenarios wherever `swift test` is started.
public struct RaceScenarioFolder: Sendable, Hashable {
  /// The folder of scenario files, as an absolute path.
  public let scenarios: String
  /// The traces folder that mirrors it, as an absolute path; `nil` for `traces` beside the
  /// scenarios folder, as `racelab check` chooses.
  public let traces: String?
  /// Whether each scenario with an `explore:` block is also explored and its expected
  /// violations checked, as `racelab check --explore` does.
  public let explore: Bool

  /// A folder of scenarios.
  ///
  /// - Parameters:
  ///   - scenarios: the folder of scenario files, absolute or relative to the package root.
  ///   - traces: the folder of their goldens, absolute or relative to the package root;
  ///     `nil` for `traces` beside the scenarios folder.
  ///   - explore: also explore every scenario that has an `explore:` block.
  ///   - file: a file of the package; leave the default, the calling source file.
  public init(
    _ scenarios: String = "scenarios", traces: String? = nil, explore: Bool = true,
    file: String = #filePath
  ) {
    let root = Self.packageRoot(above: file)
    self.scenarios = Self.absolute(scenarios, root: root)
    self.traces = traces.map { Self.absolute($0, root: root) }
    self.explore = explore
  }

  /// Every scenario file in the folder and its sub-folders (model files aside), in the order
  /// `racelab check` checks them.
  ///
  /// - Throws: ``RaceScenarioFolderError`` when the folder does not exist or holds no
  ///   scenario, so a mistyped path fails the test instead of checking nothing.
  public func scenarioFiles() throws -> [RaceScenario] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: scenarios, isDirectory: &isFolder),
      isFolder.boolValue
    else { throw RaceScenarioFolderError.notAFolder(scenarios) }
    let files = command.scenarioFiles()
    guard !files.isEmpty else { throw RaceScenarioFolderError.noScenarios(scenarios) }
    return files.map { RaceScenario(path: $0, folder: self) }
  }

  /// The `racelab check` this folder stands for.
  var command: CheckCommand {
    CheckCommand(scenarios: scenarios, traces: traces, explore: explore)
  }

  /// The nearest folder above `file` that holds a `Package.swift`, or the current folder.
  private static func packageRoot(above file: String) -> URL {
    var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder
      }
      folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  private static func absolute(_ path: String, root: URL) -> String {
    path.hasPrefix("/") ? path : root.appendingPathComponent(path).standardizedFileURL.path
  }
}

/// Why a folder of scenarios could not be listed.
public enum RaceScenarioFolderError: Error, CustomStringConvertible, Equatable {
  /// The path is not a folder.
  case notAFolder(String)
  /// The folder holds no scenario file.
  case noScenarios(String)

  public var description: String {
    switch self {
    case .notAFolder(let path): "'\(path)' is not a folder of racelab scenario files"
    case .noScenarios(let path): "'\(path)' holds no racelab scenario file (*.yaml, *.yml)"
    }
  }
}
