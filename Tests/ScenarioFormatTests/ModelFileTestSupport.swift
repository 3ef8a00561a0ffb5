import Foundation
import ModelLanguage
import Testing
import YAML

/// `MalformedModels/*.model.yaml`: model files with one `# expect:` line per diagnostic.
let malformedModelsDirectory = scenarioTestsDirectory.appendingPathComponent("MalformedModels")

func malformedModelNames() -> [String] {
  let names = try? FileManager.default.contentsOfDirectory(atPath: malformedModelsDirectory.path)
  return (names ?? []).filter { $0.hasSuffix(".model.yaml") }.sorted()
}

/// Loads `text` as a model file.
func loadModel(_ text: String) -> Result<ModelProgram, DiagnosticList> {
  ModelFileLoader.load(Array(text.utf8))
}

/// Loads `text`, recording an issue with every diagnostic when it does not decode.
func decodeModel(
  _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> ModelProgram? {
  switch loadModel(text) {
  case .success(let program):
    return program
  case .failure(let list):
    Issue.record(
      "the model was rejected:\n\(flattenedDiagnostics(list).joined(separator: "\n"))",
      sourceLocation: sourceLocation)
    return nil
  }
}

/// The diagnostics of a model that must be rejected, flattened; an issue when it is accepted.
func modelDiagnostics(
  _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [String] {
  guard case .failure(let list) = loadModel(text) else {
    Issue.record("the model was accepted", sourceLocation: sourceLocation)
    return []
  }
  return flattenedDiagnostics(list)
}

/// A small valid model that tests extend: one process with two lanes and a few state variables.
let minimalModel = """
  kind: model
  name: mini
  processes:
    app:
      lanes: {main: serial, worker: serial}
      memory:
        count: {type: int}
        group: {type: enum, values: [wildcard, bundle], default: wildcard}
        uuid: {type: text, optional: true}

  """
