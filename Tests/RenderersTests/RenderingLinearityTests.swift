import ModelContract
import RacelabKernel
import ReviewPromptModel
import Testing

@testable import Renderers

/// Rendering is linear in the number of trace events: many happenings at one instant must not
/// make the narrator copy or rescan its lane queues per job, and the text must not repeat the
/// whole queue on every line. Work is counted, never timed, so the tests hold on any machine.
@Suite struct RenderingLinearityTests {
  /// `count` window-attach events at 1 ns, optionally behind a main lane busy from 0 to 1 s,
  /// so every arrival explains what it waits behind.
  static func sameInstant(_ count: Int, busy: Bool) -> RunReport {
    var builder = ReportBuilder()
    if busy { builder.add("main-busy", atMilliseconds: 0, ["for": .duration(1_000_000_000)]) }
    let attach = ScriptedEvent(name: "window-attach", fields: NamedValues())
    for _ in 0..<count {
      builder.timeline.append(ScriptedHappening(attach, .at(VirtualTime(nanoseconds: 1))))
    }
    return builder.report()
  }

  /// The work the narrator's lane queues did on `report`'s trace.
  static func queueWork(_ report: RunReport) -> Int {
    let phrases = Phrasebook(words: RuntimeWords(runtime: "swift"), laneNames: report.laneNames)
    return TraceNarrator.reading(report.result.trace, phrases: phrases).queueWork
  }

  @Test(arguments: [false, true])
  func queueWorkGrowsLinearlyWithHappeningsAtOneInstant(busy: Bool) {
    let small = Self.sameInstant(400, busy: busy)
    let large = Self.sameInstant(1600, busy: busy)
    let (smallWork, largeWork) = (Self.queueWork(small), Self.queueWork(large))
    // Four times the happenings: about four times the work (quadratic work would be sixteen
    // times; compacting a queue adds a little that does not depend on its length), and a few
    // units per event.
    #expect(2 * largeWork <= 9 * smallWork, "work \(smallWork) for 400, \(largeWork) for 1600")
    #expect(largeWork <= 8 * large.result.trace.count)
  }

  @Test func textGrowsLinearlyWhenEveryArrivalWaits() {
    let small = TextTraceRenderer.render(Self.sameInstant(400, busy: true)).utf8.count
    let large = TextTraceRenderer.render(Self.sameInstant(1600, busy: true)).utf8.count
    // A wider job count takes one more digit on some lines, hence 4.5 and not 4.
    #expect(2 * large <= 9 * small, "\(small) bytes for 400 happenings, \(large) for 1600")
  }
}
