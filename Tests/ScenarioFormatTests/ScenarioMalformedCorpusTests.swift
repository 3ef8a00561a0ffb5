import Foundation
import ScenarioFormat
import Testing
import YAML

/// `MalformedScenarios/*.yaml`: valid YAML with schema errors. Each file starts with one
/// `# expect: LINE:COLUMN words of the message` line per diagnostic, in report order; a note
/// is written `# expect: LINE:COLUMN note: words`.
let malformedScenariosDirectory = scenarioTestsDirectory.appendingPathComponent(
  "MalformedScenarios")

func malformedScenarioNames() -> [String] {
  let names = try? FileManager.default.contentsOfDirectory(atPath: malformedScenariosDirectory.path)
  return (names ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
}

/// One `# expect:` line: where, whether it is a note, and words the message must contain.
struct ExpectedDiagnostic: CustomStringConvertible {
  var position: String
  var isNote: Bool
  var words: String

  /// The file's leading `# expect:` lines.
  static func header(of bytes: [UInt8]) -> [ExpectedDiagnostic] {
    let text = String(decoding: bytes, as: UTF8.self)
    var expected: [ExpectedDiagnostic] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("# expect: ") else { break }
      let rest = line.dropFirst("# expect: ".count)
      let position = String(rest.prefix { $0 != " " })
      var words = String(rest.drop { $0 != " " }.dropFirst())
      let isNote = words.hasPrefix("note: ")
      if isNote { words.removeFirst("note: ".count) }
      expected.append(ExpectedDiagnostic(position: position, isNote: isNote, words: words))
    }
    return expected
  }

  var description: String { "\(position) \(isNote ? "note: " : "")\(words)" }
}

/// Schema-level malformed files: every problem reported in one pass, located, with notes.
struct ScenarioMalformedCorpusTests {
  @Test func corpusHasAtLeastThirtyFiles() {
    #expect(malformedScenarioNames().count >= 30)
  }

  @Test(arguments: malformedScenarioNames())
  func fileIsValidYAMLButAnInvalidScenario(_ name: String) throws {
    let url = malformedScenariosDirectory.appendingPathComponent(name)
    let bytes = [UInt8](try Data(contentsOf: url))
    let expected = ExpectedDiagnostic.header(of: bytes)
    try #require(!expected.isEmpty, "\(name) has no '# expect:' line")
    // The YAML itself is fine: these are schema errors, not syntax errors.
    if case .failure(let list) = YAMLParser.parse(bytes) {
      Issue.record("\(name) is not valid YAML: \(flattenedDiagnostics(list))")
      return
    }
    guard case .failure(let list) = ScenarioLoader.load(bytes, models: scenarioModels) else {
      Issue.record("\(name) was accepted")
      return
    }
    let actual = flattenedDiagnostics(list)
    #expect(
      actual.count == expected.count,
      Comment(
        rawValue: "\(name): expected\n\(expected.map(\.description).joined(separator: "\n"))"
          + "\ngot\n\(actual.joined(separator: "\n"))"))
    for (want, got) in zip(expected, actual) {
      let prefix = want.position + (want.isNote ? " note: " : " ")
      #expect(
        got.hasPrefix(prefix) && got.dropFirst(prefix.count).contains(want.words),
        "\(name): expected '\(want)', got '\(got)'")
    }
    // Every diagnostic is an error with its hints as notes, and lies inside the file.
    let lineCount = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .count
    for diagnostic in list.diagnostics {
      #expect(diagnostic.severity == .error)
      #expect(diagnostic.notes.allSatisfy { $0.severity == .note })
      #expect((1...lineCount).contains(diagnostic.location.line))
      #expect(diagnostic.location.column >= 1)
    }
  }

  @Test func unknownWordsOfEveryKindGetADidYouMeanNote() throws {
    let cases: [(file: String, suggestion: String)] = [
      ("unknown-top-level-key.yaml", "title"), ("unknown-event.yaml", "screen-disappear"),
      ("unknown-step.yaml", "sleep"), ("unknown-step-word.yaml", "yield"),
      ("unknown-operation.yaml", "fire"), ("unknown-scene-state.yaml", "background"),
      ("unknown-runtime.yaml", "kotlin"), ("unknown-variant.yaml", "original"),
      ("unknown-model.yaml", "review-prompt"), ("unknown-invariant.yaml", "no-fire-after-cancel"),
      ("unknown-event-field.yaml", "transition"), ("unknown-expect-key.yaml", "cooldown-consumed"),
    ]
    for testCase in cases {
      let url = malformedScenariosDirectory.appendingPathComponent(testCase.file)
      let bytes = [UInt8](try Data(contentsOf: url))
      guard case .failure(let list) = ScenarioLoader.load(bytes, models: scenarioModels) else {
        Issue.record("\(testCase.file) was accepted")
        continue
      }
      let notes = list.diagnostics.flatMap(\.notes).map(\.message)
      #expect(notes == ["did you mean '\(testCase.suggestion)'?"], "\(testCase.file)")
    }
  }

  @Test func formattedDiagnosticsUseTheCompilerFormat() {
    guard
      case .failure(let list) = loadScenario("name: x\nmodel: review-prompt\nvariant: orignal\n")
    else {
      Issue.record("accepted")
      return
    }
    #expect(
      list.diagnostics.map { $0.formatted(path: "dir/x.yaml") } == [
        "dir/x.yaml:1:1: error: a scenario file needs 'timeline:' or 'eligibility:'",
        "dir/x.yaml:3:10: error: unknown variant 'orignal'\n"
          + "dir/x.yaml:3:10: note: did you mean 'original'?",
      ])
  }

  @Test func diagnosticsAreInFileOrder() throws {
    for name in malformedScenarioNames() {
      let url = malformedScenariosDirectory.appendingPathComponent(name)
      guard
        case .failure(let list) = ScenarioLoader.load(
          [UInt8](try Data(contentsOf: url)), models: scenarioModels)
      else { continue }
      let locations = list.diagnostics.map(\.location)
      #expect(locations == locations.sorted(), "\(name)")
    }
  }
}
