extension String {
  /// The text without leading and trailing spaces.
  package var trimmingSpaces: String {
    let space = UInt8(ascii: " ")
    guard let first = utf8.firstIndex(where: { $0 != space }),
      let last = utf8.lastIndex(where: { $0 != space })
    else { return "" }
    if first == utf8.startIndex && utf8.index(after: last) == utf8.endIndex { return self }
    return String(self[first...last])
  }
}
