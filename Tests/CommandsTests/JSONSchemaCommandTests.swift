import Foundation
import Testing

/// `racelab schema MODEL --json-schema`: a JSON document with the scenario keys and one entry
/// kind per event; without a model, the schema of model files. (`.ci/json_schema_check.py`
/// validates every repository scenario and model file against them with the jsonschema
/// package.)
struct JSONSchemaCommandTests {
  @Test("a built-in model's schema lists its events and expect keys")
  func builtInModel() throws {
    let result = try runRacelab(["schema", "review-prompt", "--json-schema"])
    #expect(result.status == 0, "\(result.errorText)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
    #expect(document["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    let properties = try #require(document["properties"] as? [String: Any])
    let model = try #require(properties["model"] as? [String: Any])
    #expect(model["const"] as? String == "review-prompt")
    let timeline = try #require(properties["timeline"] as? [String: Any])
    let items = try #require(timeline["items"] as? [String: Any])
    let kinds = try #require(items["oneOf"] as? [[String: Any]])
    let events = kinds.compactMap { kind in
      ((kind["properties"] as? [String: Any])?["event"] as? [String: Any])?["const"] as? String
    }
    #expect(events.contains("screen-disappear"))
    let expect = try #require(properties["expect"] as? [String: Any])
    #expect((expect["properties"] as? [String: Any])?["violations"] != nil)
  }

  @Test("the same bytes every time; without a model, the schema of model files")
  func deterministicAndModelFiles() throws {
    let first = try runRacelab(["schema", "review-prompt", "--json-schema"])
    let second = try runRacelab(["schema", "review-prompt", "--json-schema"])
    #expect(first.output == second.output)
    let files = try runRacelab(["schema", "--json-schema"])
    #expect(files.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: files.output) as? [String: Any])
    #expect(document["title"] as? String == "racelab model file")
    #expect((document["required"] as? [String]) == ["kind", "name", "processes"])
  }

  @Test("--output prints the schema of run's and explore's JSON documents, version 1 required")
  func outputDocuments() throws {
    for (document, title) in [
      ("run", "racelab run --format json"), ("explore", "racelab explore --format json"),
    ] {
      let result = try runRacelab(["schema", "--output", document])
      #expect(result.status == 0, "\(result.errorText)")
      let schema = try #require(
        try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
      #expect(schema["title"] as? String == title)
      let variants = (schema["oneOf"] as? [[String: Any]]) ?? [schema]
      for variant in variants {
        #expect((variant["required"] as? [String])?.contains("formatVersion") == true)
        let properties = try #require(variant["properties"] as? [String: Any])
        #expect((properties["formatVersion"] as? [String: Any])?["const"] as? Int == 1)
      }
    }
    let refused = try runRacelab(["schema", "review-prompt", "--output", "run"])
    #expect(refused.status == 2)
  }
}
