import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `check --junit FILE` and `explore --junit FILE`: a JUnit XML report of the shape CI systems
/// read (testsuites > testsuite > testcase, with failure or error and its text), parsed back
/// with an XML parser.
struct JUnitReportTests {
  /// The elements of an XML document, in order, with their attributes and text.
  final class Elements: NSObject, XMLParserDelegate {
    struct Element {
      var name: String
      var attributes: [String: String]
      var path: [String]
      var text = ""
    }

    var all: [Element] = []
    private var open: [Int] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      all.append(Element(name: name, attributes: attributes, path: open.map { all[$0].name }))
      open.append(all.count - 1)
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let last = open.last { all[last].text += string }
    }

    /// The elements of `data`, or `nil` when it is not well-formed XML.
    static func of(_ data: Data) -> [Element]? {
      let parser = XMLParser(data: data)
      let elements = Elements()
      parser.delegate = elements
      return parser.parse() ? elements.all : nil
    }
  }

  private let passing = """
    name: passing
    model: ./counter.model.yaml
    timeline:
      - {at: 0s, event: tap}

    """

  private let model =
    tapCounterModel + """
      invariants:
        at-most-one:
          always: "app.count <= 1"

      """

  @Test("check: a passing file, a golden that differs, a file that does not decode")
  func checkReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("scenarios/counter.model.yaml", model)
    try folder.write("scenarios/passing.yaml", passing)
    try folder.write(
      "scenarios/differs.yaml",
      passing.replacingOccurrences(of: "name: passing", with: "name: differs"))
    try folder.write("scenarios/broken.yaml", "name: broken\nmodel: ./counter.model.yaml\n<&>\n")
    let update = try runRacelab(["check", "scenarios", "--update"], in: folder.url)
    #expect(update.status == 2)
    try folder.write("traces/differs.trace", "an old golden & <markup>\n")
    let result = try runRacelab(["check", "scenarios", "--junit", "report.xml"], in: folder.url)
    #expect(result.status == 2, "\(result.outputText)\(result.errorText)")
    let data = try #require(folder.read("report.xml"))
    let elements = try #require(Elements.of(data), "not well-formed XML")
    #expect(elements.first?.name == "testsuites")
    #expect(elements.first?.attributes["tests"] == "4")
    #expect(elements.first?.attributes["failures"] == "1")
    #expect(elements.first?.attributes["errors"] == "1")
    let cases = elements.filter { $0.name == "testcase" }
    #expect(cases.allSatisfy { $0.path == ["testsuites", "testsuite"] })
    #expect(
      cases.map { $0.attributes["name"] ?? "" } == [
        "scenarios/counter.model.yaml", "scenarios/broken.yaml", "scenarios/differs.yaml",
        "scenarios/passing.yaml",
      ])
    let failure = try #require(elements.first { $0.name == "failure" })
    #expect(failure.path.last == "testcase")
    #expect(failure.attributes["message"]?.hasPrefix("FAIL scenarios/differs.yaml") == true)
    #expect(failure.text.contains("-an old golden & <markup>"), "\(failure.text)")
    let error = try #require(elements.first { $0.name == "error" })
    #expect(error.attributes["message"]?.contains("scenarios/broken.yaml:3:1: error:") == true)
  }

  @Test("explore: a file whose broken invariants are not the expected ones fails")
  func exploreReport() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("counter.model.yaml", model)
    try folder.write(
      "twice.yaml",
      passing.replacingOccurrences(of: "name: passing", with: "name: twice")
        + "  - {at: 1s, event: tap}\n")
    try folder.write(
      "once.yaml", passing.replacingOccurrences(of: "name: passing", with: "name: once"))
    let result = try runRacelab(
      ["explore", "once.yaml", "twice.yaml", "--junit", "explore.xml"], in: folder.url)
    #expect(result.status == 1)
    let data = try #require(folder.read("explore.xml"))
    let elements = try #require(Elements.of(data), "not well-formed XML")
    #expect(elements.first?.attributes["name"] == "racelab explore")
    #expect(elements.first?.attributes["tests"] == "2")
    #expect(elements.first?.attributes["failures"] == "1")
    let failure = try #require(elements.first { $0.name == "failure" })
    #expect(failure.attributes["message"]?.contains("NOT as expected") == true)
    #expect(failure.text.contains("at-most-one breaks"), "\(failure.text)")
  }
}
