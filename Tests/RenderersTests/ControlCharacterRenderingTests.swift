import ModelContract
import RacelabKernel
import Renderers
import Testing

/// The text renderers escape control characters in whatever a report carries, also when it was
/// built in code and never went through the scenario decoder: a title or a fact with a line
/// break stays on its line, an escape sequence is shown and not sent.
@Suite struct ControlCharacterRenderingTests {
  static let forged = "x\u{1B}[2J\u{07}\r\n!!    9.999s  main  BROKEN fake"
  static let shown = #"x\u{1B}[2J\u{07}\r\n!!    9.999s  main  BROKEN fake"#

  /// Every line of `text`, checked: no raw control character, no line starting with `!!`.
  static func expectClean(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
  {
    for line in text.split(separator: "\n") {
      #expect(
        !line.unicodeScalars.contains(where: VisibleText.isEscaped), sourceLocation: sourceLocation)
      #expect(!line.hasPrefix("!!"), "\(line)", sourceLocation: sourceLocation)
    }
  }

  @Test func aTraceShowsTheTitleAndTheFactsEscaped() {
    var builder = ReportBuilder.wonAndShown(variant: "cancel-guard")
    builder.title = Self.forged
    builder.initialState = ["app " + Self.forged]
    builder.fixHint = Self.forged
    let text = TextTraceRenderer.render(builder.report())
    Self.expectClean(text)
    #expect(text.contains("scenario happy-path — \"\(Self.shown)\"\n"))
    #expect(text.contains(" · app \(Self.shown)\n"))
    #expect(text.hasSuffix("\n\(Self.shown)\n"))
  }

  @Test func aSubjectIsPaddedAsItIsShown() {
    var builder = ReportBuilder.wonAndShown(variant: "cancel-guard")
    builder.add("app-update", atMilliseconds: 1000, ["version": .text("2\u{1B}")])
    let text = TextTraceRenderer.render(builder.report())
    Self.expectClean(text)
    // `app-update 2\u{1B}` is 18 characters as shown; the explanation column stays at 48.
    #expect(text.contains("\n      1.000s  1  ·     app-update 2\\u{1B}         version 1.4.0 → 2"))
  }

  @Test func aTableShowsItsTitleAndCellsEscaped() {
    let report = TableReport(
      scenario: "t", title: Self.forged, model: "review-prompt", table: "eligibility",
      rows: [
        TableReport.Row(
          inputs: ["version " + Self.forged],
          result: TableRowResult(
            actual: .bool(true), expected: .bool(true), decidedBy: "force-override"))
      ])
    let text = TableTextRenderer.render(report)
    Self.expectClean(text)
    #expect(text.contains("#1  version \(Self.shown)\n"))
  }

  @Test func anExplorationShowsTheFileEscaped() {
    let report = ExplorationReport(
      scenario: "x", model: "review-prompt", runtime: "swift", variant: "original",
      strategy: "exhaustive", schedules: 1, complete: true, states: 1,
      outcomes: [
        .init(
          summary: [], violations: [], headline: Self.forged, count: 1, schedule: "0:default")
      ],
      violations: [], verdict: .init(expected: [], missing: [], unexpected: []),
      replayCommand: "racelab run " + Self.forged)
    let text = ExplorationTextRenderer.render(report)
    Self.expectClean(text)
    #expect(text.contains("  1 × \(Self.shown)\n"))
    #expect(text.contains("replay: racelab run \(Self.shown) --schedule 0:default\n"))
  }
}
