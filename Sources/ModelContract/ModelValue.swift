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

/// A typed value of a ``ValueKind``: what files set and expect, and what models report.
public enum ModelValue: Sendable, Hashable {
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
  /// A list of values.
  case list([ModelValue])

  /// The value as files write it: `true`, `3`, `250ms`, `2026-05-01`, `[a, b]`; an absent
  /// value is `never` for ``ValueKind/dateOrNever`` and `none` otherwise.
  public func written(as kind: ValueKind? = nil) -> String {
    switch self {
    case .duration(let nanoseconds):
      kind == .signedDuration
        ? DurationText.formatSigned(nanoseconds) : DurationText.format(nanoseconds)
    case .integer(let number): String(number)
    case .boolean(let flag): String(flag)
    case .text(let text), .word(let text): text
    case .date(let day): CalendarDate(epochDay: day).text
    case .absent: kind == .dateOrNever ? "never" : "none"
    case .list(let items):
      "["
        + items.map { item in
          if case .list(let element) = kind { return item.written(as: element) }
          return item.written()
        }.joined(separator: ", ") + "]"
    }
  }

  /// Whether the value is one `kind` admits (a list, when each item is).
  public func fits(_ kind: ValueKind) -> Bool {
    switch (self, kind) {
    case (.duration(let value), .duration), (.duration(let value), .durationOrNone):
      value >= 0
    case (.duration, .signedDuration): true
    case (.integer(let value), .integer(let range)): range.contains(value)
    case (.boolean, .boolean), (.text, .text), (.text, .textOrNone): true
    case (.date, .date), (.date, .dateOrNever): true
    case (.word(let word), .word(let words)), (.word(let word), .wordOrNone(let words)):
      words.contains(word)
    case (.absent, .durationOrNone), (.absent, .textOrNone), (.absent, .dateOrNever),
      (.absent, .wordOrNone):
      true
    case (.list(let items), .list(let element)): items.allSatisfy { $0.fits(element) }
    default: false
    }
  }
}

/// A named, typed parameter with an optional default.
public struct ParameterSpec: Sendable, Hashable {
  /// The key as files write it (`win-threshold`).
  public var name: String
  /// Its type.
  public var kind: ValueKind
  /// The value when the key is left out; `nil` makes the key required unless ``isOptional``.
  public var defaultValue: ModelValue?
  /// Whether the key may be left out with no fixed default (the model decides, such as a
  /// transition that falls back to `config.transition`).
  public var isOptional: Bool
  /// One line for the format reference.
  public var help: String

  /// Creates a parameter.
  public init(
    _ name: String, _ kind: ValueKind, default defaultValue: ModelValue?,
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
  private var values: [String: ModelValue]

  /// Creates values from name–value pairs.
  public init(_ values: [String: ModelValue] = [:]) {
    self.values = values
  }

  /// The value named `name`, if any.
  public subscript(name: String) -> ModelValue? {
    get { values[name] }
    set { values[name] = newValue }
  }

  /// Every value with its name, by name.
  public var sorted: [(name: String, value: ModelValue)] {
    values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
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
