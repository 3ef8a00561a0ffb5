/// The bytes of a YAML file, checked to be valid UTF-8 without forbidden characters and split into
/// lines, with a way to turn byte offsets into line and column numbers.
struct YAMLSourceText {
  /// The whole file, including any byte-order mark.
  let bytes: [UInt8]
  /// Offset of each line's first byte (after the byte-order mark on the first line).
  private(set) var lineStarts: [Int] = []
  /// Offset just past each line's last byte, excluding its CR LF or LF.
  private(set) var lineEnds: [Int] = []
  /// Whether each line contains a byte outside ASCII, making columns differ from byte offsets.
  private var lineHasNonASCII: [Bool] = []
  /// The last location computed on a non-ASCII line, to count columns incrementally.
  private var columnCache = (line: -1, offset: 0, column: 1)

  /// The number of lines; a final line without a line break counts, even when empty.
  var lineCount: Int { lineStarts.count }

  /// Validates `bytes` and splits them into lines.
  /// - Throws: A diagnostic at the first invalid byte or forbidden character.
  init(bytes: [UInt8]) throws(Diagnostic) {
    self.bytes = bytes
    let hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    var index = hasByteOrderMark ? 3 : 0
    var lineStart = index
    var nonASCII = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x20 && byte < 0x7F || byte == 0x09 {
        index += 1
      } else if byte == 0x0A || byte == 0x0D {
        if byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
          throw error(
            at: index, lineStart: lineStart, "a carriage return must be followed by a line feed")
        }
        endLine(start: lineStart, end: index, nonASCII: nonASCII)
        index += byte == 0x0D ? 2 : 1
        lineStart = index
        nonASCII = false
      } else if byte < 0x80 {
        throw error(
          at: index, lineStart: lineStart,
          "control character \(Self.codePoint(UInt32(byte))) is not allowed")
      } else {
        let scalarEnd = try decodeScalar(at: index, lineStart: lineStart)
        nonASCII = true
        index = scalarEnd
      }
    }
    endLine(start: lineStart, end: bytes.count, nonASCII: nonASCII)
  }

  private mutating func endLine(start: Int, end: Int, nonASCII: Bool) {
    lineStarts.append(start)
    lineEnds.append(end)
    lineHasNonASCII.append(nonASCII)
  }

  /// Checks the multi-byte UTF-8 sequence at `index` and returns the offset after it.
  private func decodeScalar(at index: Int, lineStart: Int) throws(Diagnostic) -> Int {
    let lead = bytes[index]
    let (length, minimum, initial): (Int, UInt32, UInt32) =
      switch lead {
      case 0xC2...0xDF: (2, 0x80, UInt32(lead & 0x1F))
      case 0xE0...0xEF: (3, 0x800, UInt32(lead & 0x0F))
      case 0xF0...0xF4: (4, 0x10000, UInt32(lead & 0x07))
      default: (0, 0, 0)
      }
    guard length > 0, index + length <= bytes.count else {
      throw error(at: index, lineStart: lineStart, "the file is not valid UTF-8")
    }
    var scalar = initial
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else {
        throw error(at: index, lineStart: lineStart, "the file is not valid UTF-8")
      }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
      throw error(at: index, lineStart: lineStart, "the file is not valid UTF-8")
    }
    if scalar <= 0x9F || scalar == 0x2028 || scalar == 0x2029 || scalar == 0xFFFE
      || scalar == 0xFFFF
    {
      throw error(
        at: index, lineStart: lineStart, "character \(Self.codePoint(scalar)) is not allowed")
    }
    return index + length
  }

  private func error(at offset: Int, lineStart: Int, _ message: String) -> Diagnostic {
    let column = Self.countScalars(in: bytes[lineStart..<offset]) + 1
    return Diagnostic(
      location: SourceLocation(line: lineCount + 1, column: column), message: message)
  }

  /// Formats a code point as `U+XXXX`.
  static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  private static func countScalars(in slice: ArraySlice<UInt8>) -> Int {
    slice.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
  }

  /// The location of the byte at `offset` on line `line` (0-based index).
  mutating func location(line: Int, offset: Int) -> SourceLocation {
    let start = lineStarts[line]
    guard lineHasNonASCII[line] else {
      return SourceLocation(line: line + 1, column: offset - start + 1)
    }
    var (countFrom, column) = (start, 1)
    if columnCache.line == line && columnCache.offset <= offset {
      (countFrom, column) = (columnCache.offset, columnCache.column)
    }
    column += Self.countScalars(in: bytes[countFrom..<offset])
    columnCache = (line, offset, column)
    return SourceLocation(line: line + 1, column: column)
  }
}
