/// The steps a model file may write, from the tables the decoder reads steps with: what the
/// JSON Schema of model files offers is what the decoder accepts.
public enum ModelFileSteps {
  /// Each step's key and the fields it allows beside it, in the order messages list them.
  public static var keysAndFields: [(step: String, fields: [String])] {
    ModelFileDecoder.stepFields
  }

  /// The steps that may be written as a word alone (`- return`).
  public static var bareWords: [String] { ModelFileDecoder.wordSteps }
}
