import CommandTestSupport
import Commands
import Foundation
import Renderers
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What an XML parser makes of a picture: the element names in document order, whether each
/// group has a tooltip, and every text.
final class SVGReading: NSObject, XMLParserDelegate {
  private(set) var elements: [String] = []
  private(set) var texts: [String] = []
  private(set) var groupsWithoutTitle = 0
  private var openGroups: [Bool] = []
  private var text = ""

  /// Parses `svg`; `nil` when it is not well-formed XML.
  static func read(_ svg: String) -> SVGReading? {
    let reading = SVGReading()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = reading
    return parser.parse() ? reading : nil
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append(name)
    if name == "title", !openGroups.isEmpty { openGroups[openGroups.count - 1] = true }
    if name == "g" { openGroups.append(false) }
    text = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if name == "g", let hasTitle = openGroups.popLast(), !hasTitle, openGroups.isEmpty {
      groupsWithoutTitle += 1
    }
    if !text.isEmpty { texts.append(text) }
    text = ""
  }
}

/// `run --format svg` draws every timeline scenario as a well-formed, self-contained picture.
struct SVGOutputTests {
  func svg(_ path: String) -> (status: ExitStatus, output: String, error: String) {
    let result = capture { RunCommand(files: [path], format: .svg).execute(console: $0) }
    return (result.status, result.output, result.error)
  }

