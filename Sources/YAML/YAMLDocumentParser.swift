/// Parses the block structure (indentation, `key: value`, `- item`) of one YAML document.
///
/// Structural errors are thrown and end parsing; problems that leave the structure intact, such as
/// bad or duplicate keys, are collected in `diagnostics` so that all of them are reported.
struct YAMLDocumentParser {
  /// Collections may nest at most this deep, which also bounds recursion.
  static let maximumDepth = 64
  static let tabMessage =
    "a tab is not allowed here; tabs may appear only in quoted scalars, block scalars and comments"

  var source: YAMLSourceText
  let bytes: [UInt8]
  /// Problems found so far that did not stop parsing.
  var diagnostics: [Diagnostic] = []
  /// The 0-based index of the line being parsed.
  var lineIndex = 0
  /// Whether keys may be dotted words (`keychain.group`), as in model files.
  var allowsDottedKeys = false

  init(source: YAMLSourceText) {
    self.source = source
    self.bytes = source.bytes
  }

  var lineStart: Int { source.lineStarts[lineIndex] }
  var lineEnd: Int { source.lineEnds[lineIndex] }

  mutating func location(_ offset: Int) -> SourceLocation {
    source.location(line: lineIndex, offset: offset)
  }

  mutating func failure(_ offset: Int, _ message: String) -> Diagnostic {
    Diagnostic(location: location(offset), message: message)
  }

  mutating func nestingFailure(_ offset: Int) -> Diagnostic {
    failure(offset, "nesting deeper than \(Self.maximumDepth) levels")
  }

  /// The number of spaces that start the current line.
  func indentation() -> Int {
    var index = lineStart
    while index < lineEnd && bytes[index] == YAMLByte.space { index += 1 }
    return index - lineStart
  }

  /// Whether `offset` is the end of the line or a space or tab.
  func isBlankOrEnd(_ offset: Int) -> Bool {
    offset >= lineEnd || bytes[offset] == YAMLByte.space || bytes[offset] == YAMLByte.tab
  }

  /// Whether a `- ` sequence entry starts at `offset`.
  func isSequenceEntry(_ offset: Int) -> Bool {
    offset < lineEnd && bytes[offset] == YAMLByte.dash && isBlankOrEnd(offset + 1)
  }

  /// Whether the current line starts with `---` or `...` as a document marker.
  func isDocumentMarker() -> Bool {
    guard lineEnd - lineStart >= 3, isBlankOrEnd(lineStart + 3) else { return false }
    let marker = bytes[lineStart..<lineStart + 3]
    return marker.elementsEqual("---".utf8) || marker.elementsEqual("...".utf8)
  }

  /// Returns the first offset at or after `offset` that is not a space.
  mutating func skipSpaces(from offset: Int) throws(Diagnostic) -> Int {
    var index = offset
    while index < lineEnd && bytes[index] == YAMLByte.space { index += 1 }
    if index < lineEnd && bytes[index] == YAMLByte.tab { throw failure(index, Self.tabMessage) }
    return index
  }

  /// Checks that only spaces and a comment follow `offset` on the current line.
  mutating func expectEndOfLine(
    _ offset: Int, _ message: String = "unexpected text after the value"
  ) throws(Diagnostic) {
    let index = try skipSpaces(from: offset)
    if index < lineEnd && bytes[index] != YAMLByte.hash { throw failure(index, message) }
  }

  /// Moves to the next line that is neither blank nor a comment; returns false at the end of file.
  mutating func skipToContentLine(allowingDocumentStart: Bool = false) throws(Diagnostic) -> Bool {
    while lineIndex < source.lineCount {
      let index = lineStart + indentation()
      if index < lineEnd && bytes[index] == YAMLByte.tab {
        throw failure(index, "tabs cannot be used for indentation; indent with spaces")
      }
      if index < lineEnd && bytes[index] != YAMLByte.hash {
        if index == lineStart && isDocumentMarker()
          && !(allowingDocumentStart && bytes[index] == YAMLByte.dash)
        {
          throw failure(index, "several documents in one file are not supported")
        }
        return true
      }
      lineIndex += 1
    }
    return false
  }

