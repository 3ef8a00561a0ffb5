import ModelContract
import ModelInterpreter
import ModelLanguage
import RacelabKernel
import ScenarioFormat
import Testing

/// Variants that inherit: `extends:` starts a variant from another one's code, and a variant
/// replaces operations, functions, events, periodic jobs and state defaults, each with `about:`.
/// The loader resolves every chain, so each variant of the program is complete and runs as one
/// flat program.
struct VariantInheritanceTests {
  /// A counter bumped by a poke and by a periodic ticker; each variant changes one more thing.
  static let model = """
    kind: model
    name: counter
    processes:
      app:
        lanes: {main: serial}
        memory:
          count: int
          step: {type: int, default: 1}
    functions:
      next:
        about: the count after one bump
        params: {n: int}
        returns: int
        body: "n + app.step"
    operations:
      bump:
        steps:
          - set: {app.count: "next(app.count)"}
      tick:
        steps:
          - call: bump
    events:
      poke:
        about: a poke bumps once
        params:
          times: {type: int, default: 1}
        steps:
          - repeat: times
            steps:
              - call: bump
    periodic:
      ticker: {every: 10s, do: tick}
    variants:
      triple-poke:
        extends: double-fast
        about: declared before the variant it extends
        state:
          app.step: 3
        events:
          poke:
            about: a poke bumps twice as often
            params:
              times: {type: int, default: 1}
            steps:
              - repeat: "2 * times"
                steps:
                  - call: bump
      original: {}
      double:
        about: bumps by two
        functions:
          next:
            about: two at a time
            params: {n: int}
            returns: int
            body: "n + 2 * app.step"
      double-fast:
        extends: double
        about: as double, and the ticker runs every 5s
        periodic:
          ticker: {every: 5s, about: twice as often}
      ticks-once:
        extends: double-fast
        operations:
          tick:
            about: a tick still bumps, by one however the variant counts
            on: main
            steps:
              - set: {app.count: "app.count + 1"}
        functions:
          next:
            body: "n + 100"
    summary:
      count: app.count

    """

  static func program() throws -> ModelProgram {
    try #require(decodeModel(model))
  }

  static func index<T>(_ items: [T], _ name: String, _ key: (T) -> String) -> Int {
    items.firstIndex { key($0) == name } ?? -1
  }

  /// The summary's `count` after a poke at 1s and the ticker's runs until 20s.
  static func count(_ variant: String, state: NamedValues = NamedValues()) throws -> Value? {
    let definition = ModelFileDefinition(try program())
    var setup = ModelSetup(
      variant: variant, sections: [ModelFileDefinition.stateSection: state],
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
    setup.stopTime = VirtualTime(nanoseconds: 20_000_000_000)
    let poke = ScriptedEvent(name: "poke", fields: NamedValues())
    let result = definition.simulate(
      setup: setup, profile: .swift,
      timeline: [ScriptedHappening(poke, .at(VirtualTime(nanoseconds: 1_000_000_000)))],
      strategy: DefaultStrategy()
    ).result
    return result.summary.first { $0.name == "count" }?.value
  }

  @Test("each variant holds its own replacements and those of every variant it extends")
  func chainsAreResolvedAtLoad() throws {
    let program = try Self.program()
    let variants = Dictionary(uniqueKeysWithValues: program.variants.map { ($0.name, $0) })
    let next = Self.index(program.functions, "next", \.name)
    let tick = Self.index(program.operations, "tick", \.name)
    let poke = Self.index(program.events, "poke", \.name)
    let step = Self.index(program.state, "app.step", \.name)
    #expect(
      program.variants.map(\.name) == [
        "triple-poke", "original", "double", "double-fast", "ticks-once",
      ])
    #expect(variants["original"] == VariantDecl(name: "original", help: "", bodies: [:]))
    let double = try #require(variants["double"])
    #expect(double.functions.keys.sorted() == [next])
    #expect(double.periodic.isEmpty)
    let fast = try #require(variants["double-fast"])
    #expect(fast.functions == double.functions)
    #expect(fast.periodic[0]?.every == 5_000_000_000)
    #expect(fast.periodic[0]?.operation == tick)
    let triple = try #require(variants["triple-poke"])
    #expect(triple.functions == double.functions)
    #expect(triple.periodic == fast.periodic)
    #expect(triple.handlers.keys.sorted() == [poke])
    #expect(triple.initial == [step: .int(3)])
    #expect(triple.help == "declared before the variant it extends")
    // Its own replacement wins over the inherited one.
    let once = try #require(variants["ticks-once"])
    #expect(once.functions[next] != double.functions[next])
    #expect(once.bodies.keys.sorted() == [tick])
    #expect(once.periodic == fast.periodic)
  }

