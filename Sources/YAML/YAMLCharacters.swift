/// The ASCII bytes the YAML parser looks at.
package enum YAMLByte {
  static let tab = UInt8(ascii: "\t")
  static let space = UInt8(ascii: " ")
  static let hash = UInt8(ascii: "#")
  static let colon = UInt8(ascii: ":")
  static let dash = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let comma = UInt8(ascii: ",")
  static let question = UInt8(ascii: "?")
  static let pipe = UInt8(ascii: "|")
  static let greater = UInt8(ascii: ">")
  static let singleQuote = UInt8(ascii: "'")
  static let doubleQuote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openBrace = UInt8(ascii: "{")
  static let closeBrace = UInt8(ascii: "}")

  /// Whether `byte` is one of `,[]{}`, which end plain scalars inside flow collections.
  static func isFlowIndicator(_ byte: UInt8) -> Bool {
    byte == comma || byte == openBracket || byte == closeBracket || byte == openBrace
      || byte == closeBrace
  }

  /// Whether `text` is a key of the form `[a-z][a-z0-9-]*`.
  package static func isPlainWord(_ text: String) -> Bool {
    isWords(text, dotted: false)
  }

  /// Whether `text` is plain words joined by single dots (`keychain.group`).
  package static func isDottedWord(_ text: String) -> Bool {
    isWords(text, dotted: true)
  }

  /// Whether `text` is one plain word, or (`dotted`) plain words joined by single dots; read
  /// byte by byte, since the parser asks it of every key.
  private static func isWords(_ text: String, dotted: Bool) -> Bool {
    var atWordStart = true
    for byte in text.utf8 {
      if dotted && byte == UInt8(ascii: ".") {
        guard !atWordStart else { return false }
        atWordStart = true
        continue
      }
      let isLetter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
      let isDigitOrDash = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == dash
      guard isLetter || !atWordStart && isDigitOrDash else { return false }
      atWordStart = false
    }
    return !atWordStart
  }
}
