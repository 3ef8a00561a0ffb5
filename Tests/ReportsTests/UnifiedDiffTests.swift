import Foundation
import Reports
import Testing

/// Applies a unified diff to `old` (as `patch` would, trusting the hunk headers), for checking
/// that a diff really turns one text into the other.
func applyUnifiedDiff(_ diff: String, to old: String) -> String? {
  var oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let oldEndsInNewline = oldLines.last == ""
  if oldEndsInNewline { oldLines.removeLast() }
  var result: [String] = []
  var oldIndex = 0
  var hunkEndsWithoutNewline = false
  let lines = diff.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  guard lines.count >= 2, lines[0].hasPrefix("--- "), lines[1].hasPrefix("+++ ") else {
    return nil
  }
  var previous: Character = " "
  for line in lines.dropFirst(2) {
    if line.hasPrefix("@@ -") {
      let numbers = line.dropFirst(4).split(separator: " ")[0].split(separator: ",")
      guard numbers.count == 2, let start = Int(numbers[0]), let count = Int(numbers[1]) else {
        return nil
      }
      let first = count == 0 ? start : start - 1
      guard first >= oldIndex, first <= oldLines.count else { return nil }
      result += oldLines[oldIndex..<first]
      oldIndex = first
      continue
    }
    if line == "\\ No newline at end of file" {
      if previous != "-" { hunkEndsWithoutNewline = true }
      continue
    }
    guard let marker = line.first else { return nil }
    let text = String(line.dropFirst())
    switch marker {
    case " ", "-":
      guard oldIndex < oldLines.count, oldLines[oldIndex] == text else { return nil }
      if marker == " " { result.append(text) }
      oldIndex += 1
    case "+":
      result.append(text)
    default:
      return nil
    }
    if marker != "-" { hunkEndsWithoutNewline = false }
    previous = marker
  }
  let tail = oldLines[oldIndex...]
  result += tail
  if result.isEmpty { return "" }
  let endsInNewline = tail.isEmpty ? !hunkEndsWithoutNewline : oldEndsInNewline
  return result.joined(separator: "\n") + (endsInNewline ? "\n" : "")
}

/// Counts in each `@@ -a,b +c,d @@` header match the lines of its hunk.
func hunkHeadersAreConsistent(_ diff: String) -> Bool {
  var expectedOld = 0
  var expectedNew = 0
  for line in diff.split(separator: "\n").dropFirst(2) {
    if line.hasPrefix("@@ -") {
      guard expectedOld == 0 && expectedNew == 0 else { return false }
      let parts = line.split(separator: " ")
      expectedOld = Int(parts[1].split(separator: ",")[1]) ?? -1
      expectedNew = Int(parts[2].split(separator: ",")[1]) ?? -1
      continue
    }
    if line.hasPrefix("\\") { continue }
    if line.hasPrefix(" ") || line.hasPrefix("-") { expectedOld -= 1 }
    if line.hasPrefix(" ") || line.hasPrefix("+") { expectedNew -= 1 }
  }
  return expectedOld == 0 && expectedNew == 0
}

struct UnifiedDiffTests {
  let numbered = (1...20).map { "line \($0)\n" }.joined()

  @Test func equalTextsHaveNoDiff() {
    #expect(UnifiedDiff.make(old: numbered, new: numbered, oldName: "a", newName: "b") == nil)
    #expect(UnifiedDiff.make(old: "", new: "", oldName: "a", newName: "b") == nil)
  }

