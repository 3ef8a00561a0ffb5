import ModelContract
import ReviewPromptModel
import ScenarioFormat
import TestSizes
import Testing

@testable import Commands
@testable import RacelabKernel

/// The partial-order reduction trusts a prediction: at a same-instant point, the state an
/// alternative that only adds a job leads to is computed without applying it
/// (``SameInstantAlternatives``). Here every prediction a run makes is held against the state
/// the run then reaches at its next choice point, over seeded random runs of the repository's
/// model-file and scale scenarios and of generated review-prompt scenarios.
@Suite struct SameInstantPredictionTests {
  /// Takes seeded random choices; after a same-instant point whose chosen alternative's next
  /// state was predicted, compares the prediction with the state at the next point.
  struct PredictionChecking: SchedulingStrategy {
    var random: SplitMix64
    var predicted: StateAtChoice?
    var checked = 0
    var wrong = 0

    var observesState: Bool { true }

    mutating func choose(_ point: ChoicePoint, state: ObservedState?) -> Int {
      verify(point, state)
      return Int(random.next() % UInt64(point.alternativeCount))
    }

    mutating func choose(
      _ point: ChoicePoint, state: ObservedState, alternatives: SameInstantAlternatives
    ) -> Int {
      verify(point, state)
      let choice = Int(random.next() % UInt64(point.alternativeCount))
      predicted = alternatives.successor(choice)
      return choice
    }

    private mutating func verify(_ point: ChoicePoint, _ state: ObservedState?) {
      guard let expected = predicted else { return }
      predicted = nil
      checked += 1
      if state.map({ StateAtChoice(point: point, state: $0) }) != expected { wrong += 1 }
    }
  }

  /// Checked and wrong predictions over `runs` seeded runs of one scenario.
  static func check(
    _ definition: some ModelDefinition, _ scenario: Scenario, timeline: [ScriptedHappening],
    runs: Int
  ) -> (checked: Int, wrong: Int) {
    let start = ScenarioStart(definition, setup: scenario.setup, timeline: timeline)
    var total = (checked: 0, wrong: 0)
    for seed in 0..<UInt64(runs) {
      let strategy = PredictionChecking(random: SplitMix64(seed: seed &* 0x9E37_79B9))
      let (_, after) = start.simulate(
        profile: scenario.runtime, strategy: strategy, tracing: false)
      total.checked += after.checked
      total.wrong += after.wrong
    }
    return total
  }

  @Test func everyPredictionOfTheRepositoryScenariosHolds() throws {
    let silent = Console(write: { _ in }, writeError: { _ in }, colour: false)
    var total = (checked: 0, wrong: 0)
    var wrongFiles: [String] = []
    for path in PartialOrderReductionTests.files {
      let file = try #require(ScenarioFiles.load(path, overrides: Overrides(), console: silent))
      guard case .timeline(let timeline) = file.scenario.content else { continue }
      let found = Self.check(
        file.definition, file.scenario, timeline: timeline,
        runs: TestSize.count(standard: 20, thorough: 200))
      total.checked += found.checked
      total.wrong += found.wrong
      if found.wrong > 0 { wrongFiles.append(path) }
    }
    #expect(total.wrong == 0, "wrong predictions in \(wrongFiles)")
    // The bursts of the scale family make most of them (about 300 at the standard size).
    #expect(total.checked >= 200, "only \(total.checked) predictions")
  }

  @Test func everyPredictionOfGeneratedScenariosHolds() throws {
    var generator = ScenarioGenerator(seed: 0x5EED_0F_9E)
    var total = (checked: 0, wrong: 0)
    for index in 0..<TestSize.count(standard: 200, thorough: 2_000) {
      let loaded = try LoadedScenario(generator.scenario(index))
      let found = Self.check(
        ReviewPromptDefinition(), loaded.scenario, timeline: loaded.timeline, runs: 8)
      total.checked += found.checked
      total.wrong += found.wrong
    }
    #expect(total.wrong == 0)
    #expect(total.checked >= 50, "only \(total.checked) predictions")
  }
}
