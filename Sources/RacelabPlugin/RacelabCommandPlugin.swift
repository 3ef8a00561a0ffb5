import Foundation
import PackagePlugin

/// `swift package racelab check|explore|update [ARGUMENTS]`: runs racelab over the package's
/// scenarios from its root.
///
/// - `check [SCENARIOS_DIR] [OPTIONS]` compares every scenario's trace with its golden
///   (`racelab check`, default folder `scenarios`).
/// - `explore [FILE|DIR…] [OPTIONS]` explores scenarios (`racelab explore`, default folder
///   `scenarios`).
/// - `update [SCENARIOS_DIR] [OPTIONS]` rewrites the goldens that differ or are missing
///   (`racelab check --update`).
///
/// SwiftPM grants a plugin's permissions for all of its verbs at once, so every verb asks for
/// the write permission that only `update` uses; `check` and `explore` never write.
@main
struct RacelabCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    guard let verb = arguments.first, let command = Self.racelabArguments(verb) else {
      Diagnostics.error(
        "usage: swift package racelab check|explore|update [ARGUMENTS] (got "
          + (arguments.first.map { "'\($0)'" } ?? "nothing") + ")")
      throw PluginFailure.usage
    }
    var rest = Array(arguments.dropFirst())
    // `racelab check` reads `scenarios` by default; `racelab explore` needs an operand.
    if verb == "explore" && rest.isEmpty { rest = ["scenarios"] }
    let racelab = try context.tool(named: "racelab")
    let process = Process()
    process.executableURL = racelab.url
    process.arguments = command + rest
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      Diagnostics.error("racelab \(verb) failed (exit status \(process.terminationStatus))")
      throw PluginFailure.racelabFailed(process.terminationStatus)
    }
  }

  /// The racelab command a verb stands for, or `nil` for an unknown verb.
  private static func racelabArguments(_ verb: String) -> [String]? {
    switch verb {
    case "check": ["check"]
    case "explore": ["explore"]
    case "update": ["check", "--update"]
    default: nil
    }
  }
}

/// Why the plugin failed; racelab's own output says what went wrong.
enum PluginFailure: Error {
  case usage
  case racelabFailed(Int32)
}