  @Test(arguments: repositoryScenarioPaths().filter { formats(of: $0).contains(.svg) })
  func everyTimelineScenarioIsWellFormedAndSelfContained(_ path: String) throws {
    let run = svg(repositoryRoot.appendingPathComponent(path).path)
    #expect(run.error == "")
    let reading = try #require(SVGReading.read(run.output), "\(path) is not well-formed XML")
    #expect(reading.elements.first == "svg")
    #expect(Array(reading.elements.dropFirst().prefix(2)) == ["title", "desc"])
    #expect(reading.groupsWithoutTitle == 0, "every drawn happening explains itself")
    #expect(!reading.elements.contains("script") && !reading.elements.contains("image"))
    #expect(
      !run.output.contains("http://") || run.output.components(separatedBy: "http://").count == 2)
  }

  @Test func theBusyMainRaceShowsTheBusyBarTheLateCancelAndWhatBroke() throws {
    let path = repositoryScenarios.appendingPathComponent(
      "review-prompt/canonical/busy-main-disappear-original.yaml"
    ).path
    let run = svg(path)
    let reading = try #require(SVGReading.read(run.output))
    #expect(reading.texts.contains("main"))
    #expect(reading.texts.contains("T1"))
    #expect(reading.texts.contains { $0.hasPrefix("BROKEN no-fire-after-cancel at 2.050s") })
    #expect(reading.texts.contains("main-busy 100ms: holds the lane until 2.050s"))
    #expect(reading.texts.contains { $0.hasPrefix("cancel T1 → sleep already completed") })
    #expect(run.output == svg(path).output)
  }

  @Test("a replayed schedule's picture names its title, its schedule and its window choices")
  func aCounterexamplePictureSaysWhichRunItIs() throws {
    let path = repositoryScenarios.appendingPathComponent(
      "explore/show-window-s5-original.yaml"
    ).path
    var command = RunCommand(files: [path], format: .svg)
    command.schedule = "9faf2305:0=1,1=1"
    let run = capture { command.execute(console: $0) }
    let reading = try #require(SVGReading.read(run.output))
    #expect(reading.texts.contains { $0.hasPrefix("\"The completion screen shows somewhere") })
    #expect(
      reading.texts.contains(
        "schedule 9faf2305:0=1,1=1 · not the default schedule: a replayed ordering"))
    #expect(reading.texts.contains("screen-show at 0.001s, window 0.000s…0.060s"))
  }

  @Test("a long answer wraps under the timeline instead of widening the picture")
  func aLongAnswerWraps() throws {
    let path = repositoryScenarios.appendingPathComponent(
      "review-prompt/canonical/busy-main-disappear-original.yaml"
    ).path
    let run = svg(path)
    let reading = try #require(SVGReading.read(run.output))
    let first = try #require(reading.texts.firstIndex { $0.hasPrefix("HARM: ") })
    let answer = reading.texts[first...].prefix { !$0.hasPrefix("fix: ") }
    #expect(answer.count > 1, "the answer takes more than one line")
    #expect(answer.allSatisfy { $0.count <= 130 })
    #expect(
      answer.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        .hasSuffix(
          "this version's one review request used after the user left the completion screen: "
            + "its prompt, if shown at all, lands on another screen · broken: "
            + "no-fire-after-cancel, attempt-while-visible"))
    let width = try #require(run.output.firstMatch(of: /<svg [^>]*width="(\d+)"/)?.output.1)
    // On one line the answer would need over 2,000 pixels.
    #expect(Int(width) ?? .max < 1_500, "the answer does not set the picture's width")
  }

  @Test("the legend explains the marks the picture draws, and no other")
  func legendOnlyForMarksDrawn() throws {
    func legend(_ scenario: String) throws -> [String] {
      let run = svg(repositoryScenarios.appendingPathComponent(scenario).path)
      let part = try #require(run.output.split(separator: "<title>legend</title>").last)
      return part.matches(of: /<text x="[0-9]+" y="[0-9]+">([^<]*)<\/text>/).map { String($0.1) }
    }
    let happy = try legend("review-prompt/canonical/happy-path-original.yaml")
    #expect(happy.contains("arrival") && happy.contains("timer expires"))
    for absent in ["cancel", "broken invariant", "job holding its lane"] {
      #expect(!happy.contains(absent), "nothing is cancelled, broken or held in the happy path")
    }
    let busy = try legend("review-prompt/canonical/busy-main-disappear-original.yaml")
    for present in ["cancel", "broken invariant", "job holding its lane"] {
      #expect(busy.contains(present))
    }
  }

  @Test("the S5 stretch is drawn where a cancel only set the flag, under the cancel's mark")
  func flagOnlyStretchWhereACancelLanded() throws {
    let box = "fill=\"url(#flag-only)\" stroke=\"#7c3aed\" stroke-dasharray"
    let happy = svg(
      repositoryScenarios.appendingPathComponent("review-prompt/canonical/happy-path-original.yaml")
        .path
    ).output
    #expect(!happy.contains(box), "nothing is cancelled in the happy path")
    let busy = svg(
      repositoryScenarios.appendingPathComponent(
        "review-prompt/canonical/busy-main-disappear-original.yaml"
      ).path
    ).output
    let stretch = try #require(busy.range(of: box))
    let cancel = try #require(busy.range(of: "<title>cancel T1 → sleep already completed"))
    #expect(stretch.lowerBound < cancel.lowerBound, "drawn first, so the cancel's mark is on top")
  }

  @Test func aLongIdleGapIsABreakNotAnEndlessPicture() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "long.yaml",
      "name: long\nmodel: review-prompt\ntimeline:\n  - {at: 0s, event: game-won}\n"
        + "  - {at: 120d, event: game-won}\n")
    let run = svg(folder.path("long.yaml"))
    let reading = try #require(SVGReading.read(run.output))
    #expect(reading.texts.contains("≈"))
    #expect(reading.texts.contains("a gap of 120d, not to scale"))
    #expect(reading.texts.contains("+120d 00:00:00.000"))
    let width = try #require(run.output.firstMatch(of: /width="(\d+)"/).map { Int($0.1) })
    #expect(width.map { $0 < 1000 } == true)
  }

  @Test func scenarioTextCannotBreakThePicture() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "hostile.yaml",
      "name: hostile\ntitle: \"</title><script>alert('x')</script> & \\e[2J\"\n"
        + "model: review-prompt\ntimeline:\n  - {at: 0s, event: game-won}\n")
    let run = svg(folder.path("hostile.yaml"))
    let reading = try #require(SVGReading.read(run.output))
    #expect(!reading.elements.contains("script"))
    #expect(!run.output.unicodeScalars.contains { $0.value == 0x1B })
    #expect(
      reading.texts.contains { $0.contains("</title><script>alert('x')</script> & \\u{1B}[2J") })
  }

  @Test func aTruthTableHasNoTimelineToDraw() {
    let run = svg(
      repositoryScenarios.appendingPathComponent("eligibility/eligibility-truth-table.yaml").path)
    #expect(run.status == .badInput)
    #expect(run.output == "")
    #expect(run.error.contains("a truth-table scenario has no timeline to draw"))
  }
}
