import Foundation
import RacelabKernel
import ReviewPromptModel
import ScenarioFormat
import Testing

/// The folder of this test target's sources.
let scenarioTestsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// The repository's `scenarios/` folder.
let repositoryScenariosDirectory = scenarioTestsDirectory.deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("scenarios")

/// The vocabularies every scenario is decoded against in these tests.
let scenarioModels = [ReviewPromptDefinition.vocabulary]

/// Loads `text` as a scenario file.
func loadScenario(_ text: String) -> Result<Scenario, DiagnosticList> {
  ScenarioLoader.load(Array(text.utf8), models: scenarioModels)
}

/// Loads `text`, recording an issue with every diagnostic when it does not decode.
func decodeScenario(
  _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Scenario? {
  switch loadScenario(text) {
  case .success(let scenario):
    return scenario
  case .failure(let list):
    let lines = list.diagnostics.map { $0.formatted(path: "scenario") }
    Issue.record(
      "the scenario was rejected:\n\(lines.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
    return nil
  }
}

/// Every diagnostic of a failed load, flattened to `LINE:COLUMN message` lines with notes as
/// `LINE:COLUMN note: message`, in report order.
func flattenedDiagnostics(_ list: DiagnosticList) -> [String] {
  list.diagnostics.flatMap { error in
    ["\(error.location.line):\(error.location.column) \(error.message)"]
      + error.notes.map { "\($0.location.line):\($0.location.column) note: \($0.message)" }
  }
}

/// Paths, relative to `directory`, of every `.yaml` file below it, sorted.
func yamlFiles(under directory: URL) -> [String] {
  guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
  var paths: [String] = []
  while let relative = enumerator.nextObject() as? String {
    if relative.hasSuffix(".yaml") { paths.append(relative) }
  }
  return paths.sorted()
}

/// One second in nanoseconds.
let nanosecondsPerSecond: Int64 = 1_000_000_000
