import Commands
import Foundation
import ModelContract
import ModelInterpreter
import ModelLanguage
import ModelTestSupport
import RacelabKernel
import ReviewPromptModel
import ScenarioFormat
import Testing

/// Every model the build knows — a model file under `scenarios/` or bundled with racelab, and
/// the Swift models the tests run: the review-prompt oracle and the turnstile — keep the promises the scenario layer, the renderers and `explore` rely
/// on. A model file is loaded afresh by each test that uses it: nothing keeps its checked
/// program for the life of the process, so LeakSanitizer sees it freed rather than reporting
/// what a global holds through pointers it cannot follow.
let knownModels: [KnownModel] =
  ([ReviewPromptDefinition(), TurnstileDefinition()] as [any ModelDefinition]).map { definition in
    KnownModel(name: definition.vocabulary.name) { definition }
  } + repositoryModelFiles()

/// Every `*.model.yaml` under the repository's `scenarios/` and the model library's folder,
/// each loaded and checked when a test asks for it.
func repositoryModelFiles() -> [KnownModel] {
  let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  return ["scenarios", "Sources/ModelLibrary/models"].flatMap {
    modelFiles(under: repository.appendingPathComponent($0))
  }
}

/// Every `*.model.yaml` under `root`, by path.
func modelFiles(under root: URL) -> [KnownModel] {
  let paths = (FileManager.default.subpaths(atPath: root.path) ?? [])
    .filter { $0.hasSuffix(ScenarioLoader.modelFileSuffix) }.sorted()
  return paths.map { relative in
    let path = root.appendingPathComponent(relative).path
    let name = String(relative.split(separator: "/").last ?? "")
      .replacingOccurrences(of: ScenarioLoader.modelFileSuffix, with: "")
    return KnownModel(name: name) {
      let bytes = FileManager.default.contents(atPath: path)
      guard let bytes, case .success(let program) = ModelFileLoader.load([UInt8](bytes)) else {
        Issue.record("\(relative) does not load")
        return TurnstileDefinition()
      }
      return ModelFileDefinition(program)
    }
  }
}

/// One model, named for the test report; its definition is made when a test reads it.
struct KnownModel: CustomTestStringConvertible, Sendable {
  let name: String
  let load: @Sendable () -> any ModelDefinition
  var definition: any ModelDefinition { load() }
  var testDescription: String { name }
}

@Suite("Model conformance: every model keeps the contract")
struct ModelConformanceTests {
  static let models = knownModels

  @Test("the build knows a model file")
  func modelFilesAreIncluded() {
    #expect(Self.models.contains { $0.name == "device-identity" })
  }

  @Test("the model's lanes are the lanes its runs use", arguments: models)
  func lanesAgree(model: KnownModel) {
    Self.lanesAgree(model.definition)
  }

  static func lanesAgree(_ definition: some ModelDefinition) {
    #expect(definition.laneNames == Contract.laneNames(of: definition, Contract.setup(definition)))
    #expect(!definition.laneNames.isEmpty)
  }

  @Test("leaving a section out means its declared defaults", arguments: models)
  func defaultsAgree(model: KnownModel) {
    Self.defaultsAgree(model.definition)
  }

