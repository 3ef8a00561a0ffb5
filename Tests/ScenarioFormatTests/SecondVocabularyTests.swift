import ModelContract
import ScenarioFormat
import Testing

/// The scenario layer decodes a file for the turnstile, a model that shares nothing with the
/// review-prompt one: other section names, two task bodies, a table whose answer is a word,
/// and summary fields of every kind.
@Suite("Scenario files for a second vocabulary")
struct SecondVocabularyTests {
  static let header = """
    name: turnstile-sample
    model: turnstile
    variant: lenient

    """

  @Test("sections other than app, config and system decode with their defaults")
  func sectionsDecode() throws {
    let scenario = try #require(
      decodeScenario(
        Self.header + """
          gate: {fee: 3, operator: Ana}
          timing: {hold-open: 5s}
          timeline:
            - {at: 0s, event: coin, amount: 3}
            - {at: 1s, event: push}
          """))
    #expect(scenario.model == "turnstile")
    #expect(scenario.setup.variant == "lenient")
    #expect(scenario.setup.section("gate")["fee"] == .int(3))
    #expect(scenario.setup.section("gate")["operator"] == .text("Ana"))
    #expect(scenario.setup.section("gate")["last-service"] == Value.none)
    #expect(scenario.setup.section("timing")["hold-open"] == .duration(5_000_000_000))
    #expect(scenario.setup.section("timing")["settle"] == .duration(500_000_000))
    guard case .timeline(let timeline) = scenario.content else {
      Issue.record("not a timeline")
      return
    }
    #expect(timeline.map(\.event.name) == ["coin", "push"])
    #expect(timeline[0].event.fields["amount"] == .int(3))
  }

  @Test("sleep names any section's duration, by key or in full; task and tasks replace bodies")
  func taskBodiesByProgram() throws {
    let scenario = try #require(
      decodeScenario(
        Self.header + """
          timing: {hold-open: 4s}
          task:
            - sleep: hold-open
            - call: lock
          tasks:
            audit:
              - sleep: timing.settle
                on-cancel: ignore
              - call: tally
          timeline:
            - {at: 0s, event: coin, amount: 2}
          """))
    #expect(
      scenario.setup.taskBody("relock") == [
        .sleep(nanoseconds: 4_000_000_000, onCancel: .throw), .call("lock"),
      ])
    #expect(
      scenario.setup.taskBody("audit") == [
        .sleep(nanoseconds: 500_000_000, onCancel: .ignore), .call("tally"),
      ])
  }

  @Test("expect reads every summary kind: word, number, truth, none, never, duration, list")
  func expectationsOfEveryKind() throws {
    let scenario = try #require(
      decodeScenario(
        Self.header + """
          timeline:
            - {at: 0s, event: push}
          expect:
            mode: locked
            entries: 1
            audited: true
            operator: none
            last-service: never
            hold-open: 3s
            log: [entry, tally]
            violations: [no-entry-while-locked]
          """))
    let values = scenario.expectations.map(\.value)
    #expect(
      values == [
        .summary(field: "mode", value: .text("locked"), kind: .word(["locked", "open"])),
        .summary(field: "entries", value: .int(1), kind: .integer(0...Int64.max)),
        .summary(field: "audited", value: .bool(true), kind: .boolean),
        .summary(field: "operator", value: .none, kind: .textOrNone),
        .summary(field: "lastService", value: .none, kind: .dateOrNever),
        .summary(field: "holdOpen", value: .duration(3_000_000_000), kind: .duration),
        .summary(
          field: "log", value: .list([.text("entry"), .text("tally")]),
          kind: .list(.word(["entry", "lock", "tally"]))),
        .violations(["no-entry-while-locked"]),
      ])
  }

  @Test("a table's answer column is the one the model names")
  func tableAnswerColumn() throws {
    let scenario = try #require(
      decodeScenario(
        Self.header + """
          fare:
            - {coins: 2, fee: 2, gate: open}
            - {coins: 1, fee: 2, gate: locked}
          """))
    guard case .table(let name, let rows) = scenario.content else {
      Issue.record("not a table")
      return
    }
    #expect(name == "fare")
    #expect(rows.map { $0.values["gate"] } == [.text("open"), .text("locked")])
  }

  @Test("mistakes name what this model offers")
  func diagnostics() {
    let cases: [(String, [String])] = [
      (
        """
        tasks:
          refill: [yield]
        timeline: [{at: 0s, event: push}]
        """,
        [
          "5:3 unknown task body 'refill'",
          "5:3 note: expected one of: relock, audit",
        ]
      ),
      (
        """
        task: [yield]
        tasks:
          relock: [yield]
        timeline: [{at: 0s, event: push}]
        """,
        ["6:3 'tasks' replaces 'relock', which 'task:' already replaces"]
      ),
      (
        """
        task:
          - sleep: config.delay
        timeline: [{at: 0s, event: push}]
        """,
        [
          "5:12 'sleep': 'config.delay' is not a duration; write a number and a unit "
            + "(ns, us, ms, s, m, h, d), such as 250ms, 1.5s or 1h30m, or the name of a "
            + "duration setting (hold-open, settle)"
        ]
      ),
      (
        """
        timeline: [{at: 0s, event: push}]
        expect:
          log: [entry, wave]
        """,
        [
          "6:16 an item of 'log' must be one of entry, lock, tally, found 'wave'"
        ]
      ),
      (
        """
        fare:
          - {coins: 2, fee: 2, expect: true}
        """,
        [
          "5:5 a row of 'fare' needs 'gate:' (the expected mode)",
          "5:24 unknown key 'expect' in a row of 'fare'",
          "5:24 note: expected one of: coins, fee, gate",
        ]
      ),
    ]
    for (body, expected) in cases {
      guard case .failure(let list) = loadScenario(Self.header + body) else {
        Issue.record("accepted:\n\(body)")
        continue
      }
      #expect(flattenedDiagnostics(list) == expected, "\(body)")
    }
  }
}
