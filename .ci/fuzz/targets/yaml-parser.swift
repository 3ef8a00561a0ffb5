// Fuzz target: the YAML-subset parser (Sources/YAML), what `racelab tree` runs.
// Any bytes give either a tree whose every node points into the input, or at least one
// diagnostic that does; never a crash, a hang or a sanitizer report.
import YAML

/// libFuzzer's entry point: parses one input and checks what came out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAMLParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = fuzzInput(data, size)
  let lines = InputLines(bytes)
  switch YAMLParser.parse(bytes) {
  case .success(let root):
    requireLocated(root, in: lines)
    // What `racelab tree` prints.
    _ = root.canonicalJSON()
  case .failure(let list):
    require(!list.diagnostics.isEmpty, "a rejected input has no diagnostic")
    for diagnostic in list.diagnostics {
      requireLocated(diagnostic, in: lines)
    }
  }
  return 0
}

/// Requires `node`, every node below it and every mapping key to point into the input.
private func requireLocated(_ node: YAMLNode, in lines: InputLines) {
  let location = node.location
  require(
    lines.contains(line: location.line, column: location.column),
    "node at \(location.line):\(location.column) is outside the input")
  switch node.content {
  case .scalar:
    break
  case .sequence(let items):
    for item in items { requireLocated(item, in: lines) }
  case .mapping(let entries):
    for entry in entries {
      let key = entry.keyLocation
      require(
        lines.contains(line: key.line, column: key.column),
        "key '\(entry.key)' at \(key.line):\(key.column) is outside the input")
      requireLocated(entry.value, in: lines)
    }
  }
}

/// Requires `diagnostic` and its notes to point into the input.
private func requireLocated(_ diagnostic: Diagnostic, in lines: InputLines) {
  let location = diagnostic.location
  require(
    lines.contains(line: location.line, column: location.column),
    "diagnostic outside the input: \(diagnostic.formatted(path: "<input>"))")
  for note in diagnostic.notes { requireLocated(note, in: lines) }
}
