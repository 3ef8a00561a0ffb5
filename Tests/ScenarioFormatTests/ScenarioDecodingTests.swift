import Foundation
import ModelContract
import ModelInterpreter
import ModelLanguage
import RacelabKernel
import ScenarioFormat
import Testing

/// The timeline of a decoded scenario, or an issue when it has none.
func timeline(
  of scenario: Scenario, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [ScriptedHappening] {
  guard case .timeline(let happenings) = scenario.content else {
    Issue.record("not a timeline scenario", sourceLocation: sourceLocation)
    return []
  }
  return happenings
}

/// Spec-conforming files decode to the values the spec gives them.
struct ScenarioDecodingTests {
  @Test func repositoryHasScenarios() {
    #expect(yamlFiles(under: repositoryScenariosDirectory).count >= 25)
  }

  @Test(arguments: yamlFiles(under: repositoryScenariosDirectory))
  func everyRepositoryScenarioDecodes(_ relative: String) throws {
    let url = repositoryScenariosDirectory.appendingPathComponent(relative)
    let bytes = [UInt8](try Data(contentsOf: url))
    var models = scenarioModels
    if let reference = ScenarioLoader.modelReference(bytes),
      !models.contains(where: { $0.name == reference.name })
    {
      // A model file's vocabulary, as the commands derive it, named as the scenario names it:
      // a path beside the scenario, or the name of a model bundled with racelab.
      let modelURL =
        ScenarioLoader.namesModelFile(reference.name)
        ? url.deletingLastPathComponent().appendingPathComponent(reference.name)
        : repositoryScenariosDirectory.deletingLastPathComponent().appendingPathComponent(
          "Sources/ModelLibrary/models/\(reference.name)\(ScenarioLoader.modelFileSuffix)")
      let program = try ModelFileLoader.load([UInt8](try Data(contentsOf: modelURL))).get()
      var vocabulary = ModelFileDefinition(program).vocabulary
      vocabulary.name = reference.name
      models.append(vocabulary)
    }
    switch ScenarioLoader.load(bytes, models: models) {
    case .success(let scenario):
      #expect(!scenario.name.isEmpty)
    case .failure(let list):
      Issue.record("\(relative): \(flattenedDiagnostics(list))")
    }
  }

  @Test func defaultsAreFilledIn() throws {
    let scenario = try #require(
      decodeScenario("name: bare\nmodel: review-prompt\ntimeline:\n  - {at: 0s, event: game-won}\n")
    )
    #expect(scenario.runtime.name == "swift")
    #expect(scenario.setup.variant == "cancel-guard")
    #expect(!scenario.setup.replacesTaskBodies)
    #expect(scenario.title == nil && scenario.about == nil)
    #expect(scenario.expectations.isEmpty)
    #expect(scenario.exploreViolations == nil)
    // clock.start defaults to 2026-01-01T00:00:00Z, its offset to the start's.
    #expect(
      scenario.setup.wallClock.startNanosecondsSinceEpoch == 1_767_225_600 * nanosecondsPerSecond)
    #expect(scenario.setup.wallClock.utcOffsetSeconds == 0)
    let app = scenario.setup.section("app")
    #expect(app["version"] == .text("1.0.0"))
    #expect(app["wins"] == .int(0))
    #expect(app["last-attempt"] == Value.none)
    #expect(app["last-prompted-version"] == Value.none)
    #expect(app["force-override"] == .bool(false))
    let config = scenario.setup.section("config")
    #expect(config["win-threshold"] == .int(3))
    #expect(config["cooldown-days"] == .int(120))
    #expect(config["delay"] == .duration(2 * nanosecondsPerSecond))
    #expect(config["transition"] == .duration(350_000_000))
    let system = scenario.setup.section("system")
    #expect(system["environment"] == .text("app-store"))
    #expect(system["shown-last-365-days"] == .int(0))
    #expect(system["scene"] == .text("foreground-active"))
  }

  @Test func scalarsAreTypedByTheSchema() throws {
    let scenario = try #require(
      decodeScenario(
        """
        name: typed
        model: review-prompt
        runtime: kotlin
        variant: original
        app:
          version: 1.4
          wins: 4
          last-attempt: 2026-05-01
          last-prompted-version: 1.3
          force-override: true
        config:
          cooldown-days: 0
          delay: 1h30m
          transition: 1.5s
        system:
          environment: testflight
          shown-last-365-days: 3
          scene: background
        timeline:
          - {at: 0s, event: game-won}
        expect:
          cooldown-consumed: false
          attempts: 0
          violations: [attempt-while-visible]

        """))
    #expect(scenario.runtime.name == "kotlin")
    #expect(scenario.setup.variant == "original")
    let app = scenario.setup.section("app")
    #expect(app["version"] == .text("1.4"))
    #expect(app["wins"] == .int(4))
    #expect(app["last-attempt"] == .day(20574))
    #expect(app["last-prompted-version"] == .text("1.3"))
    #expect(app["force-override"] == .bool(true))
    let config = scenario.setup.section("config")
    #expect(config["cooldown-days"] == .int(0))
    #expect(config["delay"] == .duration(5_400 * nanosecondsPerSecond))
    #expect(config["transition"] == .duration(1_500_000_000))
    let system = scenario.setup.section("system")
    #expect(system["environment"] == .text("testflight"))
    #expect(system["scene"] == .text("background"))
    #expect(scenario.expectations.map(\.key) == ["cooldown-consumed", "attempts", "violations"])
    #expect(
      scenario.expectations.map(\.value) == [
        .summary(field: "cooldownConsumed", value: .bool(false), kind: .boolean),
        .summary(field: "attempts", value: .int(0), kind: .integer(0...Int64.max)),
        .violations(["attempt-while-visible"]),
      ])
  }

  @Test func quotedAndPlainWordsAreTheSame() throws {
    let plain = try #require(
      decodeScenario(
        "name: q\nmodel: review-prompt\napp: {version: 1.4}\ntimeline:\n  - {at: 0s, event: game-won}\n"
      ))
    let quoted = try #require(
      decodeScenario(
        "name: q\nmodel: \"review-prompt\"\napp: {version: '1.4'}\ntimeline:\n  - {at: '0s', event: \"game-won\"}\n"
      ))
    #expect(plain.setup.section("app") == quoted.setup.section("app"))
    #expect(timeline(of: plain) == timeline(of: quoted))
  }

  @Test func timelineValuesDecodeAsTheSpecSays() throws {
    let scenario = try #require(
      decodeScenario(
        """
        name: timed
        model: review-prompt
        clock:
          start: 2026-08-15T21:00:00+09:00
        timeline:
          - {at: 1.5s..2.5s, event: screen-disappear, transition: none}
          - {at: "2026-08-15T12:00:02Z", event: wall-clock-shift, by: -30d}
          - {at: "2026-08-15T21:00:03.25+09:00", event: wall-clock-shift, by: +2h}
          - {at: 2s, event: screen-disappear, tie: last}
          - {at: 1h30m, event: main-busy, for: 250ms}
          - {at: 0s, event: scene, state: foreground-inactive}
          - {at: 1ns, event: app-update, version: 2.0}
          - {at: 0.000000001s, event: screen-disappear}
          - {at: 1d, event: screen-disappear, transition: 1ms}

        """))
    let day: Int64 = 86_400 * nanosecondsPerSecond
    let expected: [ScriptedHappening] = [
      ScriptedHappening(
        ScriptedEvent(name: "screen-disappear", fields: NamedValues(["transition": .none])),
        .within(VirtualTime(nanoseconds: 1_500_000_000)...VirtualTime(nanoseconds: 2_500_000_000))),
      ScriptedHappening(
        ScriptedEvent(
          name: "wall-clock-shift", fields: NamedValues(["by": .duration(-30 * day)])),
        .at(VirtualTime(nanoseconds: 2 * nanosecondsPerSecond))),
      ScriptedHappening(
        ScriptedEvent(
          name: "wall-clock-shift",
          fields: NamedValues(["by": .duration(7_200 * nanosecondsPerSecond)])),
        .at(VirtualTime(nanoseconds: 3_250_000_000))),
      ScriptedHappening(
        ScriptedEvent(name: "screen-disappear", fields: NamedValues()),
        .at(VirtualTime(nanoseconds: 2 * nanosecondsPerSecond)), tie: .last),
      ScriptedHappening(
        ScriptedEvent(name: "main-busy", fields: NamedValues(["for": .duration(250_000_000)])),
        .at(VirtualTime(nanoseconds: 5_400 * nanosecondsPerSecond))),
      ScriptedHappening(
        ScriptedEvent(
          name: "scene", fields: NamedValues(["state": .text("foreground-inactive")])),
        .at(.zero)),
      ScriptedHappening(
        ScriptedEvent(name: "app-update", fields: NamedValues(["version": .text("2.0")])),
        .at(VirtualTime(nanoseconds: 1))),
      ScriptedHappening(
        ScriptedEvent(name: "screen-disappear", fields: NamedValues()),
        .at(VirtualTime(nanoseconds: 1))),
      ScriptedHappening(
        ScriptedEvent(
          name: "screen-disappear", fields: NamedValues(["transition": .duration(1_000_000)])),
        .at(VirtualTime(nanoseconds: day))),
    ]
    let actual = timeline(of: scenario)
    #expect(actual.count == expected.count)
    for (index, pair) in zip(actual, expected).enumerated() {
      #expect(pair.0 == pair.1, "happening \(index + 1)")
    }
    #expect(scenario.setup.wallClock.utcOffsetSeconds == 9 * 3600)
    // 2026-08-15T12:00:00Z: epoch day 20680, plus 12 hours.
    #expect(
      scenario.setup.wallClock.startNanosecondsSinceEpoch
        == (20_680 * 86_400 + 12 * 3_600) * nanosecondsPerSecond)
  }

  @Test func timezoneOverridesTheStartOffset() throws {
    let scenario = try #require(
      decodeScenario(
        """
        name: zoned
        model: review-prompt
        clock: {start: 2026-08-15T12:00:00Z, timezone: -05:30}
        timeline:
          - {at: 0s, event: game-won}

        """))
    #expect(scenario.setup.wallClock.utcOffsetSeconds == -(5 * 3600 + 30 * 60))
    #expect(
      scenario.setup.wallClock.startNanosecondsSinceEpoch
        == (20_680 * 86_400 + 12 * 3_600) * nanosecondsPerSecond)
  }

  @Test func taskBodiesDecodeStepByStep() throws {
    let scenario = try #require(
      decodeScenario(
        """
        name: body
        model: review-prompt
        config: {delay: 3s}
        task:
          - sleep: delay
            on-cancel: return
          - guard-not-cancelled
          - check-cancellation
          - yield
          - sleep: 10ms
            on-cancel: ignore
          - sleep: 1s
          - call: fire
        timeline:
          - {at: 0s, event: screen-show}

        """))
    let steps = try #require(scenario.setup.taskBody("deferred-request"))
    let described = steps.map { step -> String in
      switch step {
      case .sleep(let nanoseconds, let onCancel): "sleep \(nanoseconds) \(onCancel)"
      case .guardNotCancelled: "guard"
      case .checkCancellation: "check"
      case .yield: "yield"
      case .call(let name): "call \(name)"
      }
    }
    #expect(
      described == [
        "sleep 3000000000 return", "guard", "check", "yield", "sleep 10000000 ignore",
        "sleep 1000000000 throw", "call fire",
      ])
  }

  @Test func eligibilityTablesDecodeRowByRow() throws {
    let scenario = try #require(
      decodeScenario(
        """
        name: table
        model: review-prompt
        config: {cooldown-days: 30}
        eligibility:
          - {wins: 2, last-attempt: never, today: 2026-08-15, last-prompted-version: none, version: 1.4.0, force-override: false, expect: false}
          - wins: 5
            last-attempt: 2026-05-01
            today: 2026-08-15
            last-prompted-version: 1.3.0
            version: 1.4
            force-override: true
            expect: true

        """))
    guard case .table(let name, let rows) = scenario.content else {
      Issue.record("not a table")
      return
    }
    #expect(name == "eligibility")
    #expect(rows.map(\.location) == [.init(line: 5, column: 5), .init(line: 6, column: 5)])
    #expect(rows[0].values["last-attempt"] == Value.none)
    #expect(rows[0].values["last-prompted-version"] == Value.none)
    #expect(rows[1].values["version"] == .text("1.4"))
    #expect(rows[1].values["today"] == .day(20680))
    #expect(rows[1].values["expect"] == .bool(true))
    #expect(scenario.setup.section("config")["cooldown-days"] == .int(30))
  }

  @Test func exploreBlockDecodes() throws {
    let scenario = try #require(
      decodeScenario(
        """
        name: explored
        model: review-prompt
        timeline:
          - {at: 0s, event: game-won}
        explore:
          violations: [no-fire-after-cancel, attempt-while-visible]
          random: 200
          seed: 42

        """))
    #expect(scenario.exploreViolations == ["no-fire-after-cancel", "attempt-while-visible"])
    #expect(scenario.exploreRandom?.runs == 200)
    #expect(scenario.exploreRandom?.seed == 42)
    #expect(!scenario.exploreStateGraph)
  }

  @Test func exploreCanAskForTheStateGraph() throws {
    let scenario = try #require(
      decodeScenario(
        """
        name: graph
        model: review-prompt
        timeline:
          - {at: 0s, event: game-won}
        explore:
          state-graph: true

        """))
    #expect(scenario.exploreStateGraph)
    #expect(scenario.exploreRandom == nil)
  }

  @Test func crlfLineEndingsAndAByteOrderMarkDecodeLikeLF() throws {
    let text = """
      # a comment
      name: crlf
      model: review-prompt
      about: |
        Two lines
        of prose.
      app:
        version: 1.4.0   # trailing comment
      timeline:
        - at: 1.5s
          event: screen-disappear
          transition: none
        - {at: 2s, event: wall-clock-shift, by: -30d}

      """
    let plain = try #require(decodeScenario(text))
    let bytes =
      [0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
    guard case .success(let windows) = ScenarioLoader.load(bytes, models: scenarioModels) else {
      Issue.record("the CRLF file with a byte-order mark was rejected")
      return
    }
    #expect(windows.name == plain.name)
    #expect(windows.about == "Two lines\nof prose.\n")
    #expect(windows.about == plain.about)
    #expect(windows.setup.section("app") == plain.setup.section("app"))
    #expect(timeline(of: windows) == timeline(of: plain))
  }

  @Test func crlfDiagnosticsKeepTheirColumns() {
    let bytes =
      [0xEF, 0xBB, 0xBF] + Array("name: x\r\nmodel: review-prompt\r\nruntime: kotln\r\n".utf8)
    guard case .failure(let list) = ScenarioLoader.load(bytes, models: scenarioModels) else {
      Issue.record("accepted")
      return
    }
    #expect(
      flattenedDiagnostics(list) == [
        "1:1 a scenario file needs 'timeline:' or 'eligibility:'",
        "3:10 unknown runtime 'kotln'", "3:10 note: did you mean 'kotlin'?",
      ])
  }

  @Test func durationBoundariesAreExact() throws {
    // 106751d 23h 47m 16.854775807s is the largest duration that fits in 64-bit nanoseconds.
    let largest = "106751d23h47m16.854775807s"
    let fits = try #require(
      decodeScenario(
        "name: big\nmodel: review-prompt\ntimeline:\n  - {at: \(largest), event: game-won}\n"))
    #expect(timeline(of: fits).first?.timing == .at(VirtualTime(nanoseconds: .max)))
    guard
      case .failure(let list) = loadScenario(
        "name: big\nmodel: review-prompt\ntimeline:\n  - {at: 106751d23h47m16.854775808s, event: game-won}\n"
      )
    else {
      Issue.record("one nanosecond too many was accepted")
      return
    }
    #expect(
      flattenedDiagnostics(list).first?.contains("does not fit in 64-bit nanoseconds") == true)
  }
}
