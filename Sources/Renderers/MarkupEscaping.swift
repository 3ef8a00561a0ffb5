import ModelContract

extension VisibleText {
  /// `text` with its control characters escaped and each character of `replacements` written
  /// as its replacement (entity codes of a markup language).
  static func escaping(_ text: String, replacing replacements: [Character: String]) -> String {
    var escaped = ""
    for character in escaping(text) {
      if let replacement = replacements[character] {
        escaped += replacement
      } else {
        escaped.append(character)
      }
    }
    return escaped
  }
}
