/// A scalar or flow collection scanned on one line, and whether a `: ` follows it.
struct YAMLInlineItem {
  var node: YAMLNode
  /// The offset just after the item (trailing spaces of a plain scalar excluded).
  var end: Int
  /// The offset of a `:` that follows the item and makes it a mapping key.
  var colon: Int?
}

extension YAMLDocumentParser {
  /// Scans a scalar or flow collection in block context and looks for a `: ` after it.
  mutating func scanInlineItem(at start: Int, depth: Int) throws(Diagnostic) -> YAMLInlineItem {
    let (node, end) = try parseInlineNode(at: start, inFlow: false, depth: depth)
    var index = end
    while index < lineEnd && bytes[index] == YAMLByte.space { index += 1 }
    let isColon = index < lineEnd && bytes[index] == YAMLByte.colon && isBlankOrEnd(index + 1)
    return YAMLInlineItem(node: node, end: end, colon: isColon ? index : nil)
  }

  /// Parses a quoted or plain scalar, or a flow collection, on the current line.
  /// Returns the node and the offset just after it.
  mutating func parseInlineNode(
    at start: Int, inFlow: Bool, depth: Int
  ) throws(Diagnostic) -> (YAMLNode, Int) {
    let nodeLocation = location(start)
    switch bytes[start] {
    case YAMLByte.openBracket, YAMLByte.openBrace:
      return try parseFlowCollection(at: start, depth: depth)
    case YAMLByte.doubleQuote:
      let (text, end) = try scanDoubleQuoted(at: start)
      return (YAMLNode(location: nodeLocation, content: .scalar(text, .doubleQuoted)), end)
    case YAMLByte.singleQuote:
      let (text, end) = try scanSingleQuoted(at: start)
      return (YAMLNode(location: nodeLocation, content: .scalar(text, .singleQuoted)), end)
    default:
      try checkPlainStart(at: start, inFlow: inFlow)
      let end = try scanPlain(from: start, inFlow: inFlow)
      let text = String(decoding: bytes[start..<end], as: UTF8.self)
      return (YAMLNode(location: nodeLocation, content: .scalar(text, .plain)), end)
    }
  }

  /// Rejects characters that cannot start a plain scalar. It switches on the byte, so that a
  /// letter or a digit (nearly every value) is let through without building a character.
  mutating func checkPlainStart(at start: Int, inFlow: Bool) throws(Diagnostic) {
    let byte = bytes[start]
    let shown = { Character(Unicode.Scalar(byte)) }
    let message: String? =
      switch byte {
      case UInt8(ascii: "&"): "anchors ('&name') are not supported"
      case UInt8(ascii: "*"): "aliases ('*name') are not supported"
      case UInt8(ascii: "!"): "tags ('!tag') are not supported"
      case UInt8(ascii: "%"):
        "directives ('%') are not supported; quote a value that starts with '%'"
      case UInt8(ascii: "@"), UInt8(ascii: "`"): "a value cannot start with '\(shown())'; quote it"
      case UInt8(ascii: "|"), UInt8(ascii: ">"): "block scalars ('|' or '>') are not allowed here"
      case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"):
        "expected a value before '\(shown())'"
      case UInt8(ascii: "?") where inFlow || isBlankOrEnd(start + 1):
        "complex keys ('? ') are not supported"
      case UInt8(ascii: ":") where inFlow || isBlankOrEnd(start + 1):
        "a key is missing before ':'"
      case UInt8(ascii: "-") where isBlankOrEnd(start + 1):
        "sequence entries ('- ') are not allowed inside flow collections"
      default: nil
      }
    if let message { throw failure(start, message) }
  }

  /// Scans a plain scalar and returns the offset after its last non-space character. It ends at
  /// the end of the line, at ` #`, at `: `, and inside flow collections at `,[]{}?` or `:,`.
  mutating func scanPlain(from start: Int, inFlow: Bool) throws(Diagnostic) -> Int {
    var index = start
    var contentEnd = start
    while index < lineEnd {
      let byte = bytes[index]
      if byte == YAMLByte.space {
        index += 1
        continue
      }
      if byte == YAMLByte.tab { throw failure(index, Self.tabMessage) }
      if byte == YAMLByte.hash && index > start && bytes[index - 1] == YAMLByte.space { break }
      if byte == YAMLByte.colon {
        let next = index + 1 < lineEnd ? bytes[index + 1] : YAMLByte.space
        if next == YAMLByte.space || next == YAMLByte.tab
          || inFlow && YAMLByte.isFlowIndicator(next)
        {
          break
        }
      } else if inFlow && (YAMLByte.isFlowIndicator(byte) || byte == YAMLByte.question) {
        break
      }
      index += 1
      contentEnd = index
    }
    return contentEnd
  }

  /// Parses a one-line flow sequence `[a, b]` or flow mapping `{a: 1, b: 2}`.
  mutating func parseFlowCollection(
    at start: Int, depth: Int
  ) throws(Diagnostic) -> (YAMLNode, Int) {
    guard depth <= Self.maximumDepth else { throw nestingFailure(start) }
    let collectionLocation = location(start)
    let isSequence = bytes[start] == YAMLByte.openBracket
    let closer = isSequence ? YAMLByte.closeBracket : YAMLByte.closeBrace
    var items: [YAMLNode] = []
    var entries: [YAMLMapEntry] = []
    var seenKeys = YAMLSeenKeys()
    var index = try skipFlowSpaces(from: start + 1, opening: start)
    while bytes[index] != closer {
      let (item, itemEnd) = try parseInlineNode(at: index, inFlow: true, depth: depth + 1)
      index = try skipFlowSpaces(from: itemEnd, opening: start)
      if isSequence {
        items.append(item)
      } else {
        var value = YAMLNode(location: location(index), content: .scalar("", .plain))
        if bytes[index] == YAMLByte.colon {
          index = try skipFlowSpaces(from: index + 1, opening: start)
          if bytes[index] != YAMLByte.comma && bytes[index] != closer {
            let valueEnd: Int
            (value, valueEnd) = try parseInlineNode(at: index, inFlow: true, depth: depth + 1)
            index = try skipFlowSpaces(from: valueEnd, opening: start)
          }
        }
        let key = registerKey(item, seenKeys: &seenKeys)
        entries.append(YAMLMapEntry(key: key, keyLocation: item.location, value: value))
      }
      if bytes[index] == YAMLByte.comma {
        index = try skipFlowSpaces(from: index + 1, opening: start)
      } else if bytes[index] != closer {
        let message =
          isSequence && bytes[index] == YAMLByte.colon
          ? "'key: value' pairs are not allowed inside '[...]'; write them as '{key: value}'"
          : "expected ',' or '\(isSequence ? "]" : "}")' here"
        throw failure(index, message)
      }
    }
    let content: YAMLNode.Content = isSequence ? .sequence(items) : .mapping(entries)
    return (YAMLNode(location: collectionLocation, content: content), index + 1)
  }

  /// Skips spaces inside a flow collection; the collection must not end with the line.
  mutating func skipFlowSpaces(from offset: Int, opening: Int) throws(Diagnostic) -> Int {
    let index = try skipSpaces(from: offset)
    guard index < lineEnd && bytes[index] != YAMLByte.hash else {
      throw failure(
        opening,
        "this flow collection is not closed on its line (flow collections must fit on one line)"
      )
    }
    return index
  }
}
