import Foundation
import ScenarioFormat
import Testing
import YAML

/// `Malformed/*.yaml`: each file's first line is `# expect: LINE:COLUMN words of the message`.
let yamlMalformedDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Malformed")

func yamlMalformedFileNames() -> [String] {
  let names = try? FileManager.default.contentsOfDirectory(atPath: yamlMalformedDirectory.path)
  return (names ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
}

/// The first diagnostic for `bytes`, recording an issue if the input is accepted.
func firstYAMLDiagnostic(
  _ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
  guard case .failure(let list) = YAMLParser.parse(bytes), let first = list.diagnostics.first else {
    Issue.record("the input was accepted", sourceLocation: sourceLocation)
    return nil
  }
  return first
}

/// Inputs that cannot be stored as text files, with the expected first diagnostic.
let yamlBinaryCases: [(bytes: [UInt8], position: String, words: String)] = [
  ([], "1:1", "the file is empty"),
  ([0xEF, 0xBB, 0xBF], "1:1", "the file is empty"),
  (Array("a: x\0y\n".utf8), "1:5", "control character U+0000"),
  (Array("a: 1\nb: \u{7}\n".utf8), "2:4", "control character U+0007"),
  (Array("a: 1\rb: 2\n".utf8), "1:5", "carriage return"),
  (Array("a: é".utf8) + [0xFF] + Array("\n".utf8), "1:5", "not valid UTF-8"),
  (Array("a: 1\nb: ".utf8) + [0xC3], "2:4", "not valid UTF-8"),
  (Array("k: ".utf8) + [0xC0, 0xAF], "1:4", "not valid UTF-8"),
  (Array("k: ".utf8) + [0xED, 0xA0, 0x80], "1:4", "not valid UTF-8"),
  (Array("k: ".utf8) + [0xF4, 0x90, 0x80, 0x80], "1:4", "not valid UTF-8"),
  (Array("k: \u{85}\n".utf8), "1:4", "U+0085"),
  (Array("k: a\u{2028}b\n".utf8), "1:5", "U+2028"),
  (Array("k: \u{FFFF}\n".utf8), "1:4", "U+FFFF"),
  ([0xFE, 0xFF, 0x00, 0x61], "1:1", "not valid UTF-8"),
  (Array("k: \"\\U00110000\"\n".utf8), "1:5", "not a Unicode character"),
  (Array(("k" + String(repeating: "e", count: 1024) + ": 1\n").utf8), "1:1", "1024"),
]

/// Malformed input is rejected with located, explanatory diagnostics.
struct YAMLMalformedTests {
  @Test func malformedCorpusHasAtLeastThirtyFiles() {
    #expect(yamlMalformedFileNames().count >= 30)
  }

  @Test(arguments: yamlMalformedFileNames())
  func malformedFileReportsExpectedFirstDiagnostic(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: yamlMalformedDirectory.appendingPathComponent(name)))
    let header = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    let expectation = try #require(header.split(separator: "# expect: ").first)
    let position = String(expectation.prefix { $0 != " " })
    let words = expectation.drop { $0 != " " }.dropFirst()
    let diagnostic = try #require(firstYAMLDiagnostic(bytes))
    #expect("\(diagnostic.location.line):\(diagnostic.location.column)" == position)
    #expect(diagnostic.message.contains(words), "message: \(diagnostic.message)")
  }

  @Test func everyBadAndDuplicateKeyIsReported() {
    let text = "a: 1\nBad: 2\na: 3\nx: {Y: 1, y: 2, y: 3}\n- oops\n"
    guard case .failure(let list) = YAMLParser.parse(Array(text.utf8)) else {
      Issue.record("accepted")
      return
    }
    let summary = list.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    #expect(
      summary == [
        "2:1 keys must be plain words like 'screen-show'",
        "3:1 duplicate key 'a' in this mapping",
        "4:5 keys must be plain words like 'screen-show'",
        "4:17 duplicate key 'y' in this mapping",
        "5:1 expected a 'key: value' entry here, aligned with the keys above",
      ])
    #expect(list.diagnostics[1].notes.map(\.location) == [.init(line: 1, column: 1)])
    #expect(list.diagnostics[1].notes.map(\.severity) == [.note])
  }

  @Test(arguments: yamlBinaryCases.indices)
  func binaryInputReportsExpectedFirstDiagnostic(_ index: Int) throws {
    let testCase = yamlBinaryCases[index]
    let diagnostic = try #require(firstYAMLDiagnostic(testCase.bytes))
    #expect("\(diagnostic.location.line):\(diagnostic.location.column)" == testCase.position)
    #expect(diagnostic.message.contains(testCase.words), "message: \(diagnostic.message)")
  }
}
