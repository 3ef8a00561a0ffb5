import CommandTestSupport
import Commands
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A picture read as XML: every element with its attributes, the text it shows (none for a
/// tooltip or a description), and its enclosing group's class.
final class PictureElements: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var attributes: [String: String]
    /// The class of the group it is in, if any.
    var group: String?
    /// The text it shows on the page (a `<title>`'s text is a tooltip, not shown).
    var text = ""

    func number(_ key: String) -> Int? { attributes[key].flatMap { Int($0) } }
  }

  private(set) var elements: [Element] = []
  private var open: [Int] = []
  private var groups: [String?] = []

  /// Parses `svg`; `nil` when it is not well-formed XML.
  static func read(_ svg: String) -> PictureElements? {
    let reading = PictureElements()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = reading
    return parser.parse() ? reading : nil
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if name == "g" { groups.append(attributes["class"]) }
    elements.append(Element(name: name, attributes: attributes, group: groups.last ?? nil))
    open.append(elements.count - 1)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard let index = open.last, elements[index].name == "text" else { return }
    elements[index].text += string
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    open.removeLast()
    if name == "g" { groups.removeLast() }
  }

  /// The texts shown on the page.
  var shownTexts: [String] { elements.filter { $0.name == "text" }.map(\.text) }

  /// The labels over the rows.
  var labels: [Element] { elements.filter { $0.attributes["class"] == "label" } }

  /// The groups of a class, by the group's first element.
  func groups(_ name: String) -> [Element] {
    elements.filter { $0.name == "g" && $0.attributes["class"] == name }
  }
}

/// The timeline picture carries its facts on the page: labels that do not overlap, bars that
/// say what their job did, state rows with their values written in, a crash mark where a task
/// was killed, marks never hidden under a shape, and a legend only for what is drawn.
struct PictureFactsTests {
  func picture(_ scenario: String) throws -> PictureElements {
    let path = repositoryScenarios.appendingPathComponent(scenario).path
    let result = capture { RunCommand(files: [path], format: .svg).execute(console: $0) }
    return try #require(PictureElements.read(result.output), "\(scenario) is not well-formed")
  }

  /// The width a label takes, as the picture estimates it (0.62 of its font size a character).
  static func width(_ label: PictureElements.Element) -> Int {
    (label.text.count * (label.number("font-size") ?? 11) * 62 + 99) / 100
  }

  @Test(
    "no two texts of a picture overlap (labels, row names, values, the heading, the answer)",
    arguments: repositoryScenarioPaths().filter { formats(of: $0).contains(.svg) })
  func textsDoNotOverlap(_ path: String) throws {
    let reading = try picture(String(path.dropFirst("scenarios/".count)))
    #expect(!reading.labels.isEmpty, "the picture labels what it draws")
    // Only the time axis is written at a slant, all on one line, its instants a column or more
    // apart; a slanted label elsewhere (as the marks' labels were) runs into its neighbours.
    let slanted = reading.elements.filter { $0.attributes["transform"] != nil }
    #expect(Set(slanted.compactMap { $0.number("y") }).count <= 1, "slanted text off the axis")
    // Every text but the legend's (laid out in columns of its own) and the time axis's
    // (rotated, a column apart).
    let texts = reading.elements.filter {
      $0.name == "text" && $0.attributes["transform"] == nil && $0.group != "legend"
    }
    for (index, first) in texts.enumerated() {
      let (x1, y1) = (first.number("x") ?? 0, first.number("y") ?? 0)
      for second in texts[(index + 1)...] {
        let (x2, y2) = (second.number("x") ?? 0, second.number("y") ?? 0)
        guard abs(y1 - y2) < 9 else { continue }
        let apart = x1 + Self.width(first) <= x2 || x2 + Self.width(second) <= x1
        #expect(apart, "'\(first.text)' at \(x1),\(y1) runs into '\(second.text)' at \(x2),\(y2)")
      }
    }
  }

