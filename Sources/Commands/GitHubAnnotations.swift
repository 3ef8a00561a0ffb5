import ModelContract
import Renderers
import ScenarioFormat
import YAML

/// GitHub Actions workflow commands: `::error file=PATH,line=L,col=C::MESSAGE` on standard
/// output, which the runner turns into annotations on the pull request's diff. Printed besides
/// the usual output, only when ``Console/githubAnnotations`` is set.
extension Console {
  /// Annotates a problem at `location` of `path` (the whole file without a location).
  func annotate(_ message: String, path: String, at location: SourceLocation? = nil) {
    guard githubAnnotations else { return }
    var properties = "file=\(Self.property(path))"
    if let location { properties += ",line=\(location.line),col=\(location.column)" }
    write("::error \(properties)::\(Self.data(message))\n")
  }

  /// Annotates every located diagnostic of `path`.
  func annotate(_ diagnostics: [Diagnostic], path: String) {
    for diagnostic in diagnostics {
      let notes = diagnostic.notes.map { " (note: \($0.message))" }.joined()
      annotate(diagnostic.message + notes, path: path, at: diagnostic.location)
    }
  }

  /// Annotates each expectation of `path` that did not hold, at its `expect:` key.
  func annotate(
    _ failed: [(location: SourceLocation?, check: ExpectationCheck)], path: String
  ) {
    for (location, check) in failed {
      annotate(Self.failure(of: check), path: path, at: location)
    }
  }

  /// `expect count: 2 does not hold (actual 1)`.
  static func failure(of check: ExpectationCheck) -> String {
    "expect \(check.key): \(check.expected) does not hold (actual \(check.actual))"
  }

  /// A message as a workflow command's data: `%`, CR and LF percent-encoded, other control
  /// characters shown escaped, so nothing in it can end the command or start another.
  static func data(_ text: String) -> String {
    VisibleText.escaping(
      text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
        .replacingOccurrences(of: "\n", with: "%0A"))
  }

  /// A property value (a path): as data, and `:` and `,` percent-encoded too.
  static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
