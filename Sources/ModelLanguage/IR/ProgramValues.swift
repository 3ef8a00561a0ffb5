import ModelContract

/// How a program's values meet files and reports. A scenario writes a value, and a report
/// shows one, in the kind its type has here; the value itself is the same ``Value`` a run
/// computes with, except that a run interns an enumeration value as its index (a word in
/// files and reports) and keeps instants, tasks and clock terms that files cannot write.
extension ModelProgram {
  /// The kind a scenario writes a value of `type` in, or `nil` when scenarios cannot write
  /// one (a task handle, an instant, a table).
  public func kind(of type: ValueType) -> ValueKind? {
    Self.kind(of: type, enums: enums)
  }

  /// The kind a scenario writes a value of `type` in, given the program's enumerations.
  static func kind(of type: ValueType, enums: [EnumDecl]) -> ValueKind? {
    switch type {
    case .bool: .boolean
    case .int: .integer(Int64.min...Int64.max)
    case .text: .text
    case .duration: .signedDuration
    case .day: .date
    case .enumeration(let index): .word(enums[index].values)
    case .list(let element): kind(of: element, enums: enums).map(ValueKind.list)
    case .optional(.text): .textOrNone
    case .optional(.duration): .durationOrNone
    case .optional(.day): .dateOrNever
    case .optional(.enumeration(let index)): .wordOrNone(enums[index].values)
    case .instant, .task, .optional, .table, .row: nil
    }
  }

  /// A value a scenario wrote for `type`, as a run holds it: each word of an enumeration as
  /// its index.
  public func running(_ value: Value, as type: ValueType) -> Value {
    switch (value, type) {
    case (.text(let word), .enumeration(let index)),
      (.text(let word), .optional(.enumeration(let index))):
      guard let position = enums[index].values.firstIndex(of: word) else { return .none }
      return .enumCase(Int32(position))
    case (.list(let items), .list(let element)):
      return .list(items.map { running($0, as: element) })
    case (.list, _): return .none
    default: return value
    }
  }

  /// A run's value of `type` as summaries report it and `expect:` compares it: an
  /// enumeration's index as its word, an instant or a task as its text, a clock term as its
  /// value in the run.
  public func reported(_ value: Value, as type: ValueType) -> Value {
    let base: ValueType
    if case .optional(let wrapped) = type { base = wrapped } else { base = type }
    switch value {
    case .none, .bool, .int, .text, .duration, .day: return value
    case .instant, .task: return .text(text(value, as: base))
    case .enumCase(let index):
      if case .enumeration(let enumeration) = base {
        return .text(enums[enumeration].values[Int(index)])
      }
      return .int(Int64(index))
    case .list(let items):
      let element: ValueType
      if case .list(let inner) = base { element = inner } else { element = base }
      return .list(items.map { reported($0, as: element) })
    case .clock: return reported(value.atWitness, as: type)
    }
  }

  /// `value` as traces write it: `true`, `3`, `2s`, `2026-05-01`, `bundle`, `uuid-1`, `T2`,
  /// `[a, b]`, `none`, a row as `{provider apple, tier pro}`.
  public func text(_ value: Value, as type: ValueType) -> String {
    var base = type
    if case .optional(let wrapped) = type { base = wrapped }
    if case .list(let items) = value {
      switch base {
      case .row(let table): return "{" + columns(items, of: tables[table]) + "}"
      case .table(let table):
        return "[" + items.map { text($0, as: .row(table)) }.joined(separator: ", ") + "]"
      default: break
      }
    }
    switch value.atWitness {
    case .instant, .task: return value.atWitness.written()
    case .duration(let nanoseconds): return DurationText.format(nanoseconds)
    case .list(let items):
      var element = type
      if case .list(let inner) = type { element = inner }
      if case .optional(.list(let inner)) = type { element = inner }
      return "[" + items.map { text($0, as: element) }.joined(separator: ", ") + "]"
    default:
      return reported(value, as: type).written(as: kind(of: type))
    }
  }

  /// A row's columns as traces show them: `provider apple, tier pro` (the row's identity, its
  /// first item, is not shown).
  public func columns(_ row: [Value], of table: TableDecl) -> String {
    zip(table.columns, row.dropFirst()).map { column, item in
      "\(column.name) \(text(item, as: column.type))"
    }.joined(separator: ", ")
  }
}
