// Fuzz target: the model-file loader and interpreter. Any bytes give either a checked model,
// whose vocabulary builds and whose default run of every event ends (the interpreter stops a
// run that would not), or at least one diagnostic pointing into the input; never a crash, a
// hang or a sanitizer report.
import ModelContract
import ModelInterpreter
import ModelLanguage
import RacelabKernel
import YAML

/// libFuzzer's entry point: loads one input as a model file, then runs what it declares.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModelFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  switch ModelFileLoader.load(bytes) {
  case .success(let program):
    // A small budget: a model that loops stops in milliseconds, well inside libFuzzer's
    // timeout even under the sanitizers, and still runs every real model to its end.
    let definition = ModelFileDefinition(
      program, runLimits: RunLimits(steps: 200_000, tasks: 1_000, tableRows: 1_000))
    let vocabulary = definition.vocabulary
    require(!vocabulary.variants.isEmpty, "a checked model has no variant")
    let setup = ModelSetup(
      variant: vocabulary.variants[0].name, sections: [:],
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
    let timeline = vocabulary.events.enumerated().map { index, event in
      var fields = NamedValues()
      for parameter in event.parameters { fields[parameter.name] = parameter.defaultValue }
      return ScriptedHappening(
        ScriptedEvent(name: event.name, fields: fields),
        .at(VirtualTime(nanoseconds: Int64(index) * 1_000_000)))
    }
    // Events whose required fields have no default are left out.
    let runnable = timeline.filter { happening in
      let event = vocabulary.events.first { $0.name == happening.event.name }
      return event?.parameters.allSatisfy { !$0.isRequired } ?? false
    }
    let result = definition.simulate(
      setup: setup, profile: .swift, timeline: runnable, strategy: DefaultStrategy(),
      tracing: false
    ).result
    let declared = Set(vocabulary.invariants.map(\.name))
    require(
      result.violations.allSatisfy(declared.contains),
      "a run broke an undeclared invariant: \(result.violations)")
  case .failure(let list):
    requireDiagnosticsInside(list.diagnostics, bytes)
  }
  return 0
}
