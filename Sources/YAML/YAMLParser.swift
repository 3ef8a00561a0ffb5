/// All diagnostics found in a file, usable as the failure of a `Result`.
public struct DiagnosticList: Error, Sendable, Equatable {
  /// The diagnostics, in file order.
  public var diagnostics: [Diagnostic]

  /// Wraps a list of diagnostics.
  public init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }
}

/// Parses the YAML subset used by scenario files into a located node tree.
public enum YAMLParser {
  /// Parses a whole file.
  ///
  /// - Parameter bytes: The file's contents: UTF-8, optionally starting with a byte-order mark.
  /// - Returns: The root node, or every diagnostic found. An empty or comment-only file is an
  ///   error.
  public static func parse(_ bytes: [UInt8]) -> Result<YAMLNode, DiagnosticList> {
    parse(bytes, allowsDottedKeys: false)
  }

  /// Parses a whole file whose keys may also be dotted words (`keychain.group`), as model files
  /// write state names.
  package static func parse(
    _ bytes: [UInt8], allowsDottedKeys: Bool
  ) -> Result<YAMLNode, DiagnosticList> {
    let source: YAMLSourceText
    do {
      source = try YAMLSourceText(bytes: bytes)
    } catch {
      return .failure(DiagnosticList([error]))
    }
    var parser = YAMLDocumentParser(source: source)
    parser.allowsDottedKeys = allowsDottedKeys
    do {
      let root = try parser.parseDocument()
      return parser.diagnostics.isEmpty
        ? .success(root) : .failure(DiagnosticList(parser.diagnostics))
    } catch {
      return .failure(DiagnosticList(parser.diagnostics + [error]))
    }
  }
}
