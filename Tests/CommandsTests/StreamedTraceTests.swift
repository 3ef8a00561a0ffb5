import CommandTestSupport
import Foundation
import ModelContract
import RacelabKernel
import Renderers
import ScenarioFormat
import Testing

@testable import Commands

/// `racelab run` writes its text trace while the run goes (a measuring run, then an identical
/// writing run). Both must give exactly the bytes of rendering the kept trace, which is what the
/// goldens hold.
struct StreamedTraceTests {
  /// The repository's timeline scenarios, loaded.
  static func timelineFiles() -> [(ScenarioFile, [ScriptedHappening])] {
    let models = ModelLibrary(limits: ScenarioLimits())
    return repositoryScenarioPaths().compactMap { path in
      let loaded = ScenarioFiles.load(
        repositoryRoot.appendingPathComponent(path).path, overrides: Overrides(), models: models,
        console: CapturedOutput().console())
      guard let file = loaded, case .timeline(let timeline) = file.scenario.content else {
        return nil
      }
      return (file, timeline)
    }
  }

  /// All the text `streamText` writes.
  static func streamed(
    _ file: ScenarioFile, _ timeline: [ScriptedHappening], strategy: some SchedulingStrategy
  ) -> String {
    var text = ""
    _ = ScenarioExecution.streamText(
      file.definition, file.scenario, timeline: timeline, strategy: strategy, schedule: nil,
      traceLimit: .max, adjust: { _ in }, output: { _ in { text += $0 } })
    return text
  }

  /// Whether a run of `scenario` with `strategy` starts again before it settles.
  static func startsAgain(
    _ definition: some ModelDefinition, _ scenario: Scenario, _ timeline: [ScriptedHappening],
    strategy: some SchedulingStrategy
  ) -> Bool {
    ScenarioStart(definition, setup: scenario.setup, timeline: timeline)
      .settledArrivalInstants(profile: scenario.runtime, strategy: strategy) != nil
  }

  /// The events a streamed run hands its sink and keeps, and the events a kept run keeps.
  static func countEvents(
    _ definition: some ModelDefinition, _ scenario: Scenario, _ timeline: [ScriptedHappening]
  ) -> (streamed: (received: Int, keptEvents: Int), kept: Int) {
    let counter = EventCounter()
    let start = ScenarioStart(definition, setup: scenario.setup, timeline: timeline)
    let result = start.simulate(
      profile: scenario.runtime, strategy: DefaultStrategy(), arrivalInstants: nil,
      streamingTo: counter
    ).result
    let kept = start.simulate(profile: scenario.runtime, strategy: DefaultStrategy()).result
    return ((counter.events, result.trace.count), kept.trace.count)
  }

  @Test func runPrintsEveryGoldenByteForByte() throws {
    var compared = 0
    for path in repositoryScenarioPaths() {
      let golden = repositoryTraces.appendingPathComponent(
        String(path.dropFirst("scenarios/".count).dropLast(".yaml".count)) + ".trace")
      guard let expected = FileManager.default.contents(atPath: golden.path) else { continue }
      let result = capture {
        RunCommand(files: [repositoryRoot.appendingPathComponent(path).path]).execute(console: $0)
      }
      #expect(result.output == String(decoding: expected, as: UTF8.self), "\(path)")
      compared += 1
    }
    #expect(compared >= 100)
  }

  /// Random schedules choose orders of windowed instants that make a run start again; the
  /// streamed runs start from the settled instants and must still match the kept trace.
  @Test func randomSchedulesStreamAsTheyRender() {
    var runs = 0
    var restarted = 0
    for (file, timeline) in Self.timelineFiles() {
      for seed in UInt64(0)..<6 {
        let strategy = RandomStrategy(seed: seed)
        let report = ScenarioExecution.report(
          file.definition, file.scenario, timeline: timeline, strategy: strategy)
        if Self.startsAgain(file.definition, file.scenario, timeline, strategy: strategy) {
          restarted += 1
        }
        #expect(
          Self.streamed(file, timeline, strategy: strategy) == TextTraceRenderer.render(report),
          "\(file.path) seed \(seed)")
        runs += 1
      }
    }
    #expect(runs >= 600)
    #expect(restarted > 0, "no schedule made a run start again: the test lost its point")
  }

  @Test func aTraceStreamedInTinyChunksIsTheSameText() throws {
    let (file, timeline) = try #require(
      Self.timelineFiles().first { $0.0.path.hasSuffix("busy-main-disappear-original.yaml") })
    let report = ScenarioExecution.report(
      file.definition, file.scenario, timeline: timeline, strategy: DefaultStrategy())
    let measure = TextTraceMeasure(runtime: report.runtime, laneNames: report.laneNames)
    for event in report.result.trace { measure.receive(event) }
    var chunks: [String] = []
    let writer = TextTraceWriter(report: report, columns: measure.finish(), chunkSize: 1) {
      chunks.append($0)
    }
    for event in report.result.trace { writer.receive(event) }
    writer.finish()
    #expect(chunks.count > 20)
    #expect(chunks.allSatisfy { $0.last == "\n" || $0.isEmpty })
    #expect(chunks.joined() == TextTraceRenderer.render(report))
  }

  @Test func aStreamedTraceKeepsNoEvents() throws {
    let (file, timeline) = try #require(Self.timelineFiles().first)
    let (streamed, kept) = Self.countEvents(file.definition, file.scenario, timeline)
    #expect(streamed.keptEvents == 0)
    #expect(streamed.received == kept && kept > 0)
  }

  @Test func aStreamedTracePastItsLimitWritesNothing() throws {
    let (file, timeline) = try #require(Self.timelineFiles().first)
    var written = ""
    let report = ScenarioExecution.streamText(
      file.definition, file.scenario, timeline: timeline, strategy: DefaultStrategy(),
      schedule: nil, traceLimit: 3, adjust: { _ in }, output: { _ in { written += $0 } })
    #expect(report.result.traceOverflowed)
    #expect(written.isEmpty)
  }
}

/// A sink that counts the events it receives and keeps none.
private final class EventCounter: TraceSink {
  var events = 0
  func receive(_ event: TraceEvent) { events += 1 }
}
