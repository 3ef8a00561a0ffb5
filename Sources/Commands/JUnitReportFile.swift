import Reports

/// A JUnit report filled from what the commands print, and written to its file.
extension JUnitReport {
  /// Adds the result of the scenario `name`, which ended with `status` after printing
  /// `transcript`: a failure or an error carries that text, and its first line that says what
  /// went wrong as the message.
  mutating func add(_ name: String, status: ExitStatus, transcript: String) {
    let message = Self.message(of: transcript)
    switch status {
    case .success: cases.append(Case(name: name, outcome: .passed))
    case .failure:
      cases.append(Case(name: name, outcome: .failed(message: message, text: transcript)))
    case .badInput:
      cases.append(Case(name: name, outcome: .error(message: message, text: transcript)))
    }
  }

  /// Writes `report` to `path`, replacing any file there in one step; `.badInput` (with the
  /// reason printed) when it cannot be written.
  static func write(_ report: JUnitReport, to path: String, console: Console) -> ExitStatus {
    // The rules of a golden: a regular file replaced atomically, never a device, a FIFO or
    // a symbolic link (as root, a plain write would replace /dev/full with a file).
    let folder = PathText.folder(of: path)
    do throws(GoldenFiles.Refusal) {
      try GoldenFiles(root: folder.isEmpty ? "." : folder).replace(path, with: report.xml)
      return .success
    } catch {
      console.report(
        .input("\(path.shown): the JUnit report could not be written (\(error.description))"))
      return .badInput
    }
  }
}
