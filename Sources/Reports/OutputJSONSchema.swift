import Renderers

/// The JSON Schemas (draft 2020-12) of racelab's JSON documents: `run --format json` and
/// `explore --format json`. They fix each document's members and their types, and each trace
/// event's common members (`kind`, `time`, `timeNanoseconds`, `lane`); an event's own members
/// follow its kind. `.ci/json_schema_check.py` validates the documents of every repository
/// scenario against them.
public enum OutputJSONSchema {
  /// The documents with a schema.
  public enum Document: String, CaseIterable, Sendable {
    case run
    case explore
  }

  /// The schema of `document` as JSON text with sorted keys, ending with a newline.
  public static func text(of document: Document) -> String {
    let schema =
      switch document {
      case .run: run
      case .explore: explore
      }
    return schema.prettyText
  }

  private static var text: JSONValue { ["type": "string"] }
  private static var textOrNull: JSONValue { ["type": ["string", "null"]] }
  private static var integer: JSONValue { ["type": "integer"] }
  private static var boolean: JSONValue { ["type": "boolean"] }
  private static var texts: JSONValue { ["type": "array", "items": text] }
  private static var version: JSONValue { ["const": JSONValue(JSONFormat.version)] }

  /// A trace event: its kind, when and where, and the members its kind has.
  private static var event: JSONValue {
    [
      "type": "object",
      "required": ["kind", "time", "timeNanoseconds", "lane"],
      "properties": [
        "kind": text, "time": text, "timeNanoseconds": integer, "lane": textOrNull,
      ],
    ]
  }

  private static var trace: JSONValue { ["type": "array", "items": event] }

  /// A summary: the model's figures by name, any JSON value each.
  private static func summary(required: [String]) -> JSONValue {
    [
      "type": "object", "required": JSONValue(required),
      "properties": ["violations": texts, "expectationsMet": boolean],
    ]
  }

  private static func object(required: [String], properties: JSONValue) -> JSONValue {
    [
      "type": "object", "required": JSONValue(required), "properties": properties,
      "additionalProperties": false,
    ]
  }

  private static func document(_ title: String, _ schema: JSONValue) -> JSONValue {
    schema.merging(
      ["$schema": "https://json-schema.org/draft/2020-12/schema", "title": JSONValue(title)],
      uniquingKeysWith: { first, _ in first })
  }

  /// A run's document: a timeline's trace, or a truth table's rows.
  static var run: JSONValue {
    document("racelab run --format json", ["oneOf": [timeline, table]])
  }

  /// The document of a truth table's run.
  private static var table: JSONValue {
    let row = object(
      required: ["inputs", "actual", "expected", "decidedBy", "holds"],
      properties: [
        "inputs": texts, "actual": [:] as JSONValue, "expected": [:] as JSONValue,
        "decidedBy": text, "holds": boolean,
      ])
    let summary = object(
      required: ["rows", "failedRows", "expectationsMet"],
      properties: ["rows": integer, "failedRows": integer, "expectationsMet": boolean])
    return object(
      required: ["formatVersion", "scenario", "model", "table", "rows", "summary"],
      properties: [
        "formatVersion": version, "scenario": text, "title": text, "model": text, "table": text,
        "rows": ["type": "array", "items": row], "summary": summary,
      ])
  }

  /// The document of a timeline's run.
  private static var timeline: JSONValue {
    let expectation = object(
      required: ["key", "expected", "actual", "holds"],
      properties: ["key": text, "expected": text, "actual": text, "holds": boolean])
    return object(
      required: [
        "formatVersion", "scenario", "title", "model", "runtime", "variant", "start",
        "initialState", "lanes", "headline", "summary", "expectations", "trace",
      ],
      properties: [
        "formatVersion": version, "scenario": text, "title": textOrNull, "model": text,
        "runtime": text, "variant": text, "start": text, "initialState": texts, "lanes": texts,
        "headline": text, "summary": summary(required: ["violations", "expectationsMet"]),
        "expectations": ["type": "array", "items": expectation], "trace": trace,
        "schedule": text, "fixHint": text, "expectationsNotChecked": text,
        "customTaskBody": boolean,
      ])
  }

  static var explore: JSONValue {
    let outcome = object(
      required: ["count", "headline", "schedule", "summary"],
      properties: [
        "count": integer, "headline": text, "schedule": text, "figures": text,
        "summary": summary(required: ["violations"]),
      ])
    let violation = object(
      required: ["count", "schedule", "deviations", "trace"],
      properties: [
        "count": integer, "schedule": text, "deviations": integer,
        "trace": ["anyOf": [trace, ["type": "null"]]],
      ])
    return document(
      "racelab explore --format json",
      object(
        required: [
          "formatVersion", "scenario", "model", "runtime", "variant", "strategy", "schedules",
          "complete", "states", "outcomes", "violations", "expectedViolations",
          "missingViolations", "unexpectedViolations", "notCovered", "notChecked",
          "expectationsMet", "scenarioHash", "replayCommand", "shard",
        ],
        properties: [
          "formatVersion": version, "scenario": text, "model": text, "runtime": text,
          "variant": text, "strategy": text, "schedules": integer, "complete": boolean,
          "states": ["type": ["integer", "null"]],
          "outcomes": ["type": "array", "items": outcome],
          "violations": ["type": "object", "additionalProperties": violation],
          "expectedViolations": texts, "missingViolations": texts, "unexpectedViolations": texts,
          "notCovered": textOrNull, "notChecked": textOrNull, "expectationsMet": boolean,
          "scenarioHash": text, "replayCommand": text, "shard": ["type": ["object", "null"]],
        ]))
  }
}
