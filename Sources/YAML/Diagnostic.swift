import ModelContract

/// A position in a source file: 1-based line and column.
///
/// The column counts Unicode scalars from the start of the line; a byte-order mark at the start of
/// the file is not counted.
public struct SourceLocation: Hashable, Sendable, Comparable {
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int

  /// Creates a location from a 1-based line and column.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Orders locations by line, then by column.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A problem found in a source file, reported in compiler format.
public struct Diagnostic: Sendable, Equatable, Error {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable {
    /// A problem that makes the file invalid.
    case error
    /// A hint attached to an error, such as where a clashing definition is.
    case note
  }

  /// Where the problem is.
  public var location: SourceLocation
  /// Whether this is an error or a note.
  public var severity: Severity
  /// A human-readable description of the problem.
  public var message: String
  /// Hints attached to this error.
  public var notes: [Diagnostic]

  /// Creates a diagnostic.
  public init(
    location: SourceLocation,
    severity: Severity = .error,
    message: String,
    notes: [Diagnostic] = []
  ) {
    self.location = location
    self.severity = severity
    self.message = message
    self.notes = notes
  }

  /// `path:line:column: error: message` followed by one line per note, joined by newlines. The
  /// path and the message (which may quote the file) are shown with their control characters
  /// escaped (``VisibleText``), so each diagnostic keeps to its own line.
  public func formatted(path: String) -> String {
    let head =
      "\(VisibleText.escaping(path)):\(location.line):\(location.column): "
      + "\(severity.rawValue): \(VisibleText.escaping(message))"
    return ([head] + notes.map { $0.formatted(path: path) }).joined(separator: "\n")
  }
}
