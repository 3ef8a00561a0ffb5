// Compiled into every fuzz target (see .ci/fuzz/run): reading libFuzzer's input, and stopping
// with a message when a property fails, so libFuzzer records the input as a crash.
import YAML

/// The bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the process with `message` when `condition` does not hold; libFuzzer then saves the
/// input as a crash artifact.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("fuzz property failed: \(message())") }
}

/// The lines of an input as racelab numbers them (a line ends at LF; CR LF counts as one
/// ending), to check that a reported location points into the input.
struct InputLines {
  /// The length in bytes of each line, without its LF.
  private var lengths: [Int] = []

  /// Splits `bytes` at every LF; the text after the last LF is a line, even when empty.
  init(_ bytes: [UInt8]) {
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      lengths.append(index - start)
      start = index + 1
    }
    lengths.append(bytes.count - start)
  }

  /// Whether the 1-based `line` and `column` name a character of the input or the end of a
  /// line. Columns count Unicode scalars, never more than the line's bytes, so the bound is
  /// the line's length in bytes plus one.
  func contains(line: Int, column: Int) -> Bool {
    line >= 1 && line <= lengths.count && column >= 1 && column <= lengths[line - 1] + 1
  }
}

/// Requires a rejected input to have diagnostics, each (and each of its notes) pointing into
/// the input.
func requireDiagnosticsInside(_ diagnostics: [Diagnostic], _ bytes: [UInt8]) {
  require(!diagnostics.isEmpty, "a rejected input has no diagnostic")
  let lines = InputLines(bytes)
  for diagnostic in diagnostics {
    for located in [diagnostic] + diagnostic.notes {
      require(
        lines.contains(line: located.location.line, column: located.location.column),
        "diagnostic outside the input: \(located.formatted(path: "<input>"))")
    }
  }
}
