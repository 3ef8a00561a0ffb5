import ModelContract
import ModelLanguage
import YAML

/// A problem that stops a command (or one file of it), printed in one place by
/// ``Console/report(_:)`` as `racelab: error: …` with exit status 2.
public struct CommandError: Error, Sendable, Equatable {
  /// What went wrong, in one line.
  public var message: String
  /// A word the user typed that a known word may correct.
  public var word: String?
  /// The words `word` could have been.
  public var known: [String]
  /// Whether it is a mistake in the command line (the report then points to `--help`).
  public var isUsage: Bool

  /// A mistake in the command line.
  static func usage(_ message: String, word: String? = nil, known: [String] = []) -> CommandError {
    CommandError(message: message, word: word, known: known, isUsage: true)
  }

  /// Bad input: a file that cannot be read, an override that does not fit a file.
  static func input(_ message: String, word: String? = nil, known: [String] = []) -> CommandError {
    CommandError(message: message, word: word, known: known, isUsage: false)
  }

  /// The line printed for it, without colour, control characters escaped (a path or an
  /// argument may hold anything).
  var line: String {
    var line = message.shown
    if let word, let suggestion = NearestWord.suggestion(for: word, among: known) {
      line += " (did you mean '\(suggestion)'?)"
    }
    if isUsage { line += "; see 'racelab --help'" }
    return line
  }
}

extension Console {
  /// Prints `error` on standard error: `racelab: error: …`.
  public func report(_ error: CommandError) {
    writeError("racelab: \(errorRed("error:")) \(error.line)\n")
  }

  /// Prints a file's located diagnostics (`path:line:column: error: …` with its notes), then
  /// how many there were.
  /// At most `limit` are printed; a line counts the rest.
  func report(_ diagnostics: [Diagnostic], path: String, limit: Int = ScenarioLimits().errors) {
    annotate(Array(diagnostics.prefix(limit)), path: path)
    // Diagnostic.formatted escapes the path and any quoted text itself.
    for diagnostic in diagnostics.prefix(limit) {
      let text = diagnostic.formatted(path: path)
      writeError(
        (errorColour
          ? text.replacing(": error: ", with: ": \(errorRed("error:")) ")
          : text) + "\n")
    }
    if diagnostics.count > limit {
      writeError(
        "\(path.shown): \(diagnostics.count - limit) more errors not shown "
          + "(raise the number shown with --limits errors=N)\n")
    }
  }

  /// Prints a warning on standard error: `racelab: warning: …`.
  func warn(_ message: String) {
    writeError("racelab: \(errorYellow("warning:")) \(message.shown)\n")
  }
}
