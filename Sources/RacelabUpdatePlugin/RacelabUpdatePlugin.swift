import Foundation
import PackagePlugin

/// `swift package racelab-update [SCENARIOS_DIR] [OPTIONS]`: rewrites the goldens of the
/// package's scenarios that differ or are missing (`racelab check --update`, default folder
/// `scenarios`), from the package's root. The one verb that writes, so the one plugin that
/// asks for the permission.
@main
struct RacelabUpdatePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try context.tool(named: "racelab").url
    process.arguments = ["check", "--update"] + arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw UpdateFailure(status: process.terminationStatus)
    }
  }
}

/// racelab did not succeed; its own output, above, says why.
struct UpdateFailure: Error, CustomStringConvertible {
  let status: Int32

  var description: String {
    "racelab check --update failed (exit status \(status))"
  }
}
