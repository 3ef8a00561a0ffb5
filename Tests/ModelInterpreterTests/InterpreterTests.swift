import ModelContract
import ModelInterpreter
import ModelLanguage
import RacelabKernel
import Testing

/// The interpreter runs a model file's program on the kernel: hops between lanes, a
/// concurrent pool, records, invariants, variants, relaunches, and `explore` over all of it.
@Suite("Model-file interpreter")
struct InterpreterTests {
  static let definition = ModelFileDefinition(DeviceIdentityProgram.program)

  static func setup(_ variant: String, state: NamedValues = NamedValues()) -> ModelSetup {
    ModelSetup(
      variant: variant, sections: [ModelFileDefinition.stateSection: state],
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
  }

  static let launch = [
    ScriptedHappening(ScriptedEvent(name: "launch", fields: NamedValues()), .at(.zero))
  ]

  static func run(_ variant: String, state: NamedValues = NamedValues()) -> SimulationResult {
    definition.simulate(
      setup: setup(variant, state: state), profile: .swift, timeline: launch,
      strategy: DefaultStrategy()
    ).result
  }

  static func value(_ result: SimulationResult, _ field: String) -> Value? {
    result.summary.first { $0.name == field }?.value
  }

  @Test("two loads that both read before either saves issue two UUIDs")
  func twoLoadsRace() {
    let result = Self.run("original")
    #expect(Self.value(result, "issued") == .int(2))
    #expect(result.violations == ["one-uuid"])
    let kinds = result.trace.map(\.kind)
    #expect(kinds.contains { if case .hopped = $0 { true } else { false } })
  }

  @Test("one load issues one UUID and keeps it")
  func oneLoad() {
    let result = Self.run("migrated")
    #expect(Self.value(result, "issued") == .int(1))
    #expect(Self.value(result, "uuid") == .text("uuid-1"))
    #expect(result.violations.isEmpty)
  }

  @Test("a UUID already in the keychain is read, not issued")
  func existingUUID() {
    let result = Self.run(
      "original", state: NamedValues(["app.keychain.wildcard-uuid": .text("saved")]))
    #expect(Self.value(result, "issued") == .int(0))
    #expect(Self.value(result, "uuid") == .text("saved"))
  }

  static func explore(_ variant: String) -> (outcomes: Set<String>, broken: Set<String>) {
    let explorer = Explorer(
      definition, setup: setup(variant), profile: .swift, timeline: launch)
    var outcomes = Set<String>()
    var broken = Set<String>()
    for prefix in explorer.subtrees() {
      let tally = explorer.exploreSubtree(prefix: prefix, pruning: true, budget: 100_000)
      #expect(tally.complete)
      for outcome in tally.outcomes {
        outcomes.insert(
          outcome.summary.map { "\($0.name)=\($0.value.written())" }.joined(
            separator: " "))
      }
      broken.formUnion(tally.violations.map(\.name))
    }
    return (outcomes, broken)
  }

  @Test("explore finds the schedule where one load saves before the other reads")
  func exploreOriginal() {
    let (outcomes, broken) = Self.explore("original")
    #expect(outcomes.contains("issued=2 uuid=uuid-2"))
    #expect(outcomes.contains("issued=1 uuid=uuid-1"))
    #expect(broken == ["one-uuid"])
  }

  @Test("explore proves the migrated variant issues one UUID in every order")
  func exploreMigrated() {
    let (outcomes, broken) = Self.explore("migrated")
    #expect(outcomes == ["issued=1 uuid=uuid-1"])
    #expect(broken.isEmpty)
  }

  @Test("the same run gives the same trace")
  func deterministic() {
    #expect(Self.run("original").trace == Self.run("original").trace)
  }

  @Test("the vocabulary lists events, variants (default first), invariants and summary")
  func vocabulary() {
    let vocabulary = Self.definition.vocabulary
    #expect(vocabulary.events.map(\.name) == ["launch", "relaunch"])
    #expect(vocabulary.variants.map(\.name) == ["original", "migrated"])
    #expect(vocabulary.invariants.map(\.name) == ["one-uuid", "run-time-error"])
    #expect(vocabulary.summaryFields.map(\.key) == ["issued", "uuid"])
    #expect(
      vocabulary.sections.first?.keys.map(\.name) == [
        "app.keychain.group", "app.keychain.wildcard-uuid", "app.keychain.bundle-uuid", "app.uuid",
      ])
  }
}
