import ModelContract
import RacelabKernel
import ReviewPromptModel

/// The built-in models of this build. Adding one is one line here and a new folder beside the
/// review-prompt model.
public enum ModelCatalog {
  /// Every built-in model's definition.
  public static let definitions: [any ModelDefinition] = [ReviewPromptDefinition()]

  /// Every built-in model's vocabulary, for the scenario layer.
  public static var vocabularies: [ModelVocabulary] { definitions.map(\.vocabulary) }

  /// The built-in model named `name`: looked up once, when a scenario is loaded, and bound to
  /// it from then on.
  public static func definition(named name: String) -> (any ModelDefinition)? {
    definitions.first { $0.vocabulary.name == name }
  }
}
