import ScenarioFormat

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `compare` runs every variant from FILE's starting state. A variant that has a scenario file
/// of its own beside FILE, named as FILE is with the variant in place of FILE's own
/// (`failed-save-original.yaml` → `failed-save-migrated.yaml`), may start from another state:
/// then its run here is not the run its own file shows, and a fix can look broken. This finds
/// such files and says how their start differs, so `compare` can warn.
enum CompareStartCheck {
  /// What FILE's own variant's start and a variant's own file's start do not share.
  struct Difference {
    /// The variant.
    var variant: String
    /// Its own file, as `compare` names it.
    var file: String
    /// The facts of the start (the clock, then the state) its own file has and FILE lacks.
    var onlyThere: [String]
    /// The facts of the start FILE has and the variant's own file lacks.
    var onlyHere: [String]

    /// The warning: `variant migrated runs here from failed-save-original.yaml's start, not
    /// from its own file's (failed-save-migrated.yaml has app.launches 1): …`.
    func warning(comparing path: String) -> String {
      let here = PathText.name(of: path)
      let there = PathText.name(of: file)
      var parts: [String] = []
      if !onlyThere.isEmpty { parts.append("\(there) has " + onlyThere.joined(separator: " · ")) }
      if !onlyHere.isEmpty { parts.append("\(here) has " + onlyHere.joined(separator: " · ")) }
      return "variant \(variant) runs here from \(here)'s start, not from its own file's ("
        + parts.joined(separator: "; ") + "): its outcome here may not be the one its own "
        + "file shows (racelab run \(ShellWord.quoted(file)))"
    }
  }

  /// The file of `variant` beside `path`: `path`'s name with `-variant` in place of its
  /// `-ownVariant` ending, `.yaml` or `.yml`; `nil` when `path`'s name does not end so or no
  /// such file is there.
  static func ownFile(of variant: String, beside path: String, ownVariant: String) -> String? {
    guard variant != ownVariant, path != "-" else { return nil }
    let name = PathText.name(of: path)
    let folder = PathText.folder(of: path)
    for suffix in ScenarioFiles.suffixes where name.hasSuffix("-\(ownVariant)\(suffix)") {
      let stem = name.dropLast(ownVariant.count + 1 + suffix.count)
      for candidateSuffix in ScenarioFiles.suffixes {
        let candidate = "\(stem)-\(variant)\(candidateSuffix)"
        let candidatePath = folder.isEmpty ? candidate : Files.join(folder, candidate)
        if FileManager.default.fileExists(atPath: candidatePath), !Files.isDirectory(candidatePath)
        {
          return candidatePath
        }
      }
    }
    return nil
  }

  /// How the start of `run` (FILE loaded under another variant) differs from the start of
  /// that variant's own file, or `nil` when it has none, it names another model or variant, it
  /// cannot be loaded, or the starts are the same. The file is loaded quietly: its own problems
  /// are its own command's to report.
  static func difference(_ run: ScenarioFile, models: ModelFiles) -> Difference? {
    let variant = run.scenario.setup.variant
    guard let path = ownFile(of: variant, beside: run.path, ownVariant: run.ownVariant)
    else { return nil }
    let quiet = Console(write: { _ in }, writeError: { _ in }, colour: false)
    guard
      let own = ScenarioFiles.load(
        path, overrides: Overrides(), limits: run.limits, models: models, console: quiet),
      own.ownVariant == variant,
      own.definition.vocabulary.name == run.definition.vocabulary.name
    else { return nil }
    let ownStart = start(of: own)
    let hereStart = start(of: run)
    let onlyThere = ownStart.filter { !hereStart.contains($0) }
    let onlyHere = hereStart.filter { !ownStart.contains($0) }
    guard !onlyThere.isEmpty || !onlyHere.isEmpty else { return nil }
    return Difference(variant: variant, file: path, onlyThere: onlyThere, onlyHere: onlyHere)
  }

  /// A file's start as its trace's `start` line gives it: the clock, then the state that is not
  /// the model's default (`app.launches 1`).
  private static func start(of file: ScenarioFile) -> [String] {
    let setup = file.scenario.setup
    return ["start \(setup.wallClock.localText(at: .zero))"] + file.definition.initialFacts(setup)
  }
}