  /// Parses the whole document: an optional `---` line, then one node.
  mutating func parseDocument() throws(Diagnostic) -> YAMLNode {
    let empty = Diagnostic(
      location: SourceLocation(line: 1, column: 1), message: "the file is empty")
    guard try skipToContentLine(allowingDocumentStart: true) else { throw empty }
    if isDocumentMarker() {
      try expectEndOfLine(lineStart + 3, "put the document's content on the lines after '---'")
      lineIndex += 1
      guard try skipToContentLine() else { throw empty }
    }
    let (root, rootIndent) = try parseBlockNode(
      at: lineStart + indentation(), parentIndent: -1, depth: 1)
    if try skipToContentLine() {
      throw unexpectedLine(parentIndent: -1, previous: root, previousBlockIndent: rootIndent)
    }
    return root
  }

  /// Describes a line indented more than the block it follows allows.
  mutating func unexpectedLine(
    parentIndent: Int, previous: YAMLNode, previousBlockIndent: Int?
  ) -> Diagnostic {
    let lineIndent = indentation()
    let offset = lineStart + lineIndent
    if let childIndent = previousBlockIndent, lineIndent < childIndent {
      let levels = parentIndent < 0 ? "\(childIndent)" : "\(parentIndent) or \(childIndent)"
      return failure(
        offset,
        "bad indentation: \(lineIndent) spaces matches no enclosing block (expected \(levels))")
    }
    if case .scalar(let text, .plain) = previous.content, !text.isEmpty {
      return failure(
        offset,
        "a plain scalar cannot continue on the next line (multi-line plain scalars are not "
          + "supported); write it on one line, quote it, or use a block scalar ('|' or '>')")
    }
    if parentIndent < 0 {
      return failure(offset, "unexpected content after the end of the document's value")
    }
    return failure(offset, "bad indentation: this line is indented more than its block allows")
  }

  /// Parses the node starting at `start`, which is at the start of a line's content or right
  /// after a `- `. Returns the node and, for a block collection, its indentation.
  mutating func parseBlockNode(
    at start: Int, parentIndent: Int, depth: Int
  ) throws(Diagnostic) -> (YAMLNode, Int?) {
    let column = start - lineStart
    if isSequenceEntry(start) {
      return (try parseBlockSequence(indent: column, isIndentless: false, depth: depth), column)
    }
    if bytes[start] == YAMLByte.pipe || bytes[start] == YAMLByte.greater {
      return (try parseBlockScalar(at: start, parentIndent: parentIndent), nil)
    }
    let item = try scanInlineItem(at: start, depth: depth)
    if let colon = item.colon {
      let mapping = try parseBlockMapping(
        indent: column, firstKey: item.node, colon: colon, depth: depth)
      return (mapping, column)
    }
    try expectEndOfLine(item.end)
    lineIndex += 1
    return (item.node, nil)
  }

  /// Parses a block mapping whose first key has already been scanned.
  mutating func parseBlockMapping(
    indent: Int, firstKey: YAMLNode, colon firstColon: Int, depth: Int
  ) throws(Diagnostic) -> YAMLNode {
    guard depth <= Self.maximumDepth else { throw nestingFailure(lineStart + indent) }
    var entries: [YAMLMapEntry] = []
    var seenKeys = YAMLSeenKeys()
    var (keyNode, colon) = (firstKey, firstColon)
    while true {
      let key = registerKey(keyNode, seenKeys: &seenKeys)
      let (value, valueIndent) = try parseMappingValue(after: colon, indent: indent, depth: depth)
      entries.append(YAMLMapEntry(key: key, keyLocation: keyNode.location, value: value))
      guard try skipToContentLine() else { break }
      let lineIndent = indentation()
      if lineIndent < indent { break }
      if lineIndent > indent {
        throw unexpectedLine(
          parentIndent: indent, previous: value, previousBlockIndent: valueIndent)
      }
      let start = lineStart + indent
      let startsOtherNode =
        isSequenceEntry(start) || bytes[start] == YAMLByte.pipe || bytes[start] == YAMLByte.greater
      let item = startsOtherNode ? nil : try scanInlineItem(at: start, depth: depth + 1)
      guard let item, let nextColon = item.colon else {
        throw failure(start, "expected a 'key: value' entry here, aligned with the keys above")
      }
      (keyNode, colon) = (item.node, nextColon)
    }
    return YAMLNode(location: entries[0].keyLocation, content: .mapping(entries))
  }

