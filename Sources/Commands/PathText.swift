/// A path's folder and last name, worked out from its text alone. Foundation's `NSString`
/// path methods trap on some one-character names on Linux (Swift 6.3.1:
/// `("x" as NSString).deletingLastPathComponent` stops the process), and a user may name a
/// report or a golden `x`.
enum PathText {
  /// The folder part of `path`: `a/b` → `a`, `/a` → `/`, `x.yaml` → `` (the working
  /// directory), `a/b/` → `a`; repeated and trailing slashes are ignored.
  static func folder(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(Substring(path))
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = withoutTrailingSlashes(trimmed[..<slash])
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The last name of `path`: `a/b` → `b`, `a/b/` → `b`, `x` → `x`, `/` → `/`.
  static func name(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(Substring(path))
    guard trimmed != "/" else { return "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// `text` without the slashes it ends with, except a path of slashes only, which stays `/`.
  private static func withoutTrailingSlashes(_ text: Substring) -> Substring {
    var text = text
    while text.count > 1, text.hasSuffix("/") { text.removeLast() }
    return text
  }
}
