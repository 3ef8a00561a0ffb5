import YAML

/// The lines of a file as Unicode scalars, to tell whether a scalar's text appears verbatim in
/// the source (so a column inside it can be computed).
struct SourceLines {
  private let bytes: [UInt8]
  private var starts: [Int] = []
  private var ends: [Int] = []

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var index = start
    while index < bytes.count {
      if bytes[index] == 0x0A {
        starts.append(start)
        ends.append(index > start && bytes[index - 1] == 0x0D ? index - 1 : index)
        start = index + 1
      }
      index += 1
    }
    starts.append(start)
    ends.append(bytes.count)
  }

  /// The scalars of the 1-based line `line`, or `nil` outside the file.
  func line(_ line: Int) -> [Unicode.Scalar]? {
    guard line >= 1, line <= starts.count else { return nil }
    return [Unicode.Scalar](utf8: bytes[starts[line - 1]..<ends[line - 1]])
  }
}

/// Where an expression's text lies in the file, to locate errors inside it.
///
/// A plain scalar's text starts at the node's column, a quoted one's a column later. When the
/// text is not written verbatim on that line (escapes, `''`, block and folded scalars), every
/// location inside it is the scalar's own location.
struct ExpressionSource {
  let text: [Unicode.Scalar]
  let origin: SourceLocation
  /// The column of the text's first scalar, when the text is verbatim in the file.
  let firstColumn: Int?

  init(node: YAMLNode, text: String, lines: SourceLines) {
    self.text = [Unicode.Scalar](utf8: text.utf8)
    self.origin = node.location
    var firstColumn: Int?
    if case .scalar(_, let style) = node.content,
      style == .plain || style == .singleQuoted || style == .doubleQuoted,
      let line = lines.line(node.location.line)
    {
      let column = node.location.column + (style == .plain ? 0 : 1)
      let start = column - 1
      if start >= 0, start + self.text.count <= line.count,
        Array(line[start..<start + self.text.count]) == self.text
      {
        firstColumn = column
      }
    }
    self.firstColumn = firstColumn
  }

  /// A part of another source (a `{…}` of a `say:` template), from `offset` on.
  init(part: [Unicode.Scalar], of source: ExpressionSource, at offset: Int) {
    self.text = part
    self.origin = source.origin
    self.firstColumn = source.firstColumn.map { $0 + offset }
  }

  /// The location of the scalar at `offset` in the text.
  func location(_ offset: Int) -> SourceLocation {
    guard let firstColumn else { return origin }
    return SourceLocation(line: origin.line, column: firstColumn + max(0, min(offset, text.count)))
  }
}