  /// Checks that a key is a plain word not used before in its mapping, and returns its text.
  mutating func registerKey(
    _ keyNode: YAMLNode, seenKeys: inout YAMLSeenKeys
  ) -> String {
    guard case .scalar(let key, .plain) = keyNode.content,
      allowsDottedKeys ? YAMLByte.isDottedWord(key) : YAMLByte.isPlainWord(key)
    else {
      diagnostics.append(
        Diagnostic(
          location: keyNode.location, message: "keys must be plain words like 'screen-show'"))
      if case .scalar(let text, _) = keyNode.content { return text }
      return ""
    }
    if key.utf8.count > 1024 {
      diagnostics.append(
        Diagnostic(
          location: keyNode.location, message: "keys longer than 1024 characters are not supported")
      )
    } else if let first = seenKeys.location(of: key) {
      let note = Diagnostic(
        location: first, severity: .note, message: "'\(key)' was first used here")
      diagnostics.append(
        Diagnostic(
          location: keyNode.location, message: "duplicate key '\(key)' in this mapping",
          notes: [note]))
    } else {
      seenKeys.insert(key, at: keyNode.location)
    }
    return key
  }

  /// Parses the value after the `:` of a block mapping entry: on the same line, on the following
  /// more-indented lines, a `- ` sequence at the key's indentation, or the empty string.
  mutating func parseMappingValue(
    after colon: Int, indent: Int, depth: Int
  ) throws(Diagnostic) -> (YAMLNode, Int?) {
    let start = try skipSpaces(from: colon + 1)
    if start < lineEnd && bytes[start] != YAMLByte.hash {
      return (try parseInlineValue(at: start, parentIndent: indent, depth: depth + 1), nil)
    }
    let emptyValue = YAMLNode(location: location(colon + 1), content: .scalar("", .plain))
    lineIndex += 1
    guard try skipToContentLine() else { return (emptyValue, nil) }
    let lineIndent = indentation()
    if lineIndent > indent {
      return try parseBlockNode(at: lineStart + lineIndent, parentIndent: indent, depth: depth + 1)
    }
    if lineIndent == indent && isSequenceEntry(lineStart + indent) {
      return (try parseBlockSequence(indent: indent, isIndentless: true, depth: depth + 1), indent)
    }
    return (emptyValue, nil)
  }

  /// Parses a value that follows `key: ` on the same line.
  mutating func parseInlineValue(
    at start: Int, parentIndent: Int, depth: Int
  ) throws(Diagnostic) -> YAMLNode {
    if bytes[start] == YAMLByte.pipe || bytes[start] == YAMLByte.greater {
      return try parseBlockScalar(at: start, parentIndent: parentIndent)
    }
    if isSequenceEntry(start) {
      throw failure(
        start,
        "sequence entries are not allowed here; put each '- item' on its own line below the key")
    }
    let item = try scanInlineItem(at: start, depth: depth)
    if let colon = item.colon {
      throw failure(colon, "mapping values are not allowed here; quote a value that contains ': '")
    }
    try expectEndOfLine(item.end)
    lineIndex += 1
    return item.node
  }

  /// Parses a block sequence whose first `- ` is at `indent` on the current line.
  /// An indentless sequence (the value of a key at the same indentation) ends at the next key.
  mutating func parseBlockSequence(
    indent: Int, isIndentless: Bool, depth: Int
  ) throws(Diagnostic) -> YAMLNode {
    guard depth <= Self.maximumDepth else { throw nestingFailure(lineStart + indent) }
    let sequenceLocation = location(lineStart + indent)
    var items: [YAMLNode] = []
    while true {
      let afterDash = lineStart + indent + 1
      let start = try skipSpaces(from: afterDash)
      var item: (node: YAMLNode, blockIndent: Int?)
      if start < lineEnd && bytes[start] != YAMLByte.hash {
        item = try parseBlockNode(at: start, parentIndent: indent, depth: depth + 1)
      } else {
        item = (YAMLNode(location: location(afterDash), content: .scalar("", .plain)), nil)
        lineIndex += 1
        if try skipToContentLine(), indentation() > indent {
          item = try parseBlockNode(
            at: lineStart + indentation(), parentIndent: indent, depth: depth + 1)
        }
      }
      items.append(item.node)
      guard try skipToContentLine() else { break }
      let lineIndent = indentation()
      if lineIndent < indent { break }
      if lineIndent > indent {
        throw unexpectedLine(
          parentIndent: indent, previous: item.node, previousBlockIndent: item.blockIndent)
      }
      if isSequenceEntry(lineStart + indent) { continue }
      if isIndentless { break }
      throw failure(
        lineStart + indent, "expected a '- ' entry here, aligned with the entries above")
    }
    return YAMLNode(location: sequenceLocation, content: .sequence(items))
  }
}
