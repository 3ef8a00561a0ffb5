import Foundation
import ModelLanguage
import Reports
import Testing

/// The JSON Schema of model files offers the steps the decoder reads, from the decoder's table.
struct ModelFileJSONSchemaTests {
  @Test("a step's keys, its bare words and its fields are the decoder's")
  func stepsAreTheDecoders() throws {
    let schema = try #require(
      try JSONSerialization.jsonObject(with: Data(ModelFileJSONSchema.text.utf8))
        as? [String: Any])
    let definitions = try #require(schema["$defs"] as? [String: Any])
    let steps = try #require(definitions["steps"] as? [String: Any])
    let forms = try #require((steps["items"] as? [String: Any])?["anyOf"] as? [[String: Any]])
    try #require(forms.count == 2)
    #expect(forms[0]["enum"] as? [String] == ModelFileSteps.bareWords)
    let required = (forms[1]["anyOf"] as? [[String: Any]] ?? []).map { $0["required"] as? [String] }
    let keys = ModelFileSteps.keysAndFields.map(\.step)
    #expect(required == keys.map { [$0] })
    let names = (forms[1]["propertyNames"] as? [String: Any])?["enum"] as? [String] ?? []
    #expect(names.count == Set(names).count)
    #expect(Set(names) == Set(keys + ModelFileSteps.keysAndFields.flatMap(\.fields)))
  }
}
