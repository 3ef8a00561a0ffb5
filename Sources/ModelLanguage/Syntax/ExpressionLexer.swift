import YAML

/// One token of a model-file expression, with its offset (in Unicode scalars) inside the text.
struct ExpressionToken: Equatable {
  enum Kind: Equatable {
    /// A name or a keyword: lowercase words joined by `-` and `.` (`app.keychain.group`).
    case word(String)
    /// Something that starts with a digit: an integer, a duration, a day or an instant.
    case number(String)
    /// `"quoted text"`, unescaped.
    case text(String)
    /// An operator or a bracket.
    case symbol(String)
    /// The end of the expression.
    case end
  }

  var kind: Kind
  var offset: Int
  /// Whether white space comes right before / after the token (binary operators need both).
  var spaceBefore: Bool
  var spaceAfter: Bool
}

/// A syntax error in an expression: a message and the offset it points at.
struct ExpressionSyntaxError: Error, Equatable {
  var message: String
  var offset: Int
}

/// Splits an expression into tokens.
enum ExpressionLexer {
  static let symbols = [
    "&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "+", "-", "*", "/", "%", "(", ")", "[",
    "]", ",",
  ]

  static func tokens(_ text: [Unicode.Scalar]) -> Result<[ExpressionToken], ExpressionSyntaxError> {
    var tokens: [ExpressionToken] = []
    var index = 0
    var spaceBefore = true
    while index < text.count {
      let scalar = text[index]
      if isSpace(scalar) {
        index += 1
        spaceBefore = true
        if var last = tokens.popLast() {
          last.spaceAfter = true
          tokens.append(last)
        }
        continue
      }
      let start = index
      let kind: ExpressionToken.Kind
      if isWordStart(scalar) {
        while index < text.count && (isWordStart(text[index]) || isWordPart(text[index])) {
          index += 1
        }
        kind = .word(String(scalars: text[start..<index]))
      } else if isDigit(scalar) {
        while index < text.count
          && (isWordStart(text[index]) || isWordPart(text[index]) || text[index] == ":"
            || text[index] == "+")
        {
          index += 1
        }
        kind = .number(String(scalars: text[start..<index]))
      } else if scalar == "\"" {
        var value: [Unicode.Scalar] = []
        index += 1
        var closed = false
        while index < text.count {
          let next = text[index]
          if next == "\"" {
            closed = true
            index += 1
            break
          }
          if next == "\\" && index + 1 < text.count
            && (text[index + 1] == "\"" || text[index + 1] == "\\")
          {
            value.append(text[index + 1])
            index += 2
            continue
          }
          value.append(next)
          index += 1
        }
        guard closed else {
          return .failure(
            ExpressionSyntaxError(message: "this text has no closing '\"'", offset: start))
        }
        kind = .text(String(scalars: value[...]))
      } else if let symbol = symbols.first(where: { matches($0, text, at: index) }) {
        index += symbol.unicodeScalars.count
        kind = .symbol(symbol)
      } else {
        return .failure(
          ExpressionSyntaxError(
            message: "unexpected '\(scalar.escaped(asASCII: false))' in an expression",
            offset: start))
      }
      tokens.append(
        ExpressionToken(kind: kind, offset: start, spaceBefore: spaceBefore, spaceAfter: false))
      spaceBefore = false
    }
    tokens.append(
      ExpressionToken(kind: .end, offset: text.count, spaceBefore: spaceBefore, spaceAfter: true))
    return .success(tokens)
  }

  /// Whether `scalar` is Unicode white space; the property tables are asked only beyond
  /// ASCII (a look-up there costs about a hundred instructions a scalar).
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      ? scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
      : scalar.properties.isWhitespace
  }

  static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
  }

  static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
    isDigit(scalar) || scalar == "-" || scalar == "."
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  private static func matches(_ symbol: String, _ text: [Unicode.Scalar], at index: Int) -> Bool {
    var position = index
    for scalar in symbol.unicodeScalars {
      guard position < text.count, text[position] == scalar else { return false }
      position += 1
    }
    return true
  }
}
