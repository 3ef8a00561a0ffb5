import CommandTestSupport
import RacelabKernel
import Renderers
import Testing

@testable import Commands

/// A trace marks each choice its schedule takes off the default (`choice 7=1`) on the line that
/// tells what the choice did, numbered as a schedule token numbers them, so a reader can find
/// each part of `2536e5b4:7=1` in the trace.
struct ChoiceMarkTests {
  /// Random schedules over every timeline scenario reach every kind of choice point (orders of
  /// one instant, lanes, windows, the world's replies, lost happenings); their marks must be
  /// exactly the schedule's deviations, each once in the text.
  @Test func theMarksAreTheSchedulesDeviations() {
    var marked = 0
    for (file, timeline) in StreamedTraceTests.timelineFiles() {
      for seed in UInt64(0)..<4 {
        let (result, strategy) = file.definition.simulate(
          setup: file.scenario.setup, profile: file.scenario.runtime, timeline: timeline,
          strategy: RandomStrategy(seed: seed))
        let deviations = Schedule(choices: strategy.choices).deviations
        let marks = result.trace.compactMap { event -> Schedule.Deviation? in
          guard case .choiceTaken(let position, let alternative) = event.kind else { return nil }
          return Schedule.Deviation(position: Int(position), alternative: Int(alternative))
        }
        // An order of windowed instants is told when the earlier instant comes, which may be
        // after choices the run made later.
        #expect(marks.sorted() == deviations, "\(file.path) seed \(seed)")
        let text = TextTraceRenderer.render(
          ScenarioExecution.report(
            file.definition, file.scenario, timeline: timeline,
            strategy: RandomStrategy(seed: seed)))
        for deviation in deviations {
          let mark = "choice \(deviation.position)=\(deviation.alternative)"
          #expect(
            text.components(separatedBy: mark + "\n").count
              + text.components(separatedBy: mark + " ").count - 2 == 1,
            "\(file.path) seed \(seed): \(mark)")
        }
        marked += deviations.count
      }
    }
    #expect(marked > 200)
  }

  @Test func theDefaultScheduleMarksNothing() {
    for (file, timeline) in StreamedTraceTests.timelineFiles() {
      let result = file.definition.simulate(
        setup: file.scenario.setup, profile: file.scenario.runtime, timeline: timeline,
        strategy: DefaultStrategy()
      ).result
      #expect(
        !result.trace.contains { if case .choiceTaken = $0.kind { true } else { false } },
        "\(file.path)")
    }
  }
}
