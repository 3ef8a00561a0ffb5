import ModelContract
import YAML

/// GitHub Actions workflow commands: `::error file=PATH,line=L,col=C::MESSAGE` on standard
/// output, which the runner turns into annotations on the pull request's diff.
public enum GitHubAnnotations {
  /// The command that annotates `message` at `location` of `path` (the whole file without a
  /// location), ending with a newline.
  public static func error(_ message: String, path: String, at location: SourceLocation?)
    -> String
  {
    var properties = "file=\(property(path))"
    if let location { properties += ",line=\(location.line),col=\(location.column)" }
    return "::error \(properties)::\(data(message))\n"
  }

  /// A message as a workflow command's data: `%`, CR and LF percent-encoded, other control
  /// characters shown escaped, so nothing in it can end the command or start another.
  static func data(_ text: String) -> String {
    VisibleText.escaping(
      text.replacingEvery("%", with: "%25").replacingEvery("\r", with: "%0D")
        .replacingEvery("\n", with: "%0A"))
  }

  /// A property value (a path): as data, and `:` and `,` percent-encoded too.
  static func property(_ text: String) -> String {
    data(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
  }
}
