import CommandTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What an XML parser reads in a report page: its links, the texts of its `pre` blocks, and
/// whether it holds a picture.
final class ReportReading: NSObject, XMLParserDelegate {
  private(set) var links: [String] = []
  private(set) var preformatted: [String] = []
  private(set) var elements: [String] = []
  private var inPre = false
  private var text = ""

  static func read(_ data: Data) -> ReportReading? {
    let reading = ReportReading()
    let parser = XMLParser(data: data)
    parser.delegate = reading
    return parser.parse() ? reading : nil
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append(name)
    if name == "a", let href = attributes["href"] { links.append(href) }
    if name == "pre" {
      inPre = true
      text = ""
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inPre { text += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if name == "pre" {
      preformatted.append(text)
      inPre = false
    }
  }
}

/// `racelab report`: a site of every scenario that a parser (and a browser) reads from the disk.
struct ReportCommandTests {
  @Test func everyScenarioHasAPageWithItsPictureAndItsGoldenTrace() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = try runRacelab(["report", repositoryScenarios.path, "--out", folder.path("site")])
    #expect(result.status == 0, "\(result.errorText)")
    let index = try #require(folder.read("site/index.html"))
    let reading = try #require(ReportReading.read(index), "index.html is not well-formed")
    let paths = repositoryScenarioPaths().map { String($0.dropFirst("scenarios/".count)) }
    #expect(paths.count >= 100)
    #expect(reading.links == paths.map { String($0.dropLast(".yaml".count)) + ".html" })
    for path in paths {
      let name = String(path.dropLast(".yaml".count))
      let data = try #require(folder.read("site/\(name).html"), "no page for \(path)")
      let page = try #require(ReportReading.read(data), "\(name).html is not well-formed")
      let depth = path.split(separator: "/").count - 1
      #expect(page.links.first == String(repeating: "../", count: depth) + "index.html")
      let golden = try String(
        contentsOf: repositoryTraces.appendingPathComponent(name + ".trace"), encoding: .utf8)
      #expect(page.preformatted.first == golden, "the trace on \(name).html is its golden")
      let timeline = formats(of: "scenarios/\(path)").contains(.svg)
      #expect(page.elements.contains("svg") == timeline, "\(name).html")
      #expect(!page.elements.contains("script"))
    }
  }

  @Test func theSameScenariosWriteTheSameBytes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenarios = repositoryScenarios.appendingPathComponent("review-prompt/canonical").path
    _ = try runRacelab(["report", scenarios, "--out", folder.path("a")])
    _ = try runRacelab(["report", scenarios, "--out", folder.path("b")])
    let a = folder.snapshot().filter { $0.key.hasPrefix("a/") }
    let b = folder.snapshot().filter { $0.key.hasPrefix("b/") }
    #expect(a.count == 26)
    #expect(
      Dictionary(uniqueKeysWithValues: a.map { (String($0.key.dropFirst(2)), $0.value) })
        == Dictionary(uniqueKeysWithValues: b.map { (String($0.key.dropFirst(2)), $0.value) }))
  }

  @Test func aFileThatCannotRunIsListedAndTheStatusSaysSo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "s/good.yaml", "name: good\nmodel: review-prompt\ntimeline:\n  - {at: 0s, event: game-won}\n")
    try folder.write(
      "s/bad.yaml", "name: bad\nmodel: review-prompt\ntimeline:\n  - {at: 0s, event: gam-won}\n")
    let result = try runRacelab(["report", "s", "--out", "site"], in: folder.url)
    #expect(result.status == 2)
    #expect(result.errorText.contains("s/bad.yaml:4:"))
    let index = String(decoding: try #require(folder.read("site/index.html")), as: UTF8.self)
    #expect(index.contains("not run: the file has errors"))
    #expect(index.contains("good.html"))
  }

  @Test func mistakesAreReported() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("file", "x")
    let missing = try runRacelab(["report", repositoryScenarios.path], in: folder.url)
    #expect(missing.status == 2)
    #expect(missing.errorText.contains("report needs --out DIR"))
    let onAFile = try runRacelab(
      ["report", repositoryScenarios.path, "--out", "file"], in: folder.url)
    #expect(onAFile.status == 2)
    #expect(onAFile.errorText.contains("cannot create the folder 'file' for the report"))
  }
}
