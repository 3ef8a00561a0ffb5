import ScenarioFormat
import Testing
import YAML

/// Parses `text`, recording an issue with every diagnostic if it fails.
func parseValidYAML(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
  -> YAMLNode?
{
  switch YAMLParser.parse(Array(text.utf8)) {
  case .success(let node):
    return node
  case .failure(let list):
    let report = list.diagnostics.map { $0.formatted(path: "input") }.joined(separator: "\n")
    Issue.record("unexpected diagnostics:\n\(report)", sourceLocation: sourceLocation)
    return nil
  }
}

extension Result<YAMLNode, DiagnosticList> {
  /// The `line:column` of every diagnostic, or an empty list on success.
  fileprivate var diagnosticLocations: [String] {
    guard case .failure(let list) = self else { return [] }
    return list.diagnostics.map { "\($0.location.line):\($0.location.column)" }
  }
}

extension String {
  /// This string with every `target` replaced, without Foundation.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    reduce(into: "") { $0 += $1 == target ? replacement : String($1) }
  }
}

/// Valid documents parse to the same trees as PyYAML's BaseLoader.
struct YAMLValidDocumentTests {
  @Test(arguments: yamlValidCases)
  func validDocumentMatchesPyYAMLTree(_ validCase: YAMLValidCase) {
    #expect(parseValidYAML(validCase.yaml)?.canonicalJSON() == validCase.json)
  }

  @Test func nodesRecordLocationsAndStyles() throws {
    let root = try #require(
      parseValidYAML("# c\nrace:\n  name: 'x'\n  laps: [1, \"2\"]\n  about: |\n    a\n"))
    guard case .mapping(let top) = root.content, case .mapping(let race) = top[0].value.content
    else {
      Issue.record("expected nested mappings")
      return
    }
    #expect(root.location == YAML.SourceLocation(line: 2, column: 1))
    #expect(race.map(\.key) == ["name", "laps", "about"])
    #expect(race.map(\.keyLocation.column) == [3, 3, 3])
    #expect(
      race[0].value
        == YAMLNode(location: .init(line: 3, column: 9), content: .scalar("x", .singleQuoted)))
    #expect(race[1].value.location == .init(line: 4, column: 9))
    guard case .sequence(let laps) = race[1].value.content else {
      Issue.record("expected a sequence")
      return
    }
    #expect(laps.map(\.location.column) == [10, 13])
    #expect(laps[1].content == .scalar("2", .doubleQuoted))
    #expect(race[2].value.content == .scalar("a\n", .literal))
    #expect(race[2].value.location == .init(line: 5, column: 10))
  }

  @Test func columnsCountUnicodeScalarsAndIgnoreByteOrderMark() throws {
    let root = try #require(parseValidYAML("\u{FEFF}a: 1\nz: zoë\nb: [é, ü]\n"))
    #expect(root.location == .init(line: 1, column: 1))
    guard case .mapping(let entries) = root.content,
      case .sequence(let items) = entries[2].value.content
    else {
      Issue.record("expected a mapping")
      return
    }
    #expect(items.map(\.location.column) == [5, 8])
    let bad = YAMLParser.parse(Array("a: éü: x\n".utf8))
    #expect(bad.diagnosticLocations == ["1:6"])
  }

  @Test func crlfLineEndingsGiveTheSameTreeAsLF() throws {
    let lf = "a: 1\nb:\n  - x\nc: >\n  y\n  z\n"
    let crlf = lf.replacingAll("\n", with: "\r\n")
    #expect(parseValidYAML(crlf)?.canonicalJSON() == parseValidYAML(lf)?.canonicalJSON())
  }

  @Test func canonicalJSONEscapesLikePython() {
    let node = YAMLNode(
      location: .init(line: 1, column: 1),
      content: .scalar("q\"b\\n\n\t\r\u{8}\u{C}\u{1}\u{1F}\u{7F}é\u{2028}", .doubleQuoted))
    #expect(node.canonicalJSON() == #""q\"b\\n\n\t\r\b\f\u0001\u001f"# + "\u{7F}é\u{2028}\"")
  }

  @Test func mappingKeysAreSortedByCodePoint() {
    #expect(
      parseValidYAML("b: 1\na-b: 2\na: 3\nab: 4\n")?.canonicalJSON()
        == #"{"a":"3","a-b":"2","ab":"4","b":"1"}"#)
  }

  @Test func diagnosticFormatsInCompilerStyle() {
    let note = Diagnostic(location: .init(line: 1, column: 1), severity: .note, message: "first")
    let error = Diagnostic(location: .init(line: 3, column: 2), message: "again", notes: [note])
    #expect(error.formatted(path: "a.yaml") == "a.yaml:3:2: error: again\na.yaml:1:1: note: first")
  }
}
