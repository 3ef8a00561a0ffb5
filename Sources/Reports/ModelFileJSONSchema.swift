import ModelLanguage

/// The JSON Schema (draft 2020-12) of model files themselves: the top-level keys, processes and
/// lanes, types, operations and their steps, events, variants, invariants, periodic jobs. It
/// describes the shape an editor can check as you type; the loader checks the rest (names
/// resolved, expressions typed, every path returning).
public enum ModelFileJSONSchema {
  /// The keys that name a step in a step mapping, as the decoder reads them.
  static var stepKeys: [String] { ModelFileSteps.keysAndFields.map(\.step) }
  /// The fields steps take beside their key, each once, in the order the steps first take them
  /// (`update`'s `set:` is a step key already).
  static var stepFields: [String] {
    var fields: [String] = []
    for field in ModelFileSteps.keysAndFields.flatMap(\.fields)
    where !fields.contains(field) && !stepKeys.contains(field) {
      fields.append(field)
    }
    return fields
  }

  /// The schema as JSON text with sorted keys, ending with a newline.
  public static var text: String {
    schema.prettyText
  }

  static var schema: JSONValue {
    let name: JSONValue = ["type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"]
    let text: JSONValue = ["type": "string"]
    let scalar: JSONValue = ["type": ["string", "number", "boolean"]]
    let type: JSONValue = [
      "anyOf": [
        ["enum": ["bool", "int", "text", "duration", "instant", "day", "task"]],
        ["type": "object", "required": ["type"]],
        ["type": "object", "required": ["table"]],
      ]
    ]
    let fields: JSONValue = ["type": "object", "additionalProperties": type]
    let steps: JSONValue = ["$ref": "#/$defs/steps"]
    let state: JSONValue = ["type": "object", "additionalProperties": type]
    let process = closed([
      "lanes": [
        "type": "object", "minProperties": 1,
        "additionalProperties": ["enum": ["serial", "concurrent"]],
      ],
      "persisted": state, "memory": state, "transactional": state, "durable": state,
      "on-launch": name, "wall-clock": name,
      // A relaunch told in the model's words, and the state it sets after the reset.
      "restart": closed(["say": text, "set": ["type": "object"]]),
    ])
    let operation = closed([
      "on": text, "params": fields, "returns": type, "steps": steps, "overridable": bool,
      "about": text, "title": label,
    ])
    let event = closed([
      "do": name, "steps": steps, "on": text, "process": name, "params": fields, "about": text,
      "label": text, "internal": bool,
    ])
    // A sentence given when its condition holds (a start fact, a fix).
    let sentences: JSONValue = [
      "type": "array",
      "items": [
        "anyOf": [
          text,
          closed(["say": text, "when": scalar]).merging(["required": ["say"]]) { first, _ in first
          },
        ]
      ],
    ]
    let function = closed(["params": fields, "returns": type, "body": scalar, "about": text])
    let periodic = closed([
      "every": text, "do": name, "at": text, "process": name, "about": text,
    ])
    let invariant = closed([
      "always": scalar, "settled": scalar, "at-end": scalar, "for-each": name, "when": scalar,
      "then": scalar, "within": text, "say": text,
    ])
    let properties: JSONValue = [
      "kind": ["const": "model"],
      "name": name,
      "about": text,
      "default-variant": name,
      "processes": mapOf(process, minimum: 1),
      "records": mapOf(fields),
      "errors": ["type": "array", "items": name],
      "functions": mapOf(function),
      "operations": mapOf(operation),
      "events": mapOf(event),
      // A variant replaces parts of the model; what it replaces has the part's own keys (the
      // signature keys may be restated, and must then match).
      "variants": mapOf(
        closed([
          "about": text, "extends": name,
          "operations": mapOf(
            closed([
              "steps": steps, "on": text, "params": fields, "returns": type, "about": text,
            ])),
          "functions": mapOf(function), "events": mapOf(event), "periodic": mapOf(periodic),
          "state": ["type": "object"],
        ])),
      "invariants": mapOf(invariant),
      "summary": mapOf(scalar),
      // The first answer whose `when:` holds answers the run: harmful or intended, not both.
      "answers": [
        "type": "array",
        "items": closed([
          "when": scalar, "harm": text, "ok": text, "fix": ["anyOf": [text, sentences]],
        ]).merging([
          "oneOf": [["required": ["harm"]], ["required": ["ok"]]]
        ]) { first, _ in first },
      ],
      "sections": mapOf(mapOf(["type": "object"])),
      "periodic": mapOf(periodic),
      // The picture's state rows: a list of expressions, or row names to expressions.
      "picture": closed([
        "rows": ["anyOf": [["type": "array", "items": scalar], mapOf(scalar)]]
      ]),
      // The trace's start facts and closing figures in the model's words.
      "start": sentences,
      "figures": text,
      // Tables a scenario gives instead of a timeline: a function over rows of named inputs.
      "truth-tables": mapOf(
        closed([
          "about": text, "function": name, "reason": name, "expect": text,
          "columns": mapOf(
            [
              "anyOf": [
                text,
                closed(["sets": text, "about": text]).merging(["required": ["sets"]]) { first, _ in
                  first
                },
              ]
            ]
          ),
        ]).merging(["required": ["function", "columns"]]) { first, _ in first }),
    ]
    return [
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "racelab model file",
      "type": "object", "required": ["kind", "name", "processes"],
      "additionalProperties": false, "properties": properties,
      "$defs": ["steps": stepList],
    ]
  }

  /// A list of steps: a bare word, or a mapping with one step key and that step's fields.
  private static var stepList: JSONValue {
    let keys = stepKeys + stepFields
    let step: JSONValue = [
      "type": "object",
      "propertyNames": ["enum": JSONValue(keys)],
      // What a sleep stands for (`as: request`), a line's heading: a few words on one line.
      "properties": ["as": label, "heading": label],
      "anyOf": .array(stepKeys.map { ["required": [JSONValue($0)]] }),
    ]
    return [
      "type": "array", "items": ["anyOf": [["enum": JSONValue(ModelFileSteps.bareWords)], step]],
    ]
  }

  private static var bool: JSONValue { ["type": "boolean"] }

  /// A few words on one line: a sleep's `as:`, a line's `heading:`, an operation's `title:`.
  private static var label: JSONValue { ["type": "string", "minLength": 1, "maxLength": 40] }

  private static func closed(_ properties: JSONValue) -> JSONValue {
    ["type": "object", "properties": properties, "additionalProperties": false]
  }

  private static func mapOf(_ value: JSONValue, minimum: Int = 0) -> JSONValue {
    ["type": "object", "additionalProperties": value, "minProperties": .integer(minimum)]
  }
}
