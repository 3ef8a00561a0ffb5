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

  /// The decoded scenario at `path` with `variant` and `runtime` overriding the file's, and the
  /// file's bytes; `nil` after printing why not.
  static func load(_ path: String, variant: String?, runtime: String?, console: Console) -> (
    scenario: Scenario, bytes: [UInt8]
  )? {
    guard let loaded = loadWithBytes(path, console: console) else { return nil }
    var scenario = loaded.scenario
    guard
      applyOverrides(
        to: &scenario, variant: variant, runtime: runtime, path: path, console: console)
    else { return nil }
    return (scenario, loaded.bytes)
  }

  /// Loads each file with the overrides and hands it to `body`; a file that does not load
  /// counts as bad input. Returns the worst status.
  static func each(
    _ paths: [String], variant: String?, runtime: String?, console: Console,
    _ body: (_ path: String, _ scenario: Scenario, _ bytes: [UInt8]) -> ExitStatus
  ) -> ExitStatus {
    var status = ExitStatus.success
    for path in paths {
      if let (scenario, bytes) = load(path, variant: variant, runtime: runtime, console: console) {
        status = max(status, body(path, scenario, bytes))
      } else {
        status = max(status, .badInput)
      }
    }
    return status
  }

  /// Applies `--variant` and `--runtime`; `false` after printing why they do not fit.
  private static func applyOverrides(
    to scenario: inout Scenario, variant: String?, runtime: String?, path: String,
    console: Console
  ) -> Bool {
    if let runtime {
      guard let profile = RuntimeProfile.all.first(where: { $0.name == runtime }) else {
        let names = RuntimeProfile.all.map(\.name)
        console.writeError(
          "racelab: error: unknown runtime '\(runtime)' (\(names.joined(separator: ", ")))"
            + suggestion(runtime, names) + "\n")
        return false
      }
      scenario.runtime = profile
    }
    if let variant {
      let known =
        ModelCatalog.definition(named: scenario.model)?.vocabulary.variants.map(\.name) ?? []
      guard known.contains(variant) else {
        console.writeError(
          "racelab: error: \(path): model '\(scenario.model)' has no variant '\(variant)' "
            + "(\(known.joined(separator: ", ")))" + suggestion(variant, known) + "\n")
        return false
      }
      scenario.setup.variant = variant
    }
    return true
  }

  private static func suggestion(_ word: String, _ known: [String]) -> String {
    NearestWord.suggestion(for: word, among: known).map { "; did you mean '\($0)'?" } ?? ""
  }
}
