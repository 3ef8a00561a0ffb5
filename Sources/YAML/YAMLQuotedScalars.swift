extension YAMLDocumentParser {
  /// Scans a single-quoted scalar on the current line, where `''` stands for `'`.
  /// Returns its text and the offset after the closing quote.
  mutating func scanSingleQuoted(at start: Int) throws(Diagnostic) -> (String, Int) {
    var text: [UInt8] = []
    var index = start + 1
    var runStart = index
    while index < lineEnd {
      if bytes[index] == YAMLByte.singleQuote {
        text += bytes[runStart..<index]
        guard index + 1 < lineEnd && bytes[index + 1] == YAMLByte.singleQuote else {
          return (String(decoding: text, as: UTF8.self), index + 1)
        }
        index += 2
        runStart = index - 1
      } else {
        index += 1
      }
    }
    throw unterminatedQuote(at: start)
  }

  /// Scans a double-quoted scalar on the current line, resolving escapes.
  /// Returns its text and the offset after the closing quote.
  mutating func scanDoubleQuoted(at start: Int) throws(Diagnostic) -> (String, Int) {
    var text: [UInt8] = []
    var index = start + 1
    var runStart = index
    while index < lineEnd {
      let byte = bytes[index]
      if byte == YAMLByte.doubleQuote {
        text += bytes[runStart..<index]
        return (String(decoding: text, as: UTF8.self), index + 1)
      }
      guard byte == YAMLByte.backslash else {
        index += 1
        continue
      }
      text += bytes[runStart..<index]
      index = try appendEscape(at: index, to: &text)
      runStart = index
    }
    throw unterminatedQuote(at: start)
  }

  private mutating func unterminatedQuote(at start: Int) -> Diagnostic {
    failure(
      start,
      "this quoted scalar is not closed on the same line (multi-line quoted scalars are not "
        + "supported)")
  }

  /// Decodes the escape sequence starting with the backslash at `start`, appends its UTF-8 to
  /// `text` and returns the offset after it. Accepts PyYAML's escapes.
  private mutating func appendEscape(at start: Int, to text: inout [UInt8]) throws(Diagnostic)
    -> Int
  {
    guard start + 1 < lineEnd else {
      throw failure(
        start, "a '\\' at the end of a line would continue the scalar, which is not supported")
    }
    let code = bytes[start + 1]
    let digitCount =
      switch code {
      case UInt8(ascii: "x"): 2
      case UInt8(ascii: "u"): 4
      case UInt8(ascii: "U"): 8
      default: 0
      }
    let value: UInt32
    if digitCount == 0 {
      guard let replacement = Self.escapeReplacement(code) else {
        let shown =
          code < 0x80
          ? "\\\(Character(Unicode.Scalar(code)))" : "\\ followed by a non-ASCII character"
        throw failure(start, "unknown escape sequence '\(shown)' in a double-quoted scalar")
      }
      value = replacement
    } else {
      let digits = start + 2..<start + 2 + digitCount
      guard digits.upperBound <= lineEnd,
        let parsed = UInt32(String(decoding: bytes[digits], as: UTF8.self), radix: 16),
        bytes[digits].allSatisfy({ $0 != YAMLByte.plus && $0 != YAMLByte.dash })
      else {
        throw failure(
          start,
          "expected \(digitCount) hexadecimal digits after '\\\(Character(Unicode.Scalar(code)))'")
      }
      value = parsed
    }
    guard let scalar = Unicode.Scalar(value) else {
      let kind = (0xD800...0xDFFF).contains(value) ? "a lone surrogate" : "not a Unicode character"
      throw failure(
        start, "this escape produces \(YAMLSourceText.codePoint(value)), which is \(kind)")
    }
    var encoded = ""
    encoded.unicodeScalars.append(scalar)
    text += encoded.utf8
    return start + 2 + digitCount
  }

  /// The character a one-letter escape stands for, as in PyYAML.
  private static func escapeReplacement(_ code: UInt8) -> UInt32? {
    switch Unicode.Scalar(code) {
    case "0": 0
    case "a": 0x07
    case "b": 0x08
    case "t", "\t": 0x09
    case "n": 0x0A
    case "v": 0x0B
    case "f": 0x0C
    case "r": 0x0D
    case "e": 0x1B
    case " ", "\"", "/", "\\": UInt32(code)
    case "N": 0x85
    case "_": 0xA0
    case "L": 0x2028
    case "P": 0x2029
    default: nil
    }
  }
}
