import Foundation
import Testing

@testable import Commands

/// Paths whose last name is one character: Foundation's `NSString` path methods trap on some
/// of them on Linux, and racelab split such paths with them (`check --junit x` stopped the
/// process with an illegal instruction).
struct OneCharacterPathTests {
  @Test(
    "a path's folder and last name",
    arguments: [
      ("x", "", "x"), ("x.yaml", "", "x.yaml"), ("a/b", "a", "b"), ("a/", "", "a"),
      ("a/b/", "a", "b"), ("a//b", "a", "b"), ("/a", "/", "a"), ("//a", "/", "a"),
      ("/", "/", "/"), ("", "", ""), ("./", "", "."), ("./x", ".", "x"), ("../x", "..", "x"),
      ("dir/x.yaml", "dir", "x.yaml"), ("ab/cd/ef", "ab/cd", "ef"),
    ])
  func split(path: String, folder: String, name: String) {
    #expect(PathText.folder(of: path) == folder)
    #expect(PathText.name(of: path) == name)
  }

  private let model = tapCounterModel

  private let scenario = """
    name: s
    model: m.model.yaml
    timeline:
      - {at: 0s, event: tap}

    """

  @Test("a JUnit report, a golden folder and a scenario named by one character")
  func oneCharacterNames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("c/m.model.yaml", model)
    try folder.write("c/s.yaml", scenario)
    let update = try runRacelab(["check", "c", "--traces", "t", "--update"], in: folder.url)
    #expect(update.status == 0, "\(update.errorText)")
    #expect(folder.read("t/s.trace") != nil)
    let check = try runRacelab(["check", "c", "--traces", "t", "--junit", "r"], in: folder.url)
    #expect(check.status == 0, "\(check.errorText)")
    let report = try #require(folder.read("r"))
    #expect(String(decoding: report, as: UTF8.self).contains("name=\"c/s.yaml\""))
    let explore = try runRacelab(["explore", "c/s.yaml", "--junit", "e"], in: folder.url)
    #expect(explore.status == 0, "\(explore.errorText)")
    #expect(folder.read("e") != nil)
  }
}
