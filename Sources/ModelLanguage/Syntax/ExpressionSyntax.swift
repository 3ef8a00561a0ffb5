import YAML

/// An expression as written, before names are resolved and types checked. Offsets count Unicode
/// scalars from the start of the expression's text.
struct ExpressionSyntax: Equatable {
  indirect enum Kind: Equatable {
    /// A literal that starts with a digit, kept as written (`3`, `2s`, `2026-05-01`).
    case number(String)
    /// `"quoted text"`.
    case text(String)
    /// A name or a keyword (`true`, `none`, `now`, `app.uuid`, `bundle`).
    case word(String)
    /// `name(arguments)`; `new-uuid()`, `max(a, b)`, a declared function.
    case call(String, [ExpressionSyntax])
    /// `recorded(NAME)` / `recorded(NAME where C)`, with the offset of `NAME`.
    case recorded(String, nameOffset: Int, ExpressionSyntax?)
    /// A query over a table or a record: `exists(T where C)`, `best(T where C by K desc, …)`,
    /// `any(T where C)`, `count(T where C)`, `distinct(R by K)`.
    case query(String, name: String, nameOffset: Int, ExpressionSyntax?, keys: [QueryKey])
    /// `!x`.
    case not(ExpressionSyntax)
    /// `-x`.
    case negate(ExpressionSyntax)
    /// `a OP b`, with the operator's offset.
    case binary(String, ExpressionSyntax, ExpressionSyntax, operatorOffset: Int)
    /// `if c then a else b`.
    case conditional(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax)
    /// `x in [a, b]`.
    case member(ExpressionSyntax, [ExpressionSyntax])
    /// `[a, b]`.
    case list([ExpressionSyntax])
  }

  var kind: Kind
  var offset: Int
}

/// One key after `by` in a query, with `desc` or `asc` (the default) after it.
struct QueryKey: Equatable {
  var key: ExpressionSyntax
  var descending: Bool
}

/// A precedence-climbing parser over ``ExpressionLexer`` tokens.
struct ExpressionParser {
  /// Nesting deeper than this is refused, which bounds recursion on any input.
  static let maximumDepth = 64
  static let keywords: Set<String> = ["if", "then", "else", "in", "where"]
  static let precedence: [String: Int] = [
    "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3, "+": 4, "-": 4, "*": 5,
    "/": 5, "%": 5,
  ]

  private var tokens: [ExpressionToken]
  private var index = 0
  private var depth = 0

  /// Parses a whole expression.
  static func parse(_ text: [Unicode.Scalar]) -> Result<ExpressionSyntax, ExpressionSyntaxError> {
    switch ExpressionLexer.tokens(text) {
    case .failure(let error): return .failure(error)
    case .success(let tokens):
      var parser = ExpressionParser(tokens: tokens)
      do throws(ExpressionSyntaxError) {
        let syntax = try parser.expression()
        let next = parser.peek
        guard next.kind == .end else {
          throw ExpressionSyntaxError(
            message: "found \(describe(next)) after a complete expression", offset: next.offset
          )
        }
        return .success(syntax)
      } catch {
        return .failure(error)
      }
    }
  }

  private init(tokens: [ExpressionToken]) { self.tokens = tokens }

  private var peek: ExpressionToken { tokens[index] }

  private mutating func advance() -> ExpressionToken {
    let token = tokens[index]
    if index < tokens.count - 1 { index += 1 }
    return token
  }

  static func describe(_ token: ExpressionToken) -> String {
    switch token.kind {
    case .word(let word): "'\(word)'"
    case .number(let number): "'\(number)'"
    case .text: "a quoted text"
    case .symbol(let symbol): "'\(symbol)'"
    case .end: "the end of the expression"
    }
  }

  private mutating func expect(_ kind: ExpressionToken.Kind, _ what: String)
    throws(ExpressionSyntaxError)
  {
    let token = advance()
    guard token.kind == kind else {
      throw ExpressionSyntaxError(
        message: "expected \(what), found \(Self.describe(token))", offset: token.offset)
    }
  }

