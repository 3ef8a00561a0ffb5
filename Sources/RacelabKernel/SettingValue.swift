/// The type of a value a model accepts: a state setting, an event field or a table column.
///
/// Scenario files are typed by these kinds, never by YAML guessing: the same text `no` is the
/// word "no" for a ``word(_:)`` kind and an error for a ``boolean`` one.
public enum ValueKind: Sendable, Hashable {
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
}

/// A typed value of a ``ValueKind``.
public enum SettingValue: Sendable, Hashable {
  /// A duration in nanoseconds (signed only for ``ValueKind/signedDuration``).
  case duration(Int64)
  /// A whole number.
  case integer(Int64)
  /// A truth value.
  case boolean(Bool)
  /// Text.
  case text(String)
  /// A word from the kind's list.
  case word(String)
  /// A calendar date as an epoch day (days since 1970-01-01).
  case date(Int64)
  /// `none` or `never`.
  case absent
}

/// A named, typed parameter with an optional default.
public struct ParameterSpec: Sendable, Hashable {
  /// The key as files write it (`win-threshold`).
  public var name: String
  /// Its type.
  public var kind: ValueKind
  /// The value when the key is left out; `nil` makes the key required unless ``isOptional``.
  public var defaultValue: SettingValue?
  /// Whether the key may be left out with no fixed default (the model decides, such as a
  /// transition that falls back to `config.transition`).
  public var isOptional: Bool
  /// One line for the format reference.
  public var help: String

  /// Creates a parameter.
  public init(
    _ name: String, _ kind: ValueKind, default defaultValue: SettingValue?,
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
public struct SettingValues: Sendable, Hashable {
  private var values: [String: SettingValue]

  /// Creates values from name–value pairs.
  public init(_ values: [String: SettingValue] = [:]) {
    self.values = values
  }

  /// The value named `name`, if any.
  public subscript(name: String) -> SettingValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// The duration named `name`, or `fallback`.
  public func duration(_ name: String, or fallback: Int64) -> Int64 {
    if case .duration(let value) = values[name] { return value }
    return fallback
  }

  /// The integer named `name`, or `fallback`.
  public func integer(_ name: String, or fallback: Int64) -> Int64 {
    if case .integer(let value) = values[name] { return value }
    return fallback
  }

  /// The truth value named `name`, or `fallback`.
  public func boolean(_ name: String, or fallback: Bool) -> Bool {
    if case .boolean(let value) = values[name] { return value }
    return fallback
  }

  /// The text or word named `name`, or `fallback`.
  public func text(_ name: String, or fallback: String) -> String {
    switch values[name] {
    case .text(let value), .word(let value): value
    default: fallback
    }
  }
}
