import ModelContract
import ModelTestSupport
import RacelabKernel
import ScenarioFormat
import Testing

@testable import Commands

/// `expect:` compares a summary value of any kind and shows both sides as files write them.
@Suite("Expectations of every value kind")
struct ExpectationKindsTests {
  static func result() -> SimulationResult {
    let definition = TurnstileDefinition()
    let setup = ModelSetup(
      variant: "strict", sections: ["gate": NamedValues(["last-service": .day(20_000)])],
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
    let push = ScriptedHappening(ScriptedEvent(name: "push", fields: NamedValues()), .at(.zero))
    return definition.simulate(
      setup: setup, profile: .swift, timeline: [push], strategy: DefaultStrategy()
    ).result
  }

  static func expectation(_ key: String, _ field: String, _ value: Value, _ kind: ValueKind)
    -> ScenarioFormat.Expectation
  {
    ScenarioFormat.Expectation(key: key, value: .summary(field: field, value: value, kind: kind))
  }

  @Test("values that match hold, whatever their kind")
  func matchingValuesHold() {
    let checks = ExpectationChecker.check(
      [
        Self.expectation("mode", "mode", .text("locked"), .word(["locked", "open"])),
        Self.expectation("operator", "operator", .none, .textOrNone),
        Self.expectation("last-service", "lastService", .day(20_000), .dateOrNever),
        Self.expectation("hold-open", "holdOpen", .duration(3_000_000_000), .duration),
        Self.expectation("log", "log", .list([]), .list(.word(["entry", "lock", "tally"]))),
      ], against: Self.result())
    #expect(checks.allSatisfy { $0.holds })
    #expect(checks.map(\.actual) == ["locked", "none", "2024-10-04", "3s", "[]"])
  }

  @Test("values that differ fail and show both sides as a file would write them")
  func differingValuesFail() {
    let checks = ExpectationChecker.check(
      [
        Self.expectation("last-service", "lastService", .none, .dateOrNever),
        Self.expectation("hold-open", "holdOpen", .duration(2_500_000_000), .duration),
        Self.expectation(
          "log", "log", .list([.text("entry")]), .list(.word(["entry", "lock", "tally"]))),
      ], against: Self.result())
    #expect(checks.allSatisfy { !$0.holds })
    #expect(checks.map(\.expected) == ["never", "2.5s", "[entry]"])
    #expect(checks.map(\.actual) == ["2024-10-04", "3s", "[]"])
  }
}
