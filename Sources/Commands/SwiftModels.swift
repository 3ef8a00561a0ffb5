import RacelabKernel

/// Models written in Swift on the kernel that a caller adds, by name, to those the commands it
/// runs can name: the cross-checks run the Swift oracle of the review-prompt flow this way,
/// beside the bundled model file of the same name. A name here comes before a bundled model's.
///
/// They apply to the commands run inside `SwiftModels.$definitions.withValue([…]) { … }`, on
/// that task; a command's worker threads keep the definition their file was loaded with.
public enum SwiftModels {
  /// The added models.
  @TaskLocal public static var definitions: [any ModelDefinition] = []

  /// The added model named `name`, if any.
  static func named(_ name: String) -> (any ModelDefinition)? {
    definitions.first { $0.vocabulary.name == name }
  }
}
