import Foundation
import ModelTestSupport
import RacelabKernel
import ReviewPromptModel
import ScenarioFormat
import Testing
import YAML

/// The folder of this test target's sources.
let scenarioTestsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

/// The repository's `scenarios/` folder.
let repositoryScenariosDirectory = scenarioTestsDirectory.deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("scenarios")

/// The vocabularies every scenario is decoded against in these tests: the review-prompt model's
/// and the test-only turnstile's, so nothing in the scenario layer can assume the first.
let scenarioModels = [ReviewPromptDefinition().vocabulary, TurnstileDefinition().vocabulary]

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

/// Paths, relative to `directory`, of every scenario file (`.yaml`, not `.model.yaml`) below
/// it, sorted.
func yamlFiles(under directory: URL) -> [String] {
  files(under: directory) { $0.hasSuffix(".yaml") && !$0.hasSuffix(".model.yaml") }
}

/// Paths, relative to `directory`, of every model file (`.model.yaml`) below it, sorted.
func modelFiles(under directory: URL) -> [String] {
  files(under: directory) { $0.hasSuffix(".model.yaml") }
}

private func files(under directory: URL, where include: (String) -> Bool) -> [String] {
  guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
  var paths: [String] = []
  while let relative = enumerator.nextObject() as? String {
    if include(relative) { paths.append(relative) }
  }
  return paths.sorted()
}

/// One second in nanoseconds.
let nanosecondsPerSecond: Int64 = 1_000_000_000