  @Test(
    "every mark is drawn after every bar, band, span and S5 stretch, so none hides it",
    arguments: repositoryScenarioPaths().filter { formats(of: $0).contains(.svg) })
  func marksAreOnTop(_ path: String) throws {
    let reading = try picture(String(path.dropFirst("scenarios/".count)))
    let classes = reading.elements.filter { $0.name == "g" }.compactMap { $0.attributes["class"] }
    let lastArea = classes.lastIndex { ["bar", "band", "span", "stretch"].contains($0) }
    let firstMark = classes.firstIndex { $0.hasPrefix("mark ") }
    #expect(firstMark != nil, "every timeline has marks, each in a group of class 'mark …'")
    if let lastArea, let firstMark { #expect(lastArea < firstMark) }
  }

  @Test("the cancel's ✕ in the S5 stretch is on top of it in the committed picture too")
  func cancelOverTheStretchInTheCommittedPicture() throws {
    let url = repositoryRoot.appendingPathComponent(
      "traces/review-prompt/canonical/busy-main-disappear-original.svg")
    let reading = try #require(PictureElements.read(try String(contentsOf: url, encoding: .utf8)))
    let classes = reading.elements.filter { $0.name == "g" }.compactMap { $0.attributes["class"] }
    let stretch = try #require(classes.firstIndex(of: "stretch"))
    let cancel = try #require(classes.firstIndex(of: "mark cancel"))
    #expect(stretch < cancel)
  }

  @Test("what a note, a timer, a held lane and a call say is written on the page, not hover-only")
  func factsAreOnThePage() throws {
    let shown = try picture("review-prompt/canonical/busy-main-disappear-original.yaml")
      .shownTexts
    for fact in [
      "main-busy 100ms: holds the lane until 2.050s",
      "cancel T1 and clear the handle that holds it",
      "timer #1 set", "isCancelled = true", "cancel",
    ] {
      #expect(shown.contains { $0.contains(fact) }, "'\(fact)' is only in a tooltip")
    }
    #expect(shown.contains { $0.contains("ATTEMPT RECORDED") })
    #expect(!shown.contains { $0.contains("hover") })
  }

  @Test(
    "no label is cut short: a long one wraps onto more lines of its row",
    arguments: repositoryScenarioPaths().filter { formats(of: $0).contains(.svg) })
  func labelsAreNotCut(_ path: String) throws {
    let reading = try picture(String(path.dropFirst("scenarios/".count)))
    for label in reading.labels {
      #expect(!label.text.hasSuffix("…"), "'\(label.text)' is cut")
      #expect(label.text.count <= 64, "'\(label.text)' is one long line")
    }
  }

  @Test(
    "the facts at the end of a long label are drawn, not only in its tooltip",
    arguments: [
      ("entitlements/lost-expired-webhook-original.yaml", "member free, panel pro, correct free"),
      (
        "subscription-cache/switch-during-refresh-original.yaml",
        "the database row is wiped, the keychain snapshot is left"
      ),
      ("explore/show-window-s5-original.yaml", "version 1.0.0 not yet prompted) → pending"),
      ("explore/show-window-s5-original.yaml", "(holds the presenter weakly)"),
    ])
  func longLabelsAreDrawnInFull(_ scenario: String, _ fact: String) throws {
    let texts = Self.labelTexts(try picture(scenario))
    #expect(texts.contains { $0.contains(fact) }, "'\(fact)' is not drawn")
  }

  /// The labels of `reading` read back whole: a label's lines share its x and run down the
  /// page (labels of other shapes at the same x are read with them).
  static func labelTexts(_ reading: PictureElements) -> [String] {
    Dictionary(grouping: reading.labels) { $0.number("x") ?? 0 }.values.map { lines in
      lines.sorted { ($0.number("y") ?? 0) < ($1.number("y") ?? 0) }
        .map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
  }

  @Test("a month of a daily job that changes nothing is one column, folded as the text trace is")
  func repeatsAreFolded() throws {
    let scenario = "entitlements/lost-expired-webhook-original.yaml"
    let fold = "⋮ the same again 30 times, every 1d, +1d 01:30:00.000 … +30d 01:30:00.000 (T2–T31)"
    let path = repositoryScenarios.appendingPathComponent(scenario).path
    let text = capture { RunCommand(files: [path], format: .text).execute(console: $0) }
    #expect(text.output.contains(fold), "the text trace folds these instants")
    let reading = try picture(scenario)
    let svg = try #require(reading.elements.first)
    // All 32 days drawn made it over 7,000 px wide, the broken invariant at the far right.
    #expect(try #require(svg.number("width")) < 2_500)
    #expect(reading.groups("fold").count == 1)
    #expect(reading.shownTexts.contains("× 30, every 1d"), "the axis says what the column is")
    #expect(Self.labelTexts(reading).contains { $0.contains(fold) }, "the fold line is drawn")
    // T2 to T31 are folded away: the tasks that end are T1, T32 and T33.
    #expect(reading.groups("mark end").count == 3)
  }

  /// Each kind of mark, by its group's class, and the legend's words for it.
  static let legendEntries = [
    "arrival": "arrival", "cancel": "cancel", "timer": "timer expires",
    "resume": "resumption (returned or threw)", "note": "note", "end": "the task ends",
    "crash": "killed with its process", "decided": "the sleep's outcome is decided",
    "lost": "never arrives (lost)", "dropped": "queued jobs dropped", "stop": "the run stops",
  ]

  @Test(
    "the legend explains every kind of mark drawn, and no other",
    arguments: repositoryScenarioPaths().filter { formats(of: $0).contains(.svg) })
  func legendListsTheMarksDrawn(_ path: String) throws {
    let reading = try picture(String(path.dropFirst("scenarios/".count)))
    let drawn = Set(
      reading.elements.compactMap { element -> String? in
        guard element.name == "g", let name = element.attributes["class"],
          name.hasPrefix("mark ")
        else { return nil }
        return String(name.dropFirst("mark ".count))
      })
    let legend = Set(
      reading.elements.filter { $0.group == "legend" && $0.name == "text" }.map(\.text))
    #expect(drawn.isSubset(of: Self.legendEntries.keys), "a mark the legend cannot name")
    for (mark, entry) in Self.legendEntries {
      #expect(drawn.contains(mark) == legend.contains(entry), "'\(entry)' in the legend")
    }
    #expect(Self.drawsBreaks(reading) == legend.contains(Self.breakEntry))
  }

  static let breakEntry = "a long gap, not to scale"

  /// Whether the time axis has a break (`≈`) over a long gap.
  static func drawsBreaks(_ reading: PictureElements) -> Bool {
    reading.elements.contains { $0.name == "text" && $0.text == "≈" && $0.group != "legend" }
  }

  @Test("a state row's band says its value again after each break of the time axis")
  func bandsAreLabelledAfterBreaks() throws {
    let reading = try picture("subscription-cache/refund-after-foreground-original.yaml")
    let values = reading.elements.filter {
      $0.name == "text" && $0.attributes["class"] == "value"
    }
    // signed-in-account is `a` the whole run, across three breaks.
    #expect(values.filter { $0.text == "a" }.count >= 4)
    #expect(
      reading.elements.contains {
        $0.group == "legend" && $0.text.hasPrefix("a state row's value")
      })
  }

  @Test("a time axis broken over a long gap has the break in its legend")
  func breaksAreInTheLegend() throws {
    let reading = try picture("purchases/killed-before-verify-day-2-original.yaml")
    #expect(Self.drawsBreaks(reading))
    #expect(
      reading.elements.contains {
        $0.group == "legend" && $0.name == "text" && $0.text == Self.breakEntry
      })
  }

