/// The type of a value a model accepts or reports: a state setting, an event field, a table
/// column or a summary figure.
///
/// Scenario files are typed by these kinds, never by YAML guessing: the same text `no` is the
/// word "no" for a ``word(_:)`` kind and an error for a ``boolean`` one.
public indirect enum ValueKind: Sendable, Hashable {
  /// A non-negative duration (`250ms`, `1h30m`).
  case duration
  /// A non-negative duration or the word `none`.
  case durationOrNone
  /// A signed duration (`-30d`, `+2h`).
  case signedDuration
  /// A whole number in a range.
  case integer(ClosedRange<Int64>)
  /// `true` or `false`.
  case boolean
  /// Any one line of text, such as a version string.
  case text
  /// Any one line of text, or the word `none`.
  case textOrNone
  /// A calendar date (`2026-05-01`).
  case date
  /// A calendar date or the word `never`.
  case dateOrNever
  /// One word from a fixed list.
  case word([String])
  /// One word from a fixed list, or the word `none` (no value).
  case wordOrNone([String])
  /// A list of values of one kind (`[1.4.0, 1.5.0]`).
  case list(ValueKind)
}

/// A named, typed parameter with an optional default.
public struct ParameterSpec: Sendable, Hashable {
  /// The key as files write it (`win-threshold`).
  public var name: String
  /// Its type.
  public var kind: ValueKind
  /// The value when the key is left out; `nil` makes the key required unless ``isOptional``.
  public var defaultValue: Value?
  /// Whether the key may be left out with no fixed default (the model decides, such as a
  /// transition that falls back to `config.transition`).
  public var isOptional: Bool
  /// One line for the format reference.
  public var help: String

  /// Creates a parameter.
  public init(
    _ name: String, _ kind: ValueKind, default defaultValue: Value?,
    optional: Bool = false, help: String
  ) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.isOptional = optional
    self.help = help
  }

  /// Whether a file must give the key.
  public var isRequired: Bool { defaultValue == nil && !isOptional }
}

/// Values by name, as decoded from a file or filled in from defaults.
public struct NamedValues: Sendable, Hashable {
  private var values: [String: Value]

  /// Creates values from name–value pairs.
  public init(_ values: [String: Value] = [:]) {
    self.values = values
  }

  /// The value named `name`, if any.
  public subscript(name: String) -> Value? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// Every value with its name, by name.
  public var sorted: [(name: String, value: Value)] {
    values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// The duration named `name`, or `fallback`.
  public func duration(_ name: String, or fallback: Int64) -> Int64 {
    if case .duration(let value) = values[name] { return value }
    return fallback
  }

  /// The integer named `name`, or `fallback`.
  public func integer(_ name: String, or fallback: Int64) -> Int64 {
    if case .int(let value) = values[name] { return value }
    return fallback
  }

  /// The truth value named `name`, or `fallback`.
  public func boolean(_ name: String, or fallback: Bool) -> Bool {
    if case .bool(let value) = values[name] { return value }
    return fallback
  }

  /// The text (or word) named `name`, or `fallback`.
  public func text(_ name: String, or fallback: String) -> String {
    switch values[name] {
    case .text(let value): value
    default: fallback
    }
  }
}
