// Fuzz target: the scenario decoder, loading bytes as `racelab run` loads a file
// (`ScenarioLoader.load` against the vocabulary of every model bundled with racelab). Any bytes
// give either a scenario of a known model, or at least one diagnostic pointing into the input;
// never a crash, a hang or a sanitizer report.
import ModelContract
import ModelInterpreter
import ModelLanguage
import ModelLibrary
import ScenarioFormat
import YAML

/// Every bundled model's vocabulary under its name, as the commands load files with.
let vocabularies = BundledModel.all.map { model -> ModelVocabulary in
  guard case .success(let program) = ModelFileLoader.load(model.bytes) else {
    fatalError("the bundled model \(model.name) does not load")
  }
  var vocabulary = ModelFileDefinition(program).vocabulary
  vocabulary.name = model.name
  return vocabulary
}

/// libFuzzer's entry point: loads one input as a scenario file and checks what came out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  switch ScenarioLoader.load(bytes, models: vocabularies) {
  case .success(let scenario):
    require(
      vocabularies.contains { $0.name == scenario.model },
      "decoded a scenario of unknown model '\(scenario.model)'")
  case .failure(let list):
    requireDiagnosticsInside(list.diagnostics, bytes)
  }
  return 0
}