  @Test("the program a variant runs has its replacements in place, and the rest as written")
  func resolvedProgramIsFlat() throws {
    let program = try Self.program()
    let triple = program.resolved(variant: "triple-poke")
    #expect(triple.periodic[0].every == 5_000_000_000)
    #expect(triple.state[1].initial == .int(3))
    #expect(triple.functions[0].body != program.functions[0].body)
    #expect(triple.events[0].action != program.events[0].action)
    #expect(triple.operations == program.operations)
    #expect(triple.events[0].parameters == program.events[0].parameters)
    #expect(program.resolved(variant: "original") == program)
    #expect(program.resolved(variant: "no-such-variant") == program)
    #expect(program.everyVariant.count == program.variants.count + 1)
  }

  @Test(
    "runs follow the chain: function, period, handler and state default",
    arguments: [
      ("original", 3),  // ticks at 10s and 20s, one poke, by 1
      ("double", 6),  // the same three bumps, by 2
      ("double-fast", 10),  // ticks at 5, 10, 15 and 20s: five bumps by 2
      ("triple-poke", 36),  // four ticks and two pokes, by 2 × 3
      ("ticks-once", 104),  // four ticks by 1, one poke by 100
    ])
  func runsFollowTheChain(_ variant: String, _ count: Int) throws {
    #expect(try Self.count(variant) == .int(Int64(count)))
  }

  @Test("a scenario's state still wins over a variant's default")
  func scenarioStateWinsOverVariantDefault() throws {
    #expect(
      try Self.count("triple-poke", state: NamedValues(["app.step": .int(1)])) == .int(12))
  }

  @Test(
    "a variant's state default is the variant's starting point, not a scenario's setting; what state: names is shown"
  )
  func variantDefaultIsNoInitialFact() throws {
    let definition = ModelFileDefinition(try Self.program())
    let setup = { (variant: String, step: Int64?) in
      ModelSetup(
        variant: variant,
        sections: [
          ModelFileDefinition.stateSection: NamedValues(
            step.map { ["app.step": .int($0)] } ?? [:])
        ],
        wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
    }
    #expect(definition.initialFacts(setup("triple-poke", nil)) == [])
    #expect(definition.initialFacts(setup("triple-poke", 3)) == ["app.step 3"])
    #expect(definition.initialFacts(setup("double", 3)) == ["app.step 3"])
    #expect(definition.initialFacts(setup("triple-poke", 1)) == ["app.step 1"])
  }

  @Test("every variant shares the model's vocabulary")
  func vocabularyIsTheModels() throws {
    let program = try Self.program()
    let vocabulary = ModelFileDefinition(program).vocabulary
    #expect(vocabulary.variants.map(\.name).first == "triple-poke")
    #expect(vocabulary.events.first?.help == "a poke bumps once")
  }

  @Test("a variant that has a crash point counts for the whole model")
  func analysesSeeInheritedCode() throws {
    let written = try Self.program()
    let crashing = try #require(
      decodeModel(
        Self.model.replacingOccurrences(
          of: "          - repeat: \"2 * times\"",
          with: "          - may-crash: mid-poke\n          - repeat: \"2 * times\"")))
    #expect(crashing != written)
    let faults = ModelFileDefinition(crashing).vocabulary.sections.first { $0.name == "faults" }
    #expect(faults?.keys.map(\.name).contains("crash-at") == true)
  }

  @Test("a cycle closed by inherited code is refused in the variant that inherits it, only")
  func inheritedRecursion() {
    let model =
      minimalModel + """
        operations:
          ping:
            steps:
              - return
          pong:
            steps:
              - return
        variants:
          original: {}
          ping-calls:
            operations:
              ping:
                steps:
                  - call: pong
          pong-calls:
            operations:
              pong:
                steps:
                  - call: ping

        """
    #expect(decodeModel(model) != nil)
    let chained = model.replacingOccurrences(
      of: "  pong-calls:\n", with: "  pong-calls:\n    extends: ping-calls\n")
    #expect(
      modelDiagnostics(chained) == [
        "29:19 operations call each other in a cycle (in variant 'pong-calls'): ping → pong → "
          + "ping; recursion is not allowed"
      ])
  }

  @Test("a chain of extends may be long, and a cycle anywhere in it is reported once")
  func longChains() {
    let names = (0..<40).map { "v\($0)" }
    var text = minimalModel + "variants:\n  original: {}\n"
    for (index, name) in names.enumerated() {
      text += "  \(name):\n    extends: \(index == 0 ? "original" : names[index - 1])\n"
    }
    let program = decodeModel(text)
    #expect(program?.variants.count == 41)
    let looped = text.replacingOccurrences(of: "extends: original", with: "extends: v39")
    let diagnostics = modelDiagnostics(looped)
    #expect(diagnostics.count == 1)
    #expect(
      diagnostics.first?.hasPrefix("13:14 variants extend each other in a cycle: v0 → v39 → v38")
        == true)
  }
}
