import ModelContract
import ModelTestSupport
import RacelabKernel
import Renderers
import Testing

/// The renderers draw a model they know nothing about: the turnstile's two lanes, its notes and
/// summary values of every kind.
@Suite("Rendering a second model")
struct SecondModelRenderingTests {
  static func report(variant: String) -> RunReport {
    let definition = TurnstileDefinition()
    let setup = ModelSetup(
      variant: variant, sections: ["gate": NamedValues(["fee": .int(2)])],
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
    let timeline = [
      ScriptedHappening(ScriptedEvent(name: "push", fields: NamedValues()), .at(.zero)),
      ScriptedHappening(
        ScriptedEvent(name: "coin", fields: NamedValues(["amount": .int(2)])),
        .at(VirtualTime(nanoseconds: 1_000_000_000))),
      ScriptedHappening(
        ScriptedEvent(name: "push", fields: NamedValues()),
        .at(VirtualTime(nanoseconds: 2_000_000_000))),
    ]
    let result = definition.simulate(
      setup: setup, profile: .swift, timeline: timeline, strategy: DefaultStrategy()
    ).result
    return RunReport(
      scenario: "turnstile-sample", title: nil, model: "turnstile", runtime: "swift",
      variant: variant, start: "1970-01-01 00:00:00 +00:00 (epoch day 0)", initialState: [],
      laneNames: definition.laneNames, result: result,
      headline: definition.figures(summary: result.summary), expectations: [])
  }

  @Test("the text trace has a column per lane and says what each lane did")
  func textTrace() {
    let text = TextTraceRenderer.render(Self.report(variant: "lenient"))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("gate") && $0.contains("ledger") })
    #expect(lines.contains { $0.contains("coin 2") })
    #expect(lines.contains { $0.contains("tally") })
    #expect(lines.filter { $0.hasPrefix("!!") }.count == 1)
    #expect(text.contains("no-entry-while-locked"))
  }

  @Test("the strict variant breaks nothing, and the trace says so")
  func strictTrace() {
    let text = TextTraceRenderer.render(Self.report(variant: "strict"))
    #expect(!text.split(separator: "\n").contains { $0.hasPrefix("!!") })
    #expect(text.contains("the arm stays"))
  }

  @Test("JSON writes every summary kind: words, numbers, truth, null, dates, durations, lists")
  func jsonSummary() {
    let json = JSONTraceRenderer.render(Self.report(variant: "lenient"))
    #expect(json.contains(#""mode":"locked""#))
    #expect(json.contains(#""entries":2"#))
    #expect(json.contains(#""audited":true"#))
    #expect(json.contains(#""operator":null"#))
    #expect(json.contains(#""lastService":null"#))
    #expect(json.contains(#""holdOpen":"3s""#))
    #expect(json.contains(#""log":["entry","tally","entry","tally","lock"]"#))
    #expect(json.contains(#""lanes":["gate","ledger"]"#))
  }
}
