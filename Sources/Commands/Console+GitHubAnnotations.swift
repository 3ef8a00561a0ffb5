import Renderers
import Reports
import YAML

/// GitHub annotations printed besides the usual output, only when ``Console/githubAnnotations``
/// is set.
extension Console {
  /// Annotates a problem at `location` of `path` (the whole file without a location).
  func annotate(_ message: String, path: String, at location: SourceLocation? = nil) {
    guard githubAnnotations else { return }
    write(GitHubAnnotations.error(message, path: path, at: location))
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
}