  @Test("a happening that never arrives has a mark of its own, not the cancel's ✕")
  func lostHappeningHasItsOwnMark() throws {
    let reading = try picture("entitlements/lost-expired-webhook-never-original.yaml")
    #expect(reading.groups("mark lost").count == 1)
    #expect(reading.groups("mark cancel").isEmpty, "nothing is cancelled in this run")
    #expect(reading.labels.contains { $0.text.contains("webhook a expired never arrives: lost") })
    // The run's stop is not a task's end either.
    #expect(reading.groups("mark stop").count == 1)
    #expect(reading.labels.contains { $0.text.hasPrefix("until: the run stops here") })
    // The two glyphs differ in shape or look, not only in where they are.
    let cancelled = try picture("review-prompt/canonical/busy-main-disappear-original.yaml")
    func glyph(_ reading: PictureElements, _ mark: String) -> Set<String> {
      Set(
        reading.elements.filter { $0.group == "mark \(mark)" && !["g", "title"].contains($0.name) }
          .map { element in
            ([element.name]
              + ["fill", "stroke", "stroke-dasharray"].map {
                element.attributes[$0] ?? ""
              }).joined(separator: " ")
          })
    }
    let lost = glyph(reading, "lost")
    #expect(!lost.isEmpty && lost.isDisjoint(with: glyph(cancelled, "cancel")))
    #expect(lost.isDisjoint(with: glyph(reading, "arrival")))
  }