  static func defaultsAgree(_ definition: some ModelDefinition) {
    for variant in definition.vocabulary.variants.map(\.name) {
      #expect(
        Contract.modelsAgree(
          definition, Contract.setup(definition, variant: variant),
          Contract.setup(definition, variant: variant, fillDefaults: false)),
        "variant \(variant)")
    }
  }

  @Test("every declared event builds, runs and has a label", arguments: models)
  func everyEventRuns(model: KnownModel) {
    Self.everyEventRuns(model.definition)
  }

  static func everyEventRuns(_ definition: some ModelDefinition) {
    for event in definition.vocabulary.events {
      let happening = ScriptedHappening(Contract.sample(event), .at(.zero))
      let result = Contract.run(definition, timeline: [happening])
      #expect(result.endTime >= .zero, "event \(event.name)")
      #expect(!Contract.label(of: Contract.sample(event), definition).isEmpty)
    }
  }

  @Test(
    "the summary holds every declared field, of its declared kind, in order", arguments: models)
  func summaryFieldsExist(model: KnownModel) {
    Self.summaryFieldsExist(model.definition)
  }

  static func summaryFieldsExist(_ definition: some ModelDefinition) {
    for timeline in Contract.timelines(definition) {
      let summary = Contract.run(definition, timeline: timeline).summary
      let declared = definition.vocabulary.summaryFields
      let reported = summary.filter { field in declared.contains { $0.field == field.name } }
      #expect(reported.map(\.name) == declared.map(\.field))
      for field in declared {
        let value = summary.first { $0.name == field.field }?.value
        #expect(value?.fits(field.kind) == true, "\(field.key) = \(String(describing: value))")
      }
    }
  }

  @Test("every invariant a run reports is declared", arguments: models)
  func reportedInvariantsAreDeclared(model: KnownModel) {
    Self.reportedInvariantsAreDeclared(model.definition)
  }

  static func reportedInvariantsAreDeclared(_ definition: some ModelDefinition) {
    let declared = Set(definition.vocabulary.invariants.map(\.name))
    for variant in definition.vocabulary.variants.map(\.name) {
      for timeline in Contract.timelines(definition) {
        let broken = Contract.explore(definition, variant: variant, timeline: timeline)
        #expect(broken.isSubset(of: declared), "variant \(variant): \(broken.sorted())")
      }
    }
  }

  @Test("the same run gives the same trace and summary", arguments: models)
  func runsAreDeterministic(model: KnownModel) {
    Self.runsAreDeterministic(model.definition)
  }

  static func runsAreDeterministic(_ definition: some ModelDefinition) {
    for timeline in Contract.timelines(definition) {
      let first = Contract.run(definition, timeline: timeline)
      let second = Contract.run(definition, timeline: timeline)
      #expect(first.trace == second.trace)
      #expect(first.summary == second.summary)
      #expect(first.violations == second.violations)
    }
  }

  @Test("every task body a file may replace can be replaced", arguments: models)
  func everyProgramIsReplaceable(model: KnownModel) {
    Self.everyProgramIsReplaceable(model.definition)
  }

  static func everyProgramIsReplaceable(_ definition: some ModelDefinition) {
    let calls = definition.vocabulary.operations.map { TaskStep<String>.call($0) }
    for program in definition.vocabulary.programs {
      var setup = Contract.setup(definition)
      setup.taskBodies = [program.name: [.yield] + calls]
      #expect(
        Contract.codeDiffers(definition, setup, Contract.setup(definition)),
        "replacing \(program.name) changes nothing")
      for timeline in Contract.timelines(definition) {
        _ = Contract.run(definition, setup: setup, timeline: timeline)
      }
    }
  }

  @Test("every table evaluates a row and reports the row's own answer", arguments: models)
  func tablesEvaluate(model: KnownModel) {
    Self.tablesEvaluate(model.definition)
  }

  static func tablesEvaluate(_ definition: some ModelDefinition) {
    for table in definition.vocabulary.tables {
      var row = NamedValues()
      for column in table.columns { row[column.name] = Contract.sample(column.kind) }
      let answer = Contract.sample(table.answer.kind)
      row[table.answer.name] = answer
      let result = definition.evaluate(
        table: table.name, row: row, setup: Contract.setup(definition))
      #expect(result.expected == answer)
      #expect(result.actual.fits(table.answer.kind))
      #expect(!result.decidedBy.isEmpty)
    }
  }

  @Test("every declared default fits its own kind", arguments: models)
  func defaultsFitTheirKinds(model: KnownModel) {
    Self.defaultsFitTheirKinds(model.definition)
  }

  static func defaultsFitTheirKinds(_ definition: some ModelDefinition) {
    let vocabulary = definition.vocabulary
    let parameters =
      vocabulary.sections.flatMap(\.keys) + vocabulary.events.flatMap(\.parameters)
      + vocabulary.tables.flatMap { $0.columns + [$0.answer] }
    for parameter in parameters {
      if let value = parameter.defaultValue {
        #expect(value.fits(parameter.kind), "\(parameter.name) = \(value)")
      }
    }
  }

  @Test("names are unique within each part of the vocabulary", arguments: models)
  func namesAreUnique(model: KnownModel) {
    Self.namesAreUnique(model.definition)
  }

  static func namesAreUnique(_ definition: some ModelDefinition) {
    let vocabulary = definition.vocabulary
    let groups: [(String, [String])] = [
      ("events", vocabulary.events.map(\.name)), ("sections", vocabulary.sections.map(\.name)),
      ("operations", vocabulary.operations), ("programs", vocabulary.programs.map(\.name)),
      ("variants", vocabulary.variants.map(\.name)),
      ("invariants", vocabulary.invariants.map(\.name)),
      ("summary keys", vocabulary.summaryFields.map(\.key) + ["violations"]),
      ("summary fields", vocabulary.summaryFields.map(\.field)),
      ("tables", vocabulary.tables.map(\.name)),
    ]
    for (part, names) in groups {
      #expect(Set(names).count == names.count, "\(part): \(names)")
    }
    #expect(!vocabulary.variants.isEmpty)
  }
}
