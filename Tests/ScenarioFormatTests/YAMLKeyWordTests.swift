import Testing

@testable import YAML

/// The key shapes the parser checks byte by byte, against their definition read off the
/// words between the dots, over every string of up to five characters from an alphabet that
/// holds each kind of byte the rule tells apart.
@Suite("Plain and dotted key words")
struct YAMLKeyWordTests {
  static func isWord(_ word: Substring) -> Bool {
    guard let first = word.first, ("a"..."z").contains(first) else { return false }
    return word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  static var texts: [String] {
    var texts = [""]
    var layer = [""]
    for _ in 0..<5 {
      layer = layer.flatMap { prefix in ["a", "z", "0", "-", ".", "A", "é"].map { prefix + $0 } }
      texts += layer
    }
    return texts
  }

  @Test("every short text is a plain or dotted word exactly when its words are")
  func wordsAgreeWithTheirDefinition() {
    for text in Self.texts {
      let words = text.split(separator: ".", omittingEmptySubsequences: false)
      #expect(YAMLByte.isDottedWord(text) == words.allSatisfy(Self.isWord), "\(text)")
      #expect(YAMLByte.isPlainWord(text) == (words.count == 1 && Self.isWord(words[0])), "\(text)")
    }
  }
}
