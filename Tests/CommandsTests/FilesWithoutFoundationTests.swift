import Foundation
import Testing

@testable import Commands

/// What the commands do by hand since racelab stopped loading all of Foundation: walking a
/// folder, and quoting a word for the shell.
struct FilesWithoutFoundationTests {
  @Test("a folder's paths: nested, hidden too, sorted by bytes, not through a symbolic link")
  func walkListsEveryPathOnce() throws {
    let root = FileManager.default.temporaryDirectory.path + "/racelab-walk-\(getpid())"
    try? FileManager.default.removeItem(atPath: root)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(
      atPath: root + "/b/c", withIntermediateDirectories: true)
    for file in ["a.yaml", "b/.hidden.yaml", "b/c/x.yaml", "B.yaml"] {
      #expect(FileManager.default.createFile(atPath: root + "/" + file, contents: Data()))
    }
    // A link back to the root: following it would never end.
    try FileManager.default.createSymbolicLink(atPath: root + "/b/up", withDestinationPath: root)
    #expect(
      Files.walk(root) == [
        "B.yaml", "a.yaml", "b", "b/.hidden.yaml", "b/c", "b/c/x.yaml", "b/up",
      ])
    #expect(Files.walk(root + "/") == Files.walk(root))
    #expect(
      Files.list(root, suffixes: [".yaml"]) == ["B.yaml", "a.yaml", "b/.hidden.yaml", "b/c/x.yaml"])
    #expect(Files.walk(root + "/missing") == [])
  }

  @Test("a quote is closed, escaped and reopened, also when a combining mark follows it")
  func quotesEveryQuote() {
    #expect(ShellWord.quoted("it's.yaml") == #"'it'\''s.yaml'"#)
    // The quote and the accent are one character; the quote is still a quote to the shell.
    #expect(ShellWord.quoted("a'\u{301}b.yaml") == "'a'\\''\u{301}b.yaml'")
  }
}
