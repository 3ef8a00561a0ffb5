#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A JSON document as a value: what the JSON Schemas are written as, and what a shard's JSON is
/// read back as. Whole numbers and numbers with a fraction or an exponent stay apart, so a
/// reader can tell `5` from `5.5` and from `true`.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number JSON writes without a fraction or an exponent, within `Int`.
  case integer(Int)
  /// Any other number.
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The value as JSON text: two-space indents, keys sorted, slashes as they are, and a
  /// newline at the end.
  var prettyText: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every case encodes: no number is infinite or NaN, and every key is a string.
    let data = (try? encoder.encode(self)) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The JSON document `data` holds, or `nil` when it is not JSON.
  init?(parsing data: Data) {
    guard let value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
    self = value
  }

  /// A string.
  init(_ text: String) {
    self = .string(text)
  }

  /// An array of strings.
  init(_ texts: [String]) {
    self = .array(texts.map(JSONValue.string))
  }

  /// A whole number.
  init(_ number: Int64) {
    self = .integer(Int(number))
  }

  /// The member `key` of an object; `nil` for a missing member and for any other value.
  /// Setting a member of anything but an object makes it an object.
  subscript(key: String) -> JSONValue? {
    get { members?[key] }
    set {
      var members = self.members ?? [:]
      members[key] = newValue
      self = .object(members)
    }
  }

  /// This object with the members of `other`, `combine` choosing where both have a key, as
  /// `Dictionary.merging(_:uniquingKeysWith:)` does; anything but two objects stays as it is.
  func merging(
    _ other: JSONValue, uniquingKeysWith combine: (JSONValue, JSONValue) -> JSONValue
  ) -> JSONValue {
    guard case .object(let mine) = self, case .object(let theirs) = other else { return self }
    return .object(mine.merging(theirs, uniquingKeysWith: combine))
  }

  /// The text of a string.
  var text: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// The value of `true` or `false`.
  var flag: Bool? {
    if case .bool(let flag) = self { flag } else { nil }
  }

  /// The elements of an array.
  var items: [JSONValue]? {
    if case .array(let items) = self { items } else { nil }
  }

  /// The members of an object.
  var members: [String: JSONValue]? {
    if case .object(let members) = self { members } else { nil }
  }
}

extension JSONValue: Codable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue: ExpressibleByStringInterpolation, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  init(stringLiteral value: String) {
    self = .string(value)
  }

  init(stringInterpolation: DefaultStringInterpolation) {
    self = .string(String(stringInterpolation: stringInterpolation))
  }

  init(booleanLiteral value: Bool) {
    self = .bool(value)
  }

  init(integerLiteral value: Int) {
    self = .integer(value)
  }

  init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }

  init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements) { first, _ in first })
  }
}