  @Test("a broken band says when, in which job and after which of its lines it broke, and why")
  func brokenBandsPointAtTheirLine() throws {
    let reading = try picture("review-prompt/canonical/busy-main-disappear-original.yaml")
    #expect(reading.groups("broken").count == 2, "both bands fall inside T1's one job")
    let texts = Self.labelTexts(reading)
    for (name, after, why) in [
      ("no-fire-after-cancel", "calls fire", "T1 entered fire after it was cancelled"),
      ("attempt-while-visible", "ATTEMPT RECORDED", "attempt recorded while the completion"),
    ] {
      let band = texts.first { $0.hasPrefix("BROKEN \(name) at 2.050s (in T1 resumes, after") }
      #expect(band?.contains("after \(after)") == true, "'\(name)' names the line before it")
      #expect(band?.contains(why) == true, "'\(name)' says why it broke")
    }
    // The job's label has the break between its lines, where the text trace has its `!!` line.
    let bar = try #require(texts.first { $0.hasPrefix("T1 resumes:") })
    let found = [
      "calls fire", "!! BROKEN no-fire-after-cancel", "ATTEMPT RECORDED",
      "!! BROKEN attempt-while-visible",
    ].compactMap { bar.range(of: $0)?.lowerBound }
    #expect(found.count == 4 && found == found.sorted(), "the breaks are among the job's lines")
  }

  @Test("a bar says what its job did: the job, then its calls and notes")
  func barsSayWhatTheJobDid() throws {
    let labels = try picture("purchases/killed-before-verify-day-2-original.yaml").labels.map(
      \.text)
    #expect(labels.contains("T1 starts: calls store-sheet"))
    #expect(labels.contains("T1 resumes:") && labels.contains("  calls charge"))
  }

  @Test("a task killed with its process ends at a crash mark, where its sleep ends")
  func killedTaskHasACrashMark() throws {
    let reading = try picture("purchases/killed-before-verify-day-2-original.yaml")
    let crash = try #require(reading.groups("mark crash").first)
    let span = try #require(
      reading.elements.first { $0.name == "rect" && $0.group == "span" })
    #expect((span.number("x") ?? 0) + (span.number("width") ?? 0) == crash.number("data-x"))
    #expect(reading.labels.contains { $0.text == "killed" })
    #expect(reading.shownTexts.contains("killed with its process"), "the legend explains it")
    let happy = try picture("review-prompt/canonical/happy-path-original.yaml")
    #expect(happy.groups("mark crash").isEmpty)
    #expect(!happy.shownTexts.contains("killed with its process"))
  }

  @Test("a state row the model's picture names is a band per value, the value written in it")
  func stateRowsShowTheirValues() throws {
    let reading = try picture("entitlements/account-switch-original.yaml")
    #expect(reading.shownTexts.contains("signed-in-account"))
    let bands = reading.elements.filter { $0.attributes["class"] == "value" }
    // Each band starts with its value (a break inside a band may say it again).
    let accounts = bands.filter { ["a", "b"].contains($0.text) }.map(\.text)
    #expect(zip(accounts, accounts.dropFirst()).filter { $0 != $1 }.count == 1)
    #expect(accounts.first == "a" && accounts.last == "b")
    // The value is inside its band's rectangle.
    let rects = reading.elements.filter { $0.name == "rect" && $0.group == "band" }
    for text in bands {
      let x = text.number("x") ?? 0
      let inside = rects.contains { rect in
        let left = rect.number("x") ?? 0
        return left < x && x + Self.width(text) <= left + (rect.number("width") ?? 0)
      }
      #expect(inside, "'\(text.text)' is written in its band")
    }
    // b is signed in from the end of the switch's job on (a bar reaches 5 past its end).
    let bars = reading.elements.filter { $0.name == "rect" && $0.group == "bar" }
    let switchLabel = try #require(reading.labels.first { $0.text.hasPrefix("switch-account b:") })
    let bar = try #require(bars.first { $0.number("x") == switchLabel.number("x") })
    let bText = try #require(bands.first { $0.text == "b" })
    let b = try #require(rects.first { ($0.number("x") ?? 0) + 4 == bText.number("x") })
    #expect(b.number("x") == (bar.number("x") ?? 0) + (bar.number("width") ?? 0) - 5)
  }

  @Test("a model without picture rows draws no band, and its text trace has no state line")
  func noRowsNoBands() throws {
    let reading = try picture("cookbook/actor-reentrancy.yaml")
    #expect(reading.groups("band").isEmpty)
    let text = capture {
      RunCommand(
        files: [repositoryScenarios.appendingPathComponent("cookbook/actor-reentrancy.yaml").path],
        format: .text
      ).execute(console: $0)
    }
    #expect(!text.output.contains("\nstate "))
  }

  @Test(
    "the text trace reads the state rows: their values at the start, each change under its happening"
  )
  func rowsInTheText() throws {
    let path = repositoryScenarios.appendingPathComponent(
      "entitlements/account-switch-original.yaml"
    ).path
    let text = capture { RunCommand(files: [path], format: .text).execute(console: $0) }.output
    let lines = text.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "state signed-in-account a · tier-shown free · server-last-answer none · "
          + "server-row-status no row · entitled-tier free"
      ))
    let switched = try #require(lines.firstIndex { $0.contains("switch-account b ") })
    let broken = try #require(lines[switched...].firstIndex { $0.hasPrefix("!!") })
    let changes = lines[(switched + 1)..<broken].map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(changes.contains("signed-in-account a → b"))
    #expect(changes.contains("entitled-tier pro → free"))
  }

}

