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
      throw PluginFailure.usage(got: arguments.first)
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
      throw PluginFailure.racelabFailed(verb: verb, status: process.terminationStatus)
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

/// Why the plugin failed, in the one line SwiftPM prints after `error:`; racelab's own output,
/// above it, says what went wrong.
enum PluginFailure: Error, CustomStringConvertible {
  /// No verb, or one the plugin does not know.
  case usage(got: String?)
  /// racelab ran and did not succeed.
  case racelabFailed(verb: String, status: Int32)

  var description: String {
    switch self {
    case .usage(let got):
      "usage: swift package racelab check|explore|update [ARGUMENTS] (got "
        + (got.map { "'\($0)'" } ?? "nothing") + ")"
    case .racelabFailed(let verb, let status):
      "racelab \(verb) failed (exit status \(status))"
    }
  }
}
