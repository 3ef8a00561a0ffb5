import CommandTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `compare` runs every variant from the file's own start. When a variant has a file of its
/// own beside it (`save-original.yaml`, `save-fixed.yaml`) that starts from another state, the
/// fix's run here is not the one its file shows, so `compare` warns: on standard error, under
/// the run in the legend, and above its column in the picture.
struct CompareStartWarningTests {
  /// The fix only works when the app has launched before, which `save-fixed.yaml` says.
  static let model = """
    kind: model
    name: saver
    processes:
      app:
        lanes: {main: serial}
        persisted:
          launches: int
          saved: bool
    operations:
      save:
        overridable: true
        steps:
          - set: {app.saved: false}
    events:
      launch:
        do: save
    variants:
      original: {}
      fixed:
        operations:
          save:
            steps:
              - set: {app.saved: "app.launches > 0"}
    invariants:
      saved:
        at-end: "app.saved"

    """

  static func scenario(variant: String, state: String = "") -> String {
    """
    name: save-\(variant)
    model: ./saver.model.yaml
    variant: \(variant)
    \(state)timeline:
      - {at: 0s, event: launch}

    """
  }

  func compare(fixedState: String, format: [String] = []) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("saver.model.yaml", Self.model)
    try folder.write("save-original.yaml", Self.scenario(variant: "original"))
    try folder.write("save-fixed.yaml", Self.scenario(variant: "fixed", state: fixedState))
    return try runRacelab(["compare", "save-original.yaml"] + format, in: folder.url)
  }

  static let warning =
    "variant fixed runs here from save-original.yaml's start, not from its own file's "
    + "(save-fixed.yaml has app.launches 1): its outcome here may not be the one its own file "
    + "shows (racelab run save-fixed.yaml)"

  @Test func aVariantWhoseOwnFileStartsElsewhereIsFlagged() throws {
    let run = try compare(fixedState: "state: {app.launches: 1}\n")
    #expect(run.status == 0)
    #expect(run.errorText == "racelab: warning: \(Self.warning)\n")
    let lines = run.outputText.split(separator: "\n").map(String.init)
    let legend = try #require(lines.firstIndex(of: "B  variant fixed · runtime swift"))
    #expect(lines[legend + 1] == "   ⚠ warning: \(Self.warning)")
    // The run it warns about does break the invariant here: the warning is what tells the
    // reader that this is not the fix failing.
    #expect(lines.contains("   broken: saved"))
  }

  @Test func thePictureShowsTheWarningAboveTheRun() throws {
    let run = try compare(fixedState: "state: {app.launches: 1}\n", format: ["--format", "svg"])
    #expect(run.status == 0)
    #expect(run.errorText == "racelab: warning: \(Self.warning)\n")
    // Written out in full on the page, wrapped within its column, not only in a tooltip.
    let lines = run.outputText.matches(of: /class="warning">([^<]*)</).map {
      String($0.1).trimmingCharacters(in: .whitespaces)
    }
    #expect(
      lines.joined(separator: " ")
        == "⚠ warning: \(Self.warning.replacingOccurrences(of: "'", with: "&apos;"))")
  }

  @Test func noWarningWhenTheStartsAgree() throws {
    let run = try compare(fixedState: "")
    #expect(run.status == 0)
    #expect(run.errorText == "")
    #expect(!run.outputText.contains("warning"))
  }
}
