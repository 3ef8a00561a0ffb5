import ModelContract
import ScenarioFormat

/// The JSON Schema (draft 2020-12) of the scenario files of one model, for editors with a YAML
/// language server: the file's keys, each event's fields, the state sections, the `expect:` keys
/// and their kinds. Values are described as a YAML 1.2 loader types them (`true` a boolean, `3`
/// a number, `250ms` a string), which is how such editors read the file; racelab itself reads
/// every scalar as text and checks more than the schema can say.
public enum ScenarioJSONSchema {
  /// The schema of scenarios that name `model` (as `model:` writes it) for `vocabulary`.
  static func schema(of vocabulary: ModelVocabulary, model: String) -> JSONValue {
    var properties: JSONValue = [
      "name": text("a short identifier, lowercase words joined by '-'"),
      "title": text("one line shown in the trace's header"),
      "about": text("what the scenario shows, for readers"),
      "model": modelProperty(model),
      "runtime": [
        "enum": JSONValue(RuntimeProfile.all.map(\.name)),
        "description": "whose cancellation rules apply",
      ],
      "variant": [
        "enum": JSONValue(vocabulary.variants.map(\.name)),
        "description": "which version of the code runs",
      ],
      "clock": object(
        ["start": text("an RFC 3339 time"), "timezone": text("an offset such as +09:00")],
        description: "the wall clock at t = 0"),
      "until": duration("the run stops at this instant"),
      "timeline": [
        "type": "array", "description": "what happens, and when",
        "items": ["oneOf": .array(vocabulary.events.map(eventEntry))],
      ],
      "expect": object(
        Dictionary(
          vocabulary.summaryFields.map { ($0.key, kind($0.kind, $0.help)) }
            + [("violations", invariants(vocabulary, "exactly these break, in any order"))],
          uniquingKeysWith: { first, _ in first }),
        description: "what the run must show"),
      "explore": object(
        [
          "violations": invariants(vocabulary, "exactly these break somewhere in the space"),
          "random": ["type": "integer", "minimum": 1, "description": "sample N schedules"],
          "seed": ["type": "integer", "minimum": 0, "description": "the sample's seed"],
          "state-graph": [
            "type": "boolean", "description": "explore the state graph, as --state-graph does",
          ],
          "counterexample": [
            "oneOf": [
              ["enum": JSONValue(vocabulary.invariants.map(\.name))],
              [
                "type": "array", "uniqueItems": true,
                "items": ["enum": JSONValue(vocabulary.invariants.map(\.name))],
              ],
            ],
            "description":
              "invariants of violations (one, or a list) whose shortest counterexamples check keeps",
          ],
        ], description: "what explore must find"),
      "task": ["type": "array", "description": "a task body replacing the first one"],
      "tasks": ["type": "object", "description": "task bodies replacing others, by name"],
    ]
    for section in vocabulary.sections {
      properties[section.name] = object(
        Dictionary(
          section.keys.map { ($0.name, kind($0.kind, $0.help)) },
          uniquingKeysWith: { first, _ in first }),
        description: "state the run starts from")
    }
    for table in vocabulary.tables { properties[table.name] = rows(table) }
    if !vocabulary.functions.isEmpty {
      properties["cases"] = [
        "description": "rows of inputs to one of the model's functions, each with its result",
        "oneOf": .array(
          vocabulary.functions.map { function -> JSONValue in
            var cases = object(
              [
                "function": ["const": JSONValue(function.name), "description": "the function"],
                "rows": rows(function),
              ], description: function.help)
            cases["required"] = ["function", "rows"]
            return cases
          }),
      ]
    }
    return [
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": JSONValue("racelab scenario for the model \(vocabulary.name)"),
      "type": "object", "required": ["name", "model"], "additionalProperties": false,
      "properties": properties,
    ]
  }

  /// The schema as JSON text with sorted keys, ending with a newline.
  public static func text(of vocabulary: ModelVocabulary, model: String) -> String {
    schema(of: vocabulary, model: model).prettyText
  }

