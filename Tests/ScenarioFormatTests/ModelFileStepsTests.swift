import ModelLanguage
import Testing

/// `ModelFileSteps`, which the JSON Schema of model files is built from, says what the decoder
/// does: the words it lists are the steps that may stand alone, every other step key needs a
/// value.
struct ModelFileStepsTests {
  /// The diagnostics of an operation whose one step is `- word`.
  private func diagnostics(alone word: String) -> [String] {
    guard
      case .failure(let list) = loadModel(
        minimalModel + "operations:\n  go:\n    steps:\n      - \(word)\n")
    else { return [] }
    return flattenedDiagnostics(list)
  }

  @Test("every bare word stands alone; every other step key needs a value")
  func bareWordsAreTheStepsThatStandAlone() {
    let keys = ModelFileSteps.keysAndFields.map(\.step)
    #expect(Set(ModelFileSteps.bareWords).isSubset(of: keys))
    for key in keys {
      let refused = diagnostics(alone: key).contains(
        "13:9 step '\(key)' needs a value, such as '\(key): …'")
      #expect(
        refused != ModelFileSteps.bareWords.contains(key), "\(key): \(diagnostics(alone: key))")
    }
    #expect(diagnostics(alone: "jump").first?.hasPrefix("13:9 unknown step 'jump'") == true)
  }
}
