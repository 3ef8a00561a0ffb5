import Testing

@testable import ModelLanguage
@testable import YAML

/// The byte-level shortcuts reading a model file takes, against the standard library's
/// definitions they stand in for, over every ASCII scalar and a spread of others, and over
/// generated texts: a string built from scalars, the scalars of UTF-8 bytes, white space in an
/// expression, and a line break in a value.
@Suite("Text-scanning shortcuts")
struct TextScanShortcutTests {
  /// Every ASCII scalar, and scalars beyond it that are white space, line breaks, combining
  /// marks, letters of other scripts and emoji (one, two, three and four UTF-8 bytes).
  static let scalars: [Unicode.Scalar] =
    (0..<128).compactMap(Unicode.Scalar.init)
    + [
      0x85, 0xA0, 0xE9, 0x301, 0x3B1, 0x1680, 0x2000, 0x200B, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000, 0xFEFF, 0xAC00, 0x1F600, 0x1F1F0,
    ].compactMap(Unicode.Scalar.init(_:) as (UInt32) -> Unicode.Scalar?)

  /// Texts of up to `length` scalars drawn from `alphabet` by a fixed generator.
  static func texts(
    from alphabet: [Unicode.Scalar], count: Int, length: Int
  ) -> [[Unicode.Scalar]] {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    return (0..<count).map { _ in
      (0..<(next() % (length + 1))).map { _ in alphabet[next() % alphabet.count] }
    }
  }

  /// The string of `scalars`, built the standard library's way (through its scalar view).
  static func string(_ scalars: [Unicode.Scalar]) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }

  @Test("a string built from scalars is the string of their view")
  func stringFromScalars() {
    for text in Self.texts(from: Self.scalars, count: 3_000, length: 12) {
      #expect(String(scalars: text[...]) == Self.string(text))
      #expect(Array(String(scalars: text[...]).unicodeScalars) == text)
    }
  }

  @Test("the scalars of UTF-8 bytes are those of the string they decode to")
  func scalarsFromBytes() {
    for text in Self.texts(from: Self.scalars, count: 3_000, length: 12) {
      let string = Self.string(text)
      #expect([Unicode.Scalar](utf8: string.utf8) == text)
      #expect([Unicode.Scalar](utf8: Array(string.utf8)[...]) == text)
    }
    // Malformed UTF-8 (a lone continuation byte, a cut sequence, an overlong form) reads as
    // `String(decoding:as:)` reads it.
    for bytes: [UInt8] in [[0x61, 0x80], [0xE2, 0x82], [0x41, 0xC0, 0xAF, 0x42], [0xFF]] {
      #expect(
        [Unicode.Scalar](utf8: bytes)
          == Array(String(decoding: bytes, as: UTF8.self).unicodeScalars))
    }
  }

  @Test("white space in an expression is Unicode's white space")
  func whiteSpace() {
    for scalar in Self.scalars {
      #expect(
        ExpressionLexer.isSpace(scalar) == scalar.properties.isWhitespace,
        "U+\(String(scalar.value, radix: 16))")
    }
  }

  @Test("a line break in a value is a character that breaks lines")
  func lineBreaks() {
    for text in Self.texts(from: Self.scalars, count: 3_000, length: 6) {
      let string = Self.string(text)
      #expect(
        DecodingContext.holdsLineBreak(string) == string.contains(where: \.isNewline),
        "\(text.map { String($0.value, radix: 16) })")
    }
  }
}
