/// Breaks a text into lines no longer than a width, at spaces where it can, so that a picture
/// draws every word of it instead of cutting it short.
enum LineWrapping {
  /// `text` in lines of at most `width` characters, broken at spaces where it can be, each
  /// line after the first starting with `indent`.
  static func lines(_ text: String, width: Int, indent: String = "  ") -> [String] {
    var lines: [String] = []
    var rest = Substring(text)
    while rest.count > width - (lines.isEmpty ? 0 : indent.count) {
      let room = width - (lines.isEmpty ? 0 : indent.count)
      let head = rest.prefix(room)
      let cut = head.lastIndex(of: " ").flatMap { $0 > head.startIndex ? $0 : nil } ?? head.endIndex
      lines.append((lines.isEmpty ? "" : indent) + rest[..<cut])
      rest = rest[cut...].drop { $0 == " " }
    }
    lines.append((lines.isEmpty ? "" : indent) + rest)
    return lines
  }
}
