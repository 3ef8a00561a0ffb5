import Foundation
import PackagePlugin

/// `swift package racelab check|explore [ARGUMENTS]`: runs racelab over the package's
/// scenarios from its root. It only reads, so it asks for no permission; rewriting goldens is
/// `swift package racelab-update`, a plugin of its own.
///
/// - `check [SCENARIOS_DIR] [OPTIONS]` compares every scenario's trace with its golden
///   (`racelab check`, default folder `scenarios`).
/// - `explore [FILE|DIR…] [OPTIONS]` explores scenarios (`racelab explore`, default folder
///   `scenarios`).
@main
struct RacelabCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    guard let verb = arguments.first, let command = Self.racelabArguments(verb) else {
      throw PluginFailure.usage(got: arguments.first)
    }
    // racelab check reads `scenarios` by default; racelab explore needs an operand.
    var rest = Array(arguments.dropFirst())
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
    case .usage(let got) where got == "update":
      "update writes goldens: run swift package racelab-update (it asks for the permission)"
    case .usage(let got):
      "usage: swift package racelab check|explore [ARGUMENTS] (got "
        + (got.map { "'\($0)'" } ?? "nothing") + ")"
    case .racelabFailed(let verb, let status):
      "racelab \(verb) failed (exit status \(status))"
    }
  }
}
