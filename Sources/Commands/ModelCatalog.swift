import RacelabKernel
import ReviewPromptModel

/// The models this build knows. Adding a model is one line here and a new folder beside the
/// review-prompt model.
public enum ModelCatalog {
  /// Every model definition, by name.
  public static var definitions: [any ModelDefinition.Type] { [ReviewPromptDefinition.self] }

  /// Every model's vocabulary, for the scenario layer.
  public static var vocabularies: [ModelVocabulary] { definitions.map { $0.vocabulary } }

  /// The definition named `name`.
  public static func definition(named name: String) -> (any ModelDefinition.Type)? {
    definitions.first { $0.vocabulary.name == name }
  }
}