  private mutating func nest() throws(ExpressionSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth {
      throw ExpressionSyntaxError(
        message: "this expression nests deeper than \(Self.maximumDepth) levels (parentheses, "
          + "operators in a row and calls each count)",
        offset: peek.offset)
    }
  }

  mutating func expression() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    try nest()
    defer { depth -= 1 }
    if peek.kind == .word("if") { return try conditional() }
    return try binary(minimum: 1)
  }

  private mutating func conditional() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    let start = advance().offset
    let condition = try expression()
    try expect(.word("then"), "'then' after the condition of 'if'")
    let then = try expression()
    try expect(.word("else"), "'else' after 'if … then …' (an 'if' expression needs both)")
    let otherwise = try expression()
    return ExpressionSyntax(kind: .conditional(condition, then, otherwise), offset: start)
  }

  private mutating func binary(minimum: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
    var left = try unary()
    var sawComparison = false
    // Each operator joined here deepens the tree the checker walks, so it counts as a level.
    var joined = 0
    defer { depth -= joined }
    while true {
      try nest()
      joined += 1
      let token = peek
      if token.kind == .word("in") && minimum <= 3 {
        if sawComparison { throw chained(token) }
        _ = advance()
        let open = peek
        guard open.kind == .symbol("[") else {
          throw ExpressionSyntaxError(
            message: "'in' needs a list written in brackets, such as 'x in [a, b]'",
            offset: open.offset)
        }
        _ = advance()
        let items = try listItems()
        left = ExpressionSyntax(kind: .member(left, items), offset: left.offset)
        sawComparison = true
        continue
      }
      guard case .symbol(let symbol) = token.kind, let level = Self.precedence[symbol],
        level >= minimum
      else { return left }
      if level == 3 {
        if sawComparison { throw chained(token) }
        sawComparison = true
      }
      guard token.spaceBefore && token.spaceAfter else {
        throw ExpressionSyntaxError(
          message: "put a space on each side of '\(symbol)' (a '-' without spaces joins words "
            + "into one name)", offset: token.offset)
      }
      _ = advance()
      let right = try binary(minimum: level + 1)
      left = ExpressionSyntax(
        kind: .binary(symbol, left, right, operatorOffset: token.offset), offset: left.offset)
    }
  }

  private func chained(_ token: ExpressionToken) -> ExpressionSyntaxError {
    ExpressionSyntaxError(
      message: "comparisons do not chain; join them with '&&' or use parentheses",
      offset: token.offset)
  }

  private mutating func unary() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    let token = peek
    if token.kind == .symbol("!") || token.kind == .symbol("-") {
      _ = advance()
      try nest()
      defer { depth -= 1 }
      let operand = try unary()
      return ExpressionSyntax(
        kind: token.kind == .symbol("!") ? .not(operand) : .negate(operand), offset: token.offset)
    }
    return try primary()
  }

  private mutating func listItems() throws(ExpressionSyntaxError) -> [ExpressionSyntax] {
    var items: [ExpressionSyntax] = []
    if peek.kind == .symbol("]") {
      _ = advance()
      return items
    }
    while true {
      items.append(try expression())
      let token = advance()
      if token.kind == .symbol("]") { return items }
      guard token.kind == .symbol(",") else {
        throw ExpressionSyntaxError(
          message: "expected ',' or ']' in a list, found \(Self.describe(token))",
          offset: token.offset)
      }
    }
  }

  private mutating func primary() throws(ExpressionSyntaxError) -> ExpressionSyntax {
    let token = advance()
    switch token.kind {
    case .number(let text):
      return ExpressionSyntax(kind: .number(text), offset: token.offset)
    case .text(let text):
      return ExpressionSyntax(kind: .text(text), offset: token.offset)
    case .symbol("("):
      let inner = try expression()
      try expect(.symbol(")"), "')'")
      return inner
    case .symbol("["):
      try nest()
      defer { depth -= 1 }
      return ExpressionSyntax(kind: .list(try listItems()), offset: token.offset)
    case .word("if"):
      index -= 1
      return try expression()
    case .word(let word):
      if Self.keywords.contains(word) {
        throw ExpressionSyntaxError(
          message: "expected a value, found the keyword '\(word)'", offset: token.offset)
      }
      guard peek.kind == .symbol("("), !peek.spaceBefore else {
        return ExpressionSyntax(kind: .word(word), offset: token.offset)
      }
      _ = advance()
      if word == "recorded" { return try recorded(at: token.offset) }
      if Self.queries.contains(word) || word == "count" && isCountQuery {
        return try query(word, at: token.offset)
      }
      var arguments: [ExpressionSyntax] = []
      if peek.kind == .symbol(")") {
        _ = advance()
      } else {
        while true {
          arguments.append(try expression())
          let next = advance()
          if next.kind == .symbol(")") { break }
          guard next.kind == .symbol(",") else {
            throw ExpressionSyntaxError(
              message: "expected ',' or ')' in the arguments of '\(word)', found "
                + Self.describe(next), offset: next.offset)
          }
        }
      }
      return ExpressionSyntax(kind: .call(word, arguments), offset: token.offset)
    default:
      throw ExpressionSyntaxError(
        message: "expected a value, found \(Self.describe(token))", offset: token.offset)
    }
  }

  /// The functions whose first argument is a table's or a record's name, not a value.
  static let queries: Set<String> = ["exists", "best", "any", "distinct"]

  /// Whether `count(` starts a table query (`count(T where C)`) rather than a list's length.
  private var isCountQuery: Bool {
    guard case .word = peek.kind, index + 1 < tokens.count else { return false }
    return tokens[index + 1].kind == .word("where")
  }

  /// `NAME [where C] [by K [desc|asc], …])`, after `word(`.
  private mutating func query(_ word: String, at offset: Int) throws(ExpressionSyntaxError)
    -> ExpressionSyntax
  {
    let name = advance()
    guard case .word(let table) = name.kind, !Self.keywords.contains(table) else {
      throw ExpressionSyntaxError(
        message: "expected a table's or a record's name in '\(word)(…)', found "
          + Self.describe(name), offset: name.offset)
    }
    var condition: ExpressionSyntax?
    if peek.kind == .word("where") {
      _ = advance()
      condition = try expression()
    }
    var keys: [QueryKey] = []
    if peek.kind == .word("by") {
      _ = advance()
      while true {
        let key = try expression()
        var descending = false
        if peek.kind == .word("desc") || peek.kind == .word("asc") {
          descending = advance().kind == .word("desc")
        }
        keys.append(QueryKey(key: key, descending: descending))
        guard peek.kind == .symbol(",") else { break }
        _ = advance()
      }
    }
    try expect(.symbol(")"), "')', 'where' or 'by' in '\(word)(…)'")
    return ExpressionSyntax(
      kind: .query(word, name: table, nameOffset: name.offset, condition, keys: keys),
      offset: offset)
  }

  private mutating func recorded(at offset: Int) throws(ExpressionSyntaxError) -> ExpressionSyntax {
    let name = advance()
    guard case .word(let record) = name.kind, !Self.keywords.contains(record) else {
      throw ExpressionSyntaxError(
        message: "expected a record's name in 'recorded(…)', found \(Self.describe(name))",
        offset: name.offset)
    }
    var condition: ExpressionSyntax?
    if peek.kind == .word("where") {
      _ = advance()
      condition = try expression()
    }
    try expect(.symbol(")"), "')' or 'where' after the record's name")
    return ExpressionSyntax(
      kind: .recorded(record, nameOffset: name.offset, condition), offset: offset)
  }
}
