import Foundation
import ModelContract
import ModelLanguage
import Testing

/// Malformed model files: every problem reported in one pass, located, with notes, exactly as
/// each file's `# expect:` lines say (control characters escaped, as racelab prints them).
struct ModelMalformedCorpusTests {
  @Test func corpusHasAtLeastFortyFiles() {
    #expect(malformedModelNames().count >= 40)
  }

  @Test(arguments: malformedModelNames())
  func fileIsRejectedWithExactlyItsExpectedDiagnostics(_ name: String) throws {
    let url = malformedModelsDirectory.appendingPathComponent(name)
    let bytes = [UInt8](try Data(contentsOf: url))
    let expected = ExpectedDiagnostic.header(of: bytes)
    try #require(!expected.isEmpty, "\(name) has no '# expect:' line")
    guard case .failure(let list) = ModelFileLoader.load(bytes) else {
      Issue.record("\(name) was accepted")
      return
    }
    // As racelab prints them: a header line cannot hold a raw line break.
    let actual = flattenedDiagnostics(list).map(VisibleText.escaping)
    #expect(
      actual.count == expected.count,
      Comment(
        rawValue: "\(name): expected\n\(expected.map(\.description).joined(separator: "\n"))"
          + "\ngot\n\(actual.joined(separator: "\n"))"))
    for (want, got) in zip(expected, actual) {
      let prefix = want.position + (want.isNote ? " note: " : " ")
      #expect(
        got == prefix + want.words,
        "\(name): expected '\(want)', got '\(got)'")
    }
    #expect(diagnosticLocationProblems(list, in: bytes).isEmpty)
    let locations = list.diagnostics.map(\.location)
    #expect(locations == locations.sorted(), "\(name): diagnostics out of file order")
  }
}
