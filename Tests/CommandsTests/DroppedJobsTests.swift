import CommandTestSupport
import Foundation
import Testing

/// A process end drops what its lanes hold (L1); the trace names what was dropped, so an
/// arrival that never ran is still in the text trace (it was only in the JSON one).
struct DroppedJobsTests {
  @Test("an arrival dropped at the instant it arrives is named in the trace")
  func droppedArrivalIsNamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "s.yaml",
      """
      name: s
      model: review-prompt
      app: {wins: 4}
      timeline:
        - {at: 1s, event: game-won}
        - {at: 1s, event: screen-show}
        - {at: 1s, event: relaunch}

      """)
    let run = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(run.status == 0)
    #expect(
      run.outputText.contains("2 queued jobs dropped (game-won, screen-show): the process died"))
  }
}
