import CommandTestSupport
import Commands
import Foundation
import Testing

/// What a review-prompt trace tells apart: an attempt uses the version's one review request,
/// whether or not the system then shows the prompt; and the picture has a row for whether the
/// completion screen is in front of the user, what `attempt-while-visible` asks.
struct ReviewPromptReadingTests {
  static let busyMain = repositoryScenarios.appendingPathComponent(
    "review-prompt/canonical/busy-main-disappear-original.yaml"
  ).path

  @Test("the answer calls an attempt a review request, not a prompt spent")
  func theAnswerSaysReviewRequest() throws {
    let run = capture { RunCommand(files: [Self.busyMain]).execute(console: $0) }
    let harm = try #require(
      run.output.split(separator: "\n").first { $0.hasPrefix("HARM: ") })
    #expect(
      harm.hasSuffix(
        "this version's one review request used after the user left the completion screen: its "
          + "prompt, if shown at all, lands on another screen"))
    #expect(!run.output.contains("only prompt"))
    #expect(run.output.contains("requestReview → system shows the prompt"))
  }

  @Test("the picture shows whether the completion screen is in front of the user")
  func thePictureHasTheScreenRow() throws {
    let run = capture {
      RunCommand(files: [Self.busyMain], format: .svg).execute(console: $0)
    }
    let reading = try #require(SVGReading.read(run.output))
    #expect(reading.texts.contains("completion-screen"))
    let values = reading.texts.filter { ["visible", "not showing"].contains($0) }
    #expect(values == ["not showing", "visible", "not showing"])
  }
}
