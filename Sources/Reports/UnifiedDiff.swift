/// A unified diff of two texts, line by line, computed with the standard library's
/// `CollectionDifference`.
public enum UnifiedDiff {
  private enum Line {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The diff from `old` to `new` with `context` lines around each change, or `nil` when the
  /// texts are equal.
  public static func make(
    old: String, new: String, oldName: String, newName: String, context: Int = 3
  ) -> String? {
    let oldLines = lines(of: old)
    let newLines = lines(of: new)
    let difference = newLines.difference(from: oldLines)
    guard !difference.isEmpty else { return nil }
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var script: [Line] = []
    var oldIndex = 0
    var newIndex = 0
    while oldIndex < oldLines.count || newIndex < newLines.count {
      if oldIndex < oldLines.count && removed.contains(oldIndex) {
        script.append(.removed(oldLines[oldIndex]))
        oldIndex += 1
      } else if newIndex < newLines.count && inserted.contains(newIndex) {
        script.append(.added(newLines[newIndex]))
        newIndex += 1
      } else {
        script.append(.same(oldLines[oldIndex]))
        oldIndex += 1
        newIndex += 1
      }
    }
    return render(script, oldName: oldName, newName: newName, context: context)
  }

  /// The text's lines without their newlines. A text ending in a newline has no phantom empty
  /// line after it; a last line without a newline carries the marker `diff -u` prints, so texts
  /// that differ only there still differ.
  private static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" {
      lines.removeLast()
    } else {
      lines[lines.count - 1] += "\n\\ No newline at end of file"
    }
    return lines
  }

  private static func render(_ script: [Line], oldName: String, newName: String, context: Int)
    -> String
  {
    var output = ["--- \(oldName)", "+++ \(newName)"]
    let changed = script.indices.filter {
      if case .same = script[$0] { return false }
      return true
    }
    var hunkStart = 0
    while hunkStart < changed.count {
      var hunkEnd = hunkStart
      // Changes separated by at most 2 × context unchanged lines share a hunk, as in `diff -u`.
      while hunkEnd + 1 < changed.count
        && changed[hunkEnd + 1] - changed[hunkEnd] - 1 <= 2 * context
      {
        hunkEnd += 1
      }
      let first = max(0, changed[hunkStart] - context)
      let last = min(script.count - 1, changed[hunkEnd] + context)
      var oldStart = 0
      var newStart = 0
      for line in script[..<first] {
        if case .added = line {} else { oldStart += 1 }
        if case .removed = line {} else { newStart += 1 }
      }
      var body: [String] = []
      var oldCount = 0
      var newCount = 0
      for line in script[first...last] {
        switch line {
        case .same(let text):
          body.append(" " + text)
          oldCount += 1
          newCount += 1
        case .removed(let text):
          body.append("-" + text)
          oldCount += 1
        case .added(let text):
          body.append("+" + text)
          newCount += 1
        }
      }
      output.append(
        "@@ -\(oldStart + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(newStart + (newCount > 0 ? 1 : 0)),\(newCount) @@"
      )
      output += body
      hunkStart = hunkEnd + 1
    }
    return output.joined(separator: "\n") + "\n"
  }
}
