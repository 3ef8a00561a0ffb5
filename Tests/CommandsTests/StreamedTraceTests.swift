import CommandTestSupport
import Foundation
import ModelContract
import ModelLanguage
import RacelabKernel
import Renderers
import ScenarioFormat
import TestSizes
import Testing

@testable import Commands

/// `racelab run` writes its text trace while the run goes (a measuring run, then an identical
/// writing run). Both must give exactly the bytes of rendering the kept trace, which is what the
/// goldens hold.
struct StreamedTraceTests {
  /// The repository's timeline scenarios, loaded.
  static func timelineFiles() -> [(ScenarioFile, [ScriptedHappening])] {
    let models = ModelFiles(limits: ScenarioLimits())
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

  /// The text trace and the JSON document streamed runs with `strategy` write.
  static func streamed(
    _ file: ScenarioFile, _ timeline: [ScriptedHappening], strategy: some SchedulingStrategy
  ) -> (text: String, json: String) {
    var text = ""
    let measure = TextTraceMeasure(
      runtime: file.scenario.runtime.name, laneNames: file.definition.laneNames)
    _ = ScenarioExecution.stream(
      file.definition, file.scenario, timeline: timeline, strategy: strategy, schedule: nil,
      traceLimit: .max, measure: measure, adjust: { _ in },
      writer: { TextTraceWriter(report: $0, columns: measure.finish()) { text += $0 } })
    var json = ""
    _ = ScenarioExecution.stream(
      file.definition, file.scenario, timeline: timeline, strategy: strategy, schedule: nil,
      traceLimit: .max, measure: EventCounter(), adjust: { _ in },
      writer: { JSONTraceWriter(report: $0) { json += $0 } })
    return (text, json)
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
    let seeds = TestSize.count(standard: 2, thorough: 6)
    for (file, timeline) in Self.timelineFiles() {
      for seed in UInt64(0)..<UInt64(seeds) {
        let strategy = RandomStrategy(seed: seed)
        let report = ScenarioExecution.report(
          file.definition, file.scenario, timeline: timeline, strategy: strategy)
        if Self.startsAgain(file.definition, file.scenario, timeline, strategy: strategy) {
          restarted += 1
        }
        let streamed = Self.streamed(file, timeline, strategy: strategy)
        #expect(streamed.text == TextTraceRenderer.render(report), "\(file.path) seed \(seed)")
        #expect(streamed.json == JSONTraceRenderer.render(report), "\(file.path) seed \(seed)")
        runs += 1
      }
    }
    #expect(runs >= 100 * seeds)
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

  @Test(arguments: [RunCommand.Format.text, .json])
  func aTracePastItsLimitWritesNothing(_ format: RunCommand.Format) throws {
    let path = repositoryRoot.appendingPathComponent(
      "scenarios/review-prompt/canonical/busy-main-disappear-original.yaml"
    ).path
    var command = RunCommand(files: [path], format: format)
    command.limits.traceEvents = 3
    let result = capture { command.execute(console: $0) }
    #expect(result.status == .badInput)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("the trace is longer than the limit of 3 events"))
  }

  @Test func runWritesTheJSONDocumentOfTheKeptTrace() throws {
    var compared = 0
    for (file, timeline) in Self.timelineFiles() {
      var report = ScenarioExecution.report(
        file.definition, file.scenario, timeline: timeline, strategy: DefaultStrategy())
      report.expectationsNotChecked = file.expectationsNotChecked
      report.customTaskBody = file.scenario.setup.replacesTaskBodies
      let result = capture {
        RunCommand(files: [file.path], format: .json).execute(console: $0)
      }
      #expect(result.output == JSONTraceRenderer.render(report), "\(file.path)")
      compared += 1
    }
    #expect(compared >= 100)
  }
}

/// A sink that counts the events it receives and keeps none.
private final class EventCounter: TraceSink {
  var events = 0
  func receive(_ event: TraceEvent) { events += 1 }
}
