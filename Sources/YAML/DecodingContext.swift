/// Collects every diagnostic of one file and offers the shape checks the decoders share (the
/// scenario decoder's and the model-file decoder's).
package struct DecodingContext {
  package private(set) var diagnostics: [Diagnostic] = []

  /// A context with no diagnostic yet.
  package init() {}

  /// Reports an error, with a "did you mean" note when a close known word exists.
  package mutating func error(_ location: SourceLocation, _ message: String, note: String? = nil) {
    let notes = note.map { [Diagnostic(location: location, severity: .note, message: $0)] } ?? []
    diagnostics.append(Diagnostic(location: location, message: message, notes: notes))
  }

  /// Reports a diagnostic built by the caller, with its own notes.
  package mutating func appendDiagnostic(_ diagnostic: Diagnostic) {
    diagnostics.append(diagnostic)
  }

  /// Reports an unknown word among `known`, suggesting the closest one (or saying that none is
  /// declared).
  package mutating func unknown(
    _ what: String, _ word: String, at location: SourceLocation, known: [String],
    in place: String? = nil
  ) {
    let note = NearestWord.suggestion(for: word, among: known).map { "did you mean '\($0)'?" }
    let suffix = place.map { " in \($0)" } ?? ""
    error(
      location, "unknown \(what) '\(word)'\(suffix)",
      note: note
        ?? (known.isEmpty
          ? "no \(what) is declared" : "expected one of: \(known.joined(separator: ", "))"))
  }

  /// The node's entries, or an error when it is not a mapping.
  package mutating func mapping(_ node: YAMLNode, _ what: String) -> [YAMLMapEntry]? {
    if case .mapping(let entries) = node.content { return entries }
    error(node.location, "\(what) must be a mapping of 'key: value' lines, found \(node.kindName)")
    return nil
  }

  /// The node's items, or an error when it is not a sequence.
  package mutating func sequence(_ node: YAMLNode, _ what: String) -> [YAMLNode]? {
    if case .sequence(let items) = node.content { return items }
    error(node.location, "\(what) must be a list of '- item' lines, found \(node.kindName)")
    return nil
  }

  /// The node's text, or an error when it is not a single value. Every value is shown on one
  /// line of a trace or a message, so one with a line break (`\n`, `\r`, `\u2028`, a block
  /// scalar of several lines…) is an error too, unless `multiline` allows prose.
  package mutating func scalar(_ node: YAMLNode, _ what: String, multiline: Bool = false) -> String?
  {
    guard case .scalar(let text, let style) = node.content else {
      error(node.location, "\(what) must be a single value, found \(node.kindName)")
      return nil
    }
    if !multiline && Self.holdsLineBreak(text) {
      let isBlock = style == .literal || style == .folded
      error(
        node.location, "\(what) must be a single line, found a line break in '\(text)'",
        note: isBlock
          ? "a block scalar keeps its final line break; write the value after the key, or "
            + "fold it with '>-'" : nil)
      return nil
    }
    return text
  }

  /// Whether `text` holds a line break (`Character.isNewline`). Read byte by byte: a break
  /// within ASCII is always a character of its own, and only text beyond ASCII (where U+0085,
  /// U+2028 and U+2029 break lines too) is read again character by character, which costs
  /// about a hundred times more.
  static func holdsLineBreak(_ text: String) -> Bool {
    var beyondASCII = false
    for byte in text.utf8 {
      if byte >= 0x0A && byte <= 0x0D { return true }
      if byte >= 0x80 { beyondASCII = true }
    }
    return beyondASCII && text.contains(where: \.isNewline)
  }

  /// Reports every key not in `allowed`.
  package mutating func checkKeys(_ entries: [YAMLMapEntry], allowed: [String], in what: String) {
    for entry in entries where !allowed.contains(entry.key) {
      unknown("key", entry.key, at: entry.keyLocation, known: allowed, in: what)
    }
  }
}

extension YAMLNode {
  /// "a mapping", "a list", "a value": for messages.
  package var kindName: String {
    switch content {
    case .scalar(let text, _): text.isEmpty ? "nothing" : "the value '\(text)'"
    case .sequence: "a list"
    case .mapping: "a mapping"
    }
  }
}

extension [YAMLMapEntry] {
  /// The entry for `key`, if present.
  package func entry(_ key: String) -> YAMLMapEntry? {
    first { $0.key == key }
  }
}
