import Foundation
import RacelabTesting

/// A throwaway package-like folder holding two scenarios of the device-identity model (which
/// racelab bundles, so they name it without a file) and their goldens, which a test may edit.
struct RaceScenarioFixture {
  let root: URL
  static let files = ["two-loads-original.yaml", "two-loads-migrated.yaml"]

  init() throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("racelab-testing-\(UUID().uuidString)")
    let manager = FileManager.default
    for folder in ["scenarios/device-identity", "traces/device-identity"] {
      try manager.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try Data().write(to: root.appendingPathComponent("Package.swift"))
    for name in Self.files {
      let scenario = "scenarios/device-identity/\(name)"
      try manager.copyItem(
        at: repository.appendingPathComponent(scenario), to: root.appendingPathComponent(scenario))
      let trace = "traces/device-identity/" + name.replacingOccurrences(of: ".yaml", with: ".trace")
      try manager.copyItem(
        at: repository.appendingPathComponent(trace), to: root.appendingPathComponent(trace))
    }
  }

  /// The fixture's scenarios folder.
  func folder(explore: Bool = true) -> RaceScenarioFolder {
    RaceScenarioFolder(root.appendingPathComponent("scenarios").path, explore: explore)
  }

  /// Replaces `old` with `new` in the fixture file at `relative`.
  func edit(_ relative: String, replacing old: String, with new: String) throws {
    let url = root.appendingPathComponent(relative)
    let text = try String(contentsOf: url, encoding: .utf8)
    precondition(text.contains(old), "\(relative) does not contain \(old)")
    try text.replacingOccurrences(of: old, with: new).write(
      to: url, atomically: true, encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}
