import Foundation
import Testing

/// `racelab models` lists the models a scenario can name without a path, and `--copy` writes a
/// bundled one out as the start of one's own, never over a file that is there; a scenario that
/// names a bundled model runs exactly as with a copy of its file beside it.
@Suite struct ModelsCommandTests {
  /// The bundled model files, as the repository holds them.
  static let library = repositoryRoot.appendingPathComponent("Sources/ModelLibrary/models")

  static var bundledNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? [])
      .filter { $0.hasSuffix(".model.yaml") }
      .map { String($0.dropLast(".model.yaml".count)) }.sorted()
  }

  @Test func theListingNamesEveryBundledModelOnALineOfItsOwn() throws {
    let listed = try runRacelab(["models"])
    #expect(listed.status == 0 && listed.errorText == "")
    let names = listed.outputText.split(separator: "\n").dropFirst()
      .map { String($0.split(separator: " ").first ?? "") }
    #expect(Self.bundledNames.count == 5)
    #expect(names == Self.bundledNames)
  }

  @Test func everyBundledModelLoadsAndDescribesItself() throws {
    for name in Self.bundledNames {
      let schema = try runRacelab(["schema", name])
      #expect(schema.status == 0, "\(name): \(schema.errorText)")
      #expect(schema.outputText.hasPrefix("model "), "\(name)")
    }
  }

  @Test func aCopyIsTheBundledFileAndNeverReplacesOne() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let written = try runRacelab(["models", "--copy", "purchases", folder.path("mine")])
    #expect(written.status == 0, "\(written.errorText)")
    let copied = try #require(folder.read("mine/purchases.model.yaml"))
    #expect(
      copied == (try Data(contentsOf: Self.library.appendingPathComponent("purchases.model.yaml"))))

    try folder.write("mine/purchases.model.yaml", "kind: model\n# mine\n")
    let again = try runRacelab(["models", "--copy", "purchases", folder.path("mine")])
    #expect(again.status == 2)
    #expect(again.errorText.contains("is there already"))
    #expect(folder.read("mine/purchases.model.yaml") == Data("kind: model\n# mine\n".utf8))

    // A symbolic link in the file's place (even one that leads nowhere) is not written through.
    let link = folder.path("mine/entitlements.model.yaml")
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: folder.path("nowhere/target.yaml"))
    let throughLink = try runRacelab(["models", "--copy", "entitlements", folder.path("mine")])
    #expect(throughLink.status == 2)
    #expect(throughLink.errorText.contains("cannot create"))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link)
        == folder.path("nowhere/target.yaml"))
    #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere")))

    let unknown = try runRacelab(["models", "--copy", "purchase", folder.path("mine")])
    #expect(unknown.status == 2)
    #expect(unknown.errorText.contains("did you mean 'purchases'?"))
    #expect(try runRacelab(["models", folder.path("mine")]).status == 2)
  }

  @Test func aScenarioNamingABundledModelRunsAsWithItsFileBeside() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenario = "scenarios/device-identity/two-loads-original.yaml"
    let text = String(
      decoding: try Data(contentsOf: repositoryRoot.appendingPathComponent(scenario)),
      as: UTF8.self)
    #expect(text.contains("\nmodel: device-identity\n"))
    try folder.write(
      "by-path.yaml",
      text.replacingOccurrences(
        of: "\nmodel: device-identity\n", with: "\nmodel: ./device-identity.model.yaml\n"))
    _ = try runRacelab(["models", "--copy", "device-identity", folder.url.path])
    let byName = try runRacelab(["run", scenario])
    let byPath = try runRacelab(["run", "by-path.yaml"], in: folder.url)
    #expect(byName.status == byPath.status)
    // The trace names the file it ran where it says how to explore it.
    #expect(
      byName.outputText.replacingOccurrences(of: scenario, with: "by-path.yaml")
        .replacingOccurrences(of: "two-loads-original.yaml", with: "by-path.yaml")
        == byPath.outputText)
  }
}
