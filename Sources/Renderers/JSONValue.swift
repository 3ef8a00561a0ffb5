/// A JSON value built in code, so objects with keys known only at run time (summary fields, a
/// trace event's own fields) can still be written by `JSONEncoder`.
enum JSONValue: Encodable {
  case null
  case bool(Bool)
  case int(Int64)
  case string(String)
  case array([JSONValue])
  /// Members in any order: the encoder sorts keys.
  case object([(String, JSONValue)])

  /// A string, or `null` for `nil`.
  static func optional(_ text: String?) -> JSONValue {
    text.map(JSONValue.string) ?? .null
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .int(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let values):
      var container = encoder.unkeyedContainer()
      for value in values { try container.encode(value) }
    case .object(let members):
      var container = encoder.container(keyedBy: Key.self)
      for (name, value) in members { try container.encode(value, forKey: Key(name)) }
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