  /// `model:`: a built-in model's name exactly; a model file by any path (scenarios name it
  /// relative to themselves).
  private static func modelProperty(_ model: String) -> JSONValue {
    model.hasSuffix(ScenarioLoader.modelFileSuffix)
      ? [
        "type": "string", "pattern": "\\.model\\.yaml$",
        "description": "the model file, relative to the scenario",
      ]
      : ["const": JSONValue(model), "description": "the model the scenario is written for"]
  }

  /// One kind of timeline entry: `at`, `event: NAME`, `tie`, `maybe`, `lost` and the event's fields.
  private static func eventEntry(_ event: EventSpec) -> JSONValue {
    var properties: JSONValue = [
      "at": text("an offset (1.5s), a window (1s..2s) or an RFC 3339 time"),
      "event": ["const": JSONValue(event.name), "description": JSONValue(event.help)],
      "tie": ["const": "last", "description": "after everything else due at the same instant"],
      "maybe": ["type": "boolean", "description": "explore also tries it never delivered"],
      "lost": ["type": "boolean", "description": "sent but never delivered, in every run"],
    ]
    for parameter in event.parameters {
      properties[parameter.name] = kind(parameter.kind, parameter.help)
    }
    let required = ["at", "event"] + event.parameters.filter(\.isRequired).map(\.name)
    return [
      "type": "object", "properties": properties, "required": JSONValue(required),
      "additionalProperties": false,
    ]
  }

  /// A value of `kind`, as a YAML 1.2 loader types it.
  static func kind(_ kind: ValueKind, _ help: String) -> JSONValue {
    var schema: JSONValue
    switch kind {
    case .duration: schema = duration(help)
    case .durationOrNone: schema = ["anyOf": [duration(help), ["const": "none"]]]
    case .signedDuration:
      schema = ["type": "string", "pattern": JSONValue("^[+-]?" + durationBody + "$")]
    case .integer(let range):
      schema = [
        "type": "integer", "minimum": JSONValue(range.lowerBound),
        "maximum": JSONValue(range.upperBound),
      ]
    case .boolean: schema = ["type": "boolean"]
    case .text, .textOrNone: schema = ["type": ["string", "number", "boolean"]]
    case .date: schema = date
    case .dateOrNever: schema = ["anyOf": [date, ["const": "never"]]]
    case .word(let words): schema = ["enum": JSONValue(words)]
    case .wordOrNone(let words): schema = ["enum": JSONValue(words + ["none"])]
    case .list(let element): schema = ["type": "array", "items": self.kind(element, help)]
    }
    schema["description"] = JSONValue(help)
    return schema
  }

  private static let durationBody = "([0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h|d))+"
  private static var date: JSONValue {
    ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"]
  }

  private static func duration(_ help: String) -> JSONValue {
    [
      "type": "string", "pattern": JSONValue("^" + durationBody + "$"),
      "description": JSONValue(help),
    ]
  }

  private static func text(_ help: String) -> JSONValue {
    ["type": "string", "description": JSONValue(help)]
  }

  private static func invariants(_ vocabulary: ModelVocabulary, _ help: String) -> JSONValue {
    [
      "type": "array", "items": ["enum": JSONValue(vocabulary.invariants.map(\.name))],
      "uniqueItems": true, "description": JSONValue(help),
    ]
  }

  /// A list of rows of `table`, each with its inputs and its answer.
  private static func rows(_ table: TableSpec) -> JSONValue {
    [
      "type": "array", "description": JSONValue(table.help),
      "items": object(
        Dictionary(
          (table.columns + [table.answer]).map { ($0.name, kind($0.kind, $0.help)) },
          uniquingKeysWith: { first, _ in first }),
        description: "one row"),
    ]
  }

  private static func object(_ properties: [String: JSONValue], description: String) -> JSONValue {
    [
      "type": "object", "properties": .object(properties), "additionalProperties": false,
      "description": JSONValue(description),
    ]
  }
}
