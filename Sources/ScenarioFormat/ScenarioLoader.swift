import ModelContract
import ModelLanguage
import YAML

/// Loads scenario files: bytes → located YAML tree → typed ``Scenario``, or every diagnostic.
public enum ScenarioLoader {
  /// Parses and decodes one file's bytes against the vocabularies of `models`, refusing what
  /// passes `limits`. `otherModels` names the models that exist but were not loaded (a
  /// scenario names one model, so only its vocabulary is read), for the messages that list
  /// what `model:` may say.
  public static func load(
    _ bytes: [UInt8], models: [ModelVocabulary], otherModels: [String] = [],
    limits: ScenarioLimits = ScenarioLimits()
  ) -> Result<Scenario, DiagnosticList> {
    switch YAMLParser.parse(bytes, allowsDottedKeys: true) {
    case .failure(let list):
      return .failure(list)
    case .success(let root):
      let tooLarge = limits.problems(in: root)
      guard tooLarge.isEmpty else { return .failure(DiagnosticList(tooLarge)) }
      var decoder = ScenarioDecoder(models: models, otherModels: otherModels)
      if let scenario = decoder.decode(root), decoder.context.diagnostics.isEmpty {
        return .success(scenario)
      }
      let sorted = decoder.context.diagnostics.enumerated().sorted {
        ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
      }.map(\.element)
      return .failure(DiagnosticList(sorted))
    }
  }

  /// The text of a scenario's `model:` and where it is written, when the file parses and
  /// names one as a single value: so that a model file it names can be loaded before the
  /// scenario is decoded against its vocabulary.
  public static func modelReference(_ bytes: [UInt8]) -> (name: String, location: SourceLocation)? {
    guard case .success(let root) = YAMLParser.parse(bytes, allowsDottedKeys: true),
      case .mapping(let entries) = root.content,
      let entry = entries.first(where: { $0.key == "model" }),
      case .scalar(let name, _) = entry.value.content
    else { return nil }
    return (name, entry.value.location)
  }

  /// How a model file's name ends.
  public static let modelFileSuffix = ".model.yaml"

  /// Whether a `model:` value names a model file rather than a built-in model.
  public static func namesModelFile(_ reference: String) -> Bool {
    reference.hasSuffix(modelFileSuffix)
  }

  /// Parses one file's bytes into its YAML tree only (for `racelab tree`).
  public static func tree(_ bytes: [UInt8]) -> Result<YAMLNode, DiagnosticList> {
    YAMLParser.parse(bytes, allowsDottedKeys: true)
  }
}
