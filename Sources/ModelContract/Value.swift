/// A typed value: what scenario files set and expect, what models report, and what a model
/// file computes while it runs — one type for all three.
///
/// Files and reports use the cases a ``ValueKind`` describes: ``none``, ``bool(_:)``,
/// ``int(_:)``, ``text(_:)`` (a word of a ``ValueKind/word(_:)`` kind too), ``duration(_:)``,
/// ``day(_:)`` and ``list(_:)``. A running model file adds instants, tasks, enumeration values
/// interned as their index (so a comparison never touches text) and clock terms; the
/// interpreter turns these into the others before a report shows them. Only clock terms are
/// `indirect`: a list's array already holds its items on the heap, and numbers stay unboxed.
public enum Value: Sendable, Hashable {
  /// The absent value of an optional: `none`, or `never` for a date.
  case none
  /// A truth value.
  case bool(Bool)
  /// An integer.
  case int(Int64)
  /// Text.
  case text(String)
  /// Nanoseconds (signed only for ``ValueKind/signedDuration`` in files).
  case duration(Int64)
  /// Nanoseconds since the Unix epoch, on the process's wall clock.
  case instant(Int64)
  /// A calendar date: days since 1970-01-01.
  case day(Int64)
  /// A task, by the kernel's task index.
  case task(Int32)
  /// An enumeration value, by its index among the enumeration's values.
  case enumCase(Int32)
  /// A list. A table is a list of rows; a row is a list whose first item is the row's
  /// identity (`.int`, unique in the run) and whose other items are its columns in declaration
  /// order.
  case list([Value])
  /// A duration or an instant read from the clock at an instant that follows from a windowed
  /// arrival, kept exact: see ``ClockTerm``. Arithmetic keeps it a term while it stays one
  /// arrival instant minus another plus a constant. Boxed: such terms are rare, and inline they
  /// would make every value a third larger.
  indirect case clock(ClockTerm)
}

extension Value {
  /// The value as files write it: `true`, `3`, `250ms`, `2026-05-01`, `[a, b]`; an absent
  /// value is `never` for ``ValueKind/dateOrNever`` and `none` otherwise. An instant is its
  /// UTC time to the second, a task `T1` for the first, an enumeration value the word of a
  /// ``ValueKind/word(_:)`` kind (its index without one), a clock term its value in the run.
  public func written(as kind: ValueKind? = nil) -> String {
    switch self {
    case .duration(let nanoseconds):
      kind == .signedDuration
        ? DurationText.formatSigned(nanoseconds) : DurationText.format(nanoseconds)
    case .int(let number): String(number)
    case .bool(let flag): String(flag)
    case .text(let text): text
    case .day(let day): CalendarDate(epochDay: day).text
    case .none: kind == .dateOrNever ? "never" : "none"
    case .list(let items):
      "["
        + items.map { item in
          if case .list(let element) = kind { return item.written(as: element) }
          return item.written()
        }.joined(separator: ", ") + "]"
    case .instant(let nanoseconds):
      WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0).localText(
        at: VirtualTime(
          nanoseconds: Int64(clamping: WallClock.floorDivide(Int128(nanoseconds), 1_000_000_000))
            * 1_000_000_000))
    case .task(let index): "T\(Int(index) + 1)"
    case .enumCase(let index):
      switch kind {
      case .word(let words)?, .wordOrNone(let words)?:
        words.indices.contains(Int(index)) ? words[Int(index)] : String(index)
      default: String(index)
      }
    case .clock: atWitness.written(as: kind)
    }
  }

  /// Whether the value is one `kind` admits (a list, when each item is).
  public func fits(_ kind: ValueKind) -> Bool {
    switch (self, kind) {
    case (.duration(let value), .duration), (.duration(let value), .durationOrNone):
      value >= 0
    case (.duration, .signedDuration): true
    case (.int(let value), .integer(let range)): range.contains(value)
    case (.bool, .boolean), (.text, .text), (.text, .textOrNone): true
    case (.day, .date), (.day, .dateOrNever): true
    case (.text(let word), .word(let words)), (.text(let word), .wordOrNone(let words)):
      words.contains(word)
    case (.none, .durationOrNone), (.none, .textOrNone), (.none, .dateOrNever),
      (.none, .wordOrNone):
      true
    case (.list(let items), .list(let element)): items.allSatisfy { $0.fits(element) }
    default: false
    }
  }

  /// The value in the run at hand: a clock term as the number it has at the run's witness
  /// instants, anything else as it is.
  public var atWitness: Value {
    guard case .clock(let term) = self else { return self }
    return term.isInstant ? .instant(term.nanoseconds) : .duration(term.nanoseconds)
  }
}
