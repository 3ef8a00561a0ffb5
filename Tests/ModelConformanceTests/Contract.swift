import ModelContract
import RacelabKernel
import TestSizes

@testable import ModelInterpreter

/// The conformance suite's view of a definition: setups, sample values, timelines and runs,
/// written once over any model.
enum Contract {
  /// The setup a file with only `model:` (and perhaps `variant:`) gives; with `fillDefaults`
  /// off, the sections are left empty, as the model must then assume the same defaults.
  static func setup(
    _ definition: some ModelDefinition, variant: String? = nil, fillDefaults: Bool = true
  ) -> ModelSetup {
    let vocabulary = definition.vocabulary
    var sections: [String: NamedValues] = [:]
    if fillDefaults {
      for section in vocabulary.sections {
        var values = NamedValues()
        for key in section.keys { values[key.name] = key.defaultValue }
        sections[section.name] = values
      }
    }
    var setup = ModelSetup(
      variant: variant ?? vocabulary.variants.first?.name ?? "", sections: sections,
      wallClock: WallClock(
        startNanosecondsSinceEpoch: 1_767_225_600_000_000_000, utcOffsetSeconds: 0))
    // A model whose runs never end by themselves (periodic jobs) stops after three days, as a
    // scenario's `until:` would stop it; otherwise each run would go on to the step budget.
    if vocabulary.neverEnds != nil {
      setup.stopTime = VirtualTime(nanoseconds: 3 * 86_400 * 1_000_000_000)
    }
    return setup
  }

  /// A value of `kind` other than the obvious zero, so a model that ignores it is seen.
  static func sample(_ kind: ValueKind) -> Value {
    switch kind {
    case .duration, .durationOrNone, .signedDuration: .duration(250_000_000)
    case .integer(let range): .int(range.contains(1) ? 1 : range.lowerBound)
    case .boolean: .bool(true)
    case .text, .textOrNone: .text("sample")
    case .date, .dateOrNever: .day(20_500)
    case .word(let words), .wordOrNone(let words): .text(words.last ?? "")
    case .list(let element): .list([sample(element), sample(element)])
    }
  }

  /// The event with every field given: its default, or a sample where it has none.
  static func sample(_ event: EventSpec) -> ScriptedEvent {
    var fields = NamedValues()
    for parameter in event.parameters {
      fields[parameter.name] = parameter.defaultValue ?? sample(parameter.kind)
    }
    return ScriptedEvent(name: event.name, fields: fields)
  }

  /// Timelines that reach every event: none; each once, one per second; all at one instant;
  /// all in reverse order, close together.
  static func timelines(_ definition: some ModelDefinition) -> [[ScriptedHappening]] {
    let events = definition.vocabulary.events.map(sample)
    let spaced = events.enumerated().map { index, event in
      ScriptedHappening(event, .at(VirtualTime(nanoseconds: Int64(index) * 1_000_000_000)))
    }
    let together = events.map { ScriptedHappening($0, .at(VirtualTime(nanoseconds: 1_000_000))) }
    let reversed = events.reversed().enumerated().map { index, event in
      ScriptedHappening(event, .at(VirtualTime(nanoseconds: Int64(index) * 50_000_000)))
    }
    return [[], spaced, together, reversed]
  }

  /// The default run of `timeline`.
  static func run(
    _ definition: some ModelDefinition, setup: ModelSetup? = nil,
    timeline: [ScriptedHappening]
  ) -> SimulationResult {
    definition.simulate(
      setup: setup ?? self.setup(definition), profile: .swift, timeline: timeline,
      strategy: DefaultStrategy()
    ).result
  }

  /// Every invariant broken anywhere in `timeline`'s space (at most 500 schedules per subtree
  /// at the thorough size, 25 at the standard size).
  static func explore(
    _ definition: some ModelDefinition, variant: String, timeline: [ScriptedHappening]
  ) -> Set<String> {
    let explorer = Explorer(
      definition, setup: setup(definition, variant: variant), profile: .swift,
      timeline: timeline)
    var broken = Set<String>()
    for prefix in explorer.subtrees() {
      let tally = explorer.exploreSubtree(
        prefix: prefix, pruning: true, budget: TestSize.count(standard: 25, thorough: 500),
        onSchedule: { _ in true })
      broken.formUnion(tally.violations.map(\.name))
    }
    return broken
  }

  /// The lanes of the model `setup` builds.
  static func laneNames(of definition: some ModelDefinition, _ setup: ModelSetup) -> [String] {
    definition.makeModel(setup).laneNames
  }

  /// Whether two setups build equal models, which also run alike: the same trace, summary and
  /// broken invariants on every timeline of ``timelines(_:)``. (A state compares its values,
  /// not its code, so a difference in code shows only in a run.)
  static func modelsAgree(
    _ definition: some ModelDefinition, _ first: ModelSetup, _ second: ModelSetup
  ) -> Bool {
    definition.makeModel(first) == definition.makeModel(second)
      && runsAgree(definition, first, second)
  }

  /// Whether `first` makes the model run other task code than `second`: for a model file, its
  /// compiled bodies (a state leaves its code out of the comparison); for another model,
  /// whatever its state or its runs show.
  static func codeDiffers(
    _ definition: some ModelDefinition, _ first: ModelSetup, _ second: ModelSetup
  ) -> Bool {
    if let one = definition.makeModel(first) as? InterpretedModel,
      let other = definition.makeModel(second) as? InterpretedModel
    {
      return one.code.bodies != other.code.bodies
    }
    return !modelsAgree(definition, first, second)
  }

  /// Whether two setups run alike on every timeline of ``timelines(_:)``.
  static func runsAgree(
    _ definition: some ModelDefinition, _ first: ModelSetup, _ second: ModelSetup
  ) -> Bool {
    timelines(definition).allSatisfy { timeline in
      let one = run(definition, setup: first, timeline: timeline)
      let other = run(definition, setup: second, timeline: timeline)
      return one.trace == other.trace && one.summary == other.summary
        && one.violations == other.violations
    }
  }

  /// The trace label of `event`.
  static func label(of event: ScriptedEvent, _ definition: some ModelDefinition) -> String {
    let setup = setup(definition)
    return definition.makeModel(setup).label(of: definition.makeEvent(event, setup: setup))
  }
}
