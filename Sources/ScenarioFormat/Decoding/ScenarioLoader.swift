import RacelabKernel

/// Loads scenario files: bytes → located YAML tree → typed ``Scenario``, or every diagnostic.
public enum ScenarioLoader {
  /// Parses and decodes one file's bytes against the vocabularies of `models`, refusing what
  /// passes `limits`.
  public static func load(
    _ bytes: [UInt8], models: [ModelVocabulary], limits: ScenarioLimits = ScenarioLimits()
  ) -> Result<Scenario, DiagnosticList> {
    switch YAMLParser.parse(bytes) {
    case .failure(let list):
      return .failure(list)
    case .success(let root):
      let tooLarge = limits.problems(in: root)
      guard tooLarge.isEmpty else { return .failure(DiagnosticList(tooLarge)) }
      var decoder = ScenarioDecoder(models: models)
      if let scenario = decoder.decode(root), decoder.context.diagnostics.isEmpty {
        return .success(scenario)
      }
      let sorted = decoder.context.diagnostics.enumerated().sorted {
        ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
      }.map(\.element)
      return .failure(DiagnosticList(sorted))
    }
  }

  /// Parses one file's bytes into its YAML tree only (for `racelab tree`).
  public static func tree(_ bytes: [UInt8]) -> Result<YAMLNode, DiagnosticList> {
    YAMLParser.parse(bytes)
  }
}