  @Test func oneChangedLineGivesOneHunkWithThreeLinesOfContext() {
    let new = numbered.replacingOccurrences(of: "line 10\n", with: "line ten\n")
    let diff = UnifiedDiff.make(old: numbered, new: new, oldName: "old.trace", newName: "new")
    #expect(
      diff == """
        --- old.trace
        +++ new
        @@ -7,7 +7,7 @@
         line 7
         line 8
         line 9
        -line 10
        +line ten
         line 11
         line 12
         line 13

        """)
  }

  @Test func aChangeAtTheEndHasNoPhantomEmptyLine() {
    let diff = UnifiedDiff.make(old: "a\nb\n", new: "a\nc\n", oldName: "x", newName: "y")
    #expect(diff == "--- x\n+++ y\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n")
  }

  @Test func insertionIntoAnEmptyText() {
    let diff = UnifiedDiff.make(old: "", new: "a\nb\n", oldName: "x", newName: "y")
    #expect(diff == "--- x\n+++ y\n@@ -0,0 +1,2 @@\n+a\n+b\n")
  }

  @Test func deletingEverything() {
    let diff = UnifiedDiff.make(old: "a\nb\n", new: "", oldName: "x", newName: "y")
    #expect(diff == "--- x\n+++ y\n@@ -1,2 +0,0 @@\n-a\n-b\n")
  }

  @Test func aMissingFinalNewlineIsADifference() {
    let diff = UnifiedDiff.make(old: "a\nb\n", new: "a\nb", oldName: "x", newName: "y")
    #expect(
      diff == "--- x\n+++ y\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n")
  }

  @Test func distantChangesGetSeparateHunks() throws {
    let new =
      numbered
      .replacingOccurrences(of: "line 2\n", with: "line two\n")
      .replacingOccurrences(of: "line 18\n", with: "line eighteen\n")
    let diff = try #require(UnifiedDiff.make(old: numbered, new: new, oldName: "a", newName: "b"))
    let headers = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
    #expect(headers == ["@@ -1,5 +1,5 @@", "@@ -15,6 +15,6 @@"])
    #expect(applyUnifiedDiff(diff, to: numbered) == new)
  }

  @Test func nearbyChangesShareAHunk() throws {
    let new =
      numbered
      .replacingOccurrences(of: "line 5\n", with: "")
      .replacingOccurrences(of: "line 9\n", with: "line 9\nextra\n")
    let diff = try #require(UnifiedDiff.make(old: numbered, new: new, oldName: "a", newName: "b"))
    #expect(diff.split(separator: "\n").filter { $0.hasPrefix("@@") } == ["@@ -2,11 +2,11 @@"])
    #expect(applyUnifiedDiff(diff, to: numbered) == new)
  }

  @Test func contextWidthIsAParameter() throws {
    let new = numbered.replacingOccurrences(of: "line 10\n", with: "line ten\n")
    let diff = try #require(
      UnifiedDiff.make(old: numbered, new: new, oldName: "a", newName: "b", context: 0))
    #expect(diff == "--- a\n+++ b\n@@ -10,1 +10,1 @@\n-line 10\n+line ten\n")
  }

  @Test func randomEditsRoundTrip() throws {
    var state: UInt64 = 0x0D1F_F000
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let words = ["alpha", "beta", "gamma", "delta", "", "epsilon"]
    for round in 0..<300 {
      let old = (0..<next(30)).map { _ in words[next(words.count)] }
      var new = old
      for _ in 0..<next(6) {
        switch next(3) {
        case 0 where !new.isEmpty: new.remove(at: next(new.count))
        case 1: new.insert(words[next(words.count)], at: next(new.count + 1))
        default: if !new.isEmpty { new[next(new.count)] = words[next(words.count)] }
        }
      }
      let oldText = old.map { $0 + "\n" }.joined() + (round % 7 == 0 ? "tail" : "")
      let newText = new.map { $0 + "\n" }.joined() + (round % 5 == 0 ? "tail" : "")
      guard let diff = UnifiedDiff.make(old: oldText, new: newText, oldName: "a", newName: "b")
      else {
        #expect(oldText == newText, "round \(round): texts differ but no diff")
        continue
      }
      #expect(oldText != newText)
      #expect(hunkHeadersAreConsistent(diff), "round \(round):\n\(diff)")
      #expect(applyUnifiedDiff(diff, to: oldText) == newText, "round \(round):\n\(diff)")
    }
  }
}

struct UnifiedDiffHunkBoundaryTests {
  let numbered = (1...30).map { "line \($0)\n" }.joined()

  /// Changes at lines 5 and 5 + gap + 1 (`gap` unchanged lines between them).
  func diff(gap: Int) -> String {
    let new =
      numbered
      .replacingOccurrences(of: "line 5\n", with: "five\n")
      .replacingOccurrences(of: "line \(5 + gap + 1)\n", with: "changed\n")
    return UnifiedDiff.make(old: numbered, new: new, oldName: "a", newName: "b") ?? ""
  }

  @Test func changesSixLinesApartShareAHunk() {
    #expect(
      diff(gap: 6).split(separator: "\n").filter { $0.hasPrefix("@@") } == ["@@ -2,14 +2,14 @@"])
  }

  @Test func changesSevenLinesApartGetTwoHunks() {
    #expect(
      diff(gap: 7).split(separator: "\n").filter { $0.hasPrefix("@@") } == [
        "@@ -2,7 +2,7 @@", "@@ -10,7 +10,7 @@",
      ])
  }
}
