/// How a scalar was written in the source.
public enum ScalarStyle: Sendable, Equatable {
  /// An unquoted scalar such as `fast`.
  case plain
  /// A scalar in single quotes, such as `'fast'`.
  case singleQuoted
  /// A scalar in double quotes, such as `"fast\n"`.
  case doubleQuoted
  /// A literal block scalar introduced by `|`.
  case literal
  /// A folded block scalar introduced by `>`.
  case folded
}

/// One node of a parsed YAML document, with the location of its first character.
public struct YAMLNode: Sendable, Equatable {
  /// Where the node's first character is.
  public var location: SourceLocation
  /// The node's value.
  public var content: Content

  /// The value of a node: a string scalar, a sequence or a mapping.
  public enum Content: Sendable, Equatable {
    /// A scalar; every scalar is kept as a string.
    case scalar(String, ScalarStyle)
    /// A sequence of nodes.
    case sequence([YAMLNode])
    /// A mapping, with its entries in file order.
    case mapping([YAMLMapEntry])
  }

  /// Creates a node.
  public init(location: SourceLocation, content: Content) {
    self.location = location
    self.content = content
  }

  /// The tree as compact JSON with sorted object keys: scalars as strings, sequences as arrays,
  /// mappings as objects. Escapes like Python's `json.dumps(ensure_ascii=False)`.
  public func canonicalJSON() -> String {
    var output: [UInt8] = []
    appendJSON(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private func appendJSON(to output: inout [UInt8]) {
    switch content {
    case .scalar(let text, _):
      Self.appendJSONString(text, to: &output)
    case .sequence(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        item.appendJSON(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .mapping(let entries):
      output.append(UInt8(ascii: "{"))
      let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      for (index, entry) in sorted.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.appendJSONString(entry.key, to: &output)
        output.append(UInt8(ascii: ":"))
        entry.value.appendJSON(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func appendJSONString(_ text: String, to output: inout [UInt8]) {
    let hexDigits = Array("0123456789abcdef".utf8)
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
      case 0x0A: output += Array(#"\n"#.utf8)
      case 0x0D: output += Array(#"\r"#.utf8)
      case 0x09: output += Array(#"\t"#.utf8)
      case 0x08: output += Array(#"\b"#.utf8)
      case 0x0C: output += Array(#"\f"#.utf8)
      case ..<0x20:
        output += Array(#"\u00"#.utf8)
        output += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}

/// One `key: value` entry of a mapping.
public struct YAMLMapEntry: Sendable, Equatable {
  /// The key, a plain word.
  public var key: String
  /// Where the key's first character is.
  public var keyLocation: SourceLocation
  /// The value.
  public var value: YAMLNode

  /// Creates a mapping entry.
  public init(key: String, keyLocation: SourceLocation, value: YAMLNode) {
    self.key = key
    self.keyLocation = keyLocation
    self.value = value
  }
}
