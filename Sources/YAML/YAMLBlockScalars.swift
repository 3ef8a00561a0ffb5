extension YAMLDocumentParser {
  /// What a block scalar does with its final line breaks.
  private enum Chomping {
    /// `-`: drop them all.
    case strip
    /// Default: keep one.
    case clip
    /// `+`: keep them all.
    case keep
  }

  /// Parses a `|` or `>` block scalar whose indicator is at `start`, following PyYAML's rules for
  /// indentation detection, folding and chomping, and moves to the first line after it.
  mutating func parseBlockScalar(at start: Int, parentIndent: Int) throws(Diagnostic) -> YAMLNode {
    let scalarLocation = location(start)
    let isFolded = bytes[start] == YAMLByte.greater
    var index = start + 1
    var chomping = Chomping.clip
    if index < lineEnd && (bytes[index] == YAMLByte.plus || bytes[index] == YAMLByte.dash) {
      chomping = bytes[index] == YAMLByte.plus ? .keep : .strip
      index += 1
    }
    if index < lineEnd && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
      throw failure(index, "explicit indentation indicators in block scalars are not supported")
    }
    try expectEndOfLine(index, "expected the end of the line after a block scalar indicator")
    lineIndex += 1

    let lastLine = source.lineCount - 1
    var pendingBreaks = 0
    var detectedIndent = 0
    while lineIndex < lastLine && indentation() == lineEnd - lineStart {
      detectedIndent = max(detectedIndent, indentation())
      pendingBreaks += 1
      lineIndex += 1
    }
    if lineIndex <= lastLine { detectedIndent = max(detectedIndent, indentation()) }
    let indent = max(parentIndent + 1, 1, detectedIndent)

    var text: [UInt8] = []
    var endsWithBreak = false
    while lineIndex <= lastLine && indentation() >= indent && lineEnd - lineStart > indent {
      text += repeatElement(UInt8(ascii: "\n"), count: pendingBreaks)
      let contentStart = lineStart + indent
      let startsWithSpace =
        bytes[contentStart] == YAMLByte.space || bytes[contentStart] == YAMLByte.tab
      text += bytes[contentStart..<lineEnd]
      endsWithBreak = lineIndex < lastLine
      lineIndex += 1
      pendingBreaks = 0
      while endsWithBreak && lineIndex < lastLine && indentation() == lineEnd - lineStart
        && lineEnd - lineStart <= indent
      {
        pendingBreaks += 1
        lineIndex += 1
      }
      guard lineIndex <= lastLine && indentation() >= indent && lineEnd - lineStart > indent else {
        break
      }
      let nextStart = lineStart + indent
      let nextStartsWithSpace =
        bytes[nextStart] == YAMLByte.space || bytes[nextStart] == YAMLByte.tab
      if isFolded && endsWithBreak && !startsWithSpace && !nextStartsWithSpace {
        if pendingBreaks == 0 { text.append(YAMLByte.space) }
      } else if endsWithBreak {
        text.append(UInt8(ascii: "\n"))
      }
    }
    if chomping != .strip && endsWithBreak { text.append(UInt8(ascii: "\n")) }
    if chomping == .keep { text += repeatElement(UInt8(ascii: "\n"), count: pendingBreaks) }
    let style: ScalarStyle = isFolded ? .folded : .literal
    return YAMLNode(
      location: scalarLocation, content: .scalar(String(decoding: text, as: UTF8.self), style))
  }
}
