import Testing

/// Clock terms (times read inside windows) compared where the language compares values without
/// an operator of its own: inside lists, and when history tells a change. Each model's second
/// happening lands in `1ms..2ms`, one millisecond after a fixed mark or later, so the time it
/// stores equals `1ms` at exactly one instant of the window; every quarter-millisecond instant
/// of that window gives one of the outcomes expected here.
struct ClockTermEqualityTests {
  /// A model whose `late` happening stores `now - mark` (in `app.gap` and in the list
  /// `app.gaps`), with `extra` events and summary keys.
  static func race(events: String, summary: String) -> ClockReadOracleTests.Case {
    let model = """
      kind: model
      name: clocked
      processes:
        app:
          lanes: {main: serial}
          memory:
            mark: {type: duration, optional: true}
            gap: {type: duration, default: 1ms}
            gaps: {type: list, of: duration}
            log: {type: text}
      events:
        early:
          on: main
          steps:
            - set: {app.mark: now}
        late:
          on: main
          steps:
            - let: {at: "app.mark"}
            - if: "at != none"
              then:
                - set: {app.gap: "now - at", app.gaps: "[now - at]"}
      \(events)
      summary:
      \(summary)

      """
    let scenario = """
      name: race
      model: ./clocked.model.yaml
      timeline:
        - {at: 0ms, event: early}
        - {at: AT0, event: late}
        - {at: 5ms, event: check}

      """
    return ClockReadOracleTests.Case(
      seed: 0, model: model, scenarioTemplate: scenario, windows: [1...2])
  }

  /// The outcomes `explore` finds, as the canonical summaries, in every mode that counts.
  static func outcomes(_ race: ClockReadOracleTests.Case) throws -> [Set<String>] {
    let scenario = ClockReadOracleTests.windowed(race)
    return [
      try ClockReadOracleTests.explore(race, scenario: scenario).outcomes,
      try ClockReadOracleTests.explore(race, scenario: scenario) { $0.stateGraph = true }.outcomes,
      try ClockReadOracleTests.explore(race, scenario: scenario) { $0.pruning = false }.outcomes,
    ]
  }

  @Test func listsHoldingTimesReadInsideWindowsCompareExactly() throws {
    let race = Self.race(
      events: """
          check:
            on: main
            steps:
              - if: "app.gaps == [1ms]"
                then:
                  - set: {app.log: "\\"same\\""}
                else:
                  - set: {app.log: "\\"other\\""}
        """,
      summary: "  log: \"app.log\"")
    // The gap is 1ms only when `late` lands at 1ms; anywhere later in the window it is more.
    let expected: Set<String> = [
      #"{"log":"other","violations":[]}"#, #"{"log":"same","violations":[]}"#,
    ]
    for found in try Self.outcomes(race) { #expect(found == expected) }
    // A list of times in the summary shows one: explore cannot be complete.
    let shown = Self.race(
      events: "  check: {on: main, steps: [{set: {app.log: \"\\\"x\\\"\"}}]}",
      summary: "  gaps: \"app.gaps\"")
    let result = try ClockReadOracleTests.explore(
      shown, scenario: ClockReadOracleTests.windowed(shown))
    #expect(!result.complete)
  }

  @Test func historyCountsAChangeOnlyWhenTheTimeDiffers() throws {
    let race = Self.race(
      events: "  check: {on: main, steps: [{set: {app.log: \"\\\"x\\\"\"}}]}",
      summary: "  changes: \"changes(app.gap)\"\n  log: \"app.log\"")
    // Storing now - mark = 1ms over the starting 1ms is no change.
    let expected: Set<String> = [
      #"{"changes":0,"log":"x","violations":[]}"#, #"{"changes":1,"log":"x","violations":[]}"#,
    ]
    for found in try Self.outcomes(race) { #expect(found == expected) }
  }
}