/// `compare --format svg` stays readable at two to four runs: no answer runs into the next
/// column, no text is cut or runs past the picture's edge, and no two texts overlap.
struct ComparePictureLayoutTests {
  static let cases: [(scenario: String, variants: String)] = [
    ("review-prompt/canonical/busy-main-disappear-original.yaml", "original,cancel-guard"),
    (
      "review-prompt/canonical/busy-main-disappear-original.yaml",
      "original,cancel-guard,foreground-guard"
    ),
    ("subscription-cache/refund-after-foreground-original.yaml", "original,fixed,late-crash"),
    ("entitlements/account-switch-original.yaml", "original,grace-cut,grace-uncapped,fixed"),
    ("entitlements/account-switch-original.yaml", "original,grace-cut"),
  ]

  @Test(arguments: cases.indices)
  func readable(_ index: Int) throws {
    let (scenario, variants) = Self.cases[index]
    let result = try runRacelab([
      "compare", repositoryScenarios.appendingPathComponent(scenario).path, "--variants",
      variants, "--format", "svg",
    ])
    #expect(result.status == 0)
    let reading = try #require(PictureElements.read(result.outputText))
    let svg = try #require(reading.elements.first)
    let width = try #require(svg.number("width"))
    let runs = variants.split(separator: ",").count
    let columnWidth = 92 * 6 + 16
    // A monospace character is 0.6 of its size; sans-serif is estimated at 0.62 (bold included,
    // which measures about 0.55 in Chromium's rendering of these answers).
    func estimate(_ text: PictureElements.Element) -> Int {
      let size = text.number("font-size") ?? 10
      let mono = text.attributes["font-family"] == "monospace"
      return (text.text.count * size * (mono ? 60 : 62) + 99) / 100
    }
    let texts = reading.elements.filter { $0.name == "text" }
    for text in texts {
      let x = text.number("x") ?? 0
      #expect(x + estimate(text) <= width, "'\(text.text)' runs past the picture's edge")
      #expect(!text.text.hasSuffix("…"), "'\(text.text)' is cut")
      // A text in a run's column stays in that column.
      if ["answer", "cell", "run", "warning"].contains(text.attributes["class"] ?? "") {
        let column = (x - 24) / columnWidth
        #expect(column < runs)
        #expect(
          x + estimate(text) <= 24 + (column + 1) * columnWidth,
          "'\(text.text)' runs into the next column")
      }
    }
    let answers = texts.filter { $0.attributes["class"] == "answer" }
    #expect(answers.count >= 2 * runs)
    for (offset, first) in answers.enumerated() {
      for second in answers[(offset + 1)...] where first.number("y") == second.number("y") {
        let (x1, x2) = (first.number("x") ?? 0, second.number("x") ?? 0)
        #expect(
          x1 + estimate(first) <= x2 || x2 + estimate(second) <= x1,
          "answers '\(first.text)' and '\(second.text)' overlap")
      }
    }
  }
}
