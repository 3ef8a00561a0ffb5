import ModelContract
import ModelLanguage

/// Converts between a model file's values and the contract's: how scenarios set them, how
/// summaries report them, how traces write them.
enum ValueText {
  /// The kind a scenario writes a value of `type` in, or `nil` when scenarios cannot write
  /// one (a task handle, an instant).
  static func kind(_ type: ValueType, _ program: ModelProgram) -> ValueKind? {
    switch type {
    case .bool: .boolean
    case .int: .integer(Int64.min...Int64.max)
    case .text: .text
    case .duration: .signedDuration
    case .day: .date
    case .enumeration(let index): .word(program.enums[index].values)
    case .list(let element): kind(element, program).map(ValueKind.list)
    case .optional(.text): .textOrNone
    case .optional(.duration): .durationOrNone
    case .optional(.day): .dateOrNever
    case .optional(.enumeration(let index)): .wordOrNone(program.enums[index].values)
    case .instant, .task, .optional, .table, .row: nil
    }
  }

  /// The model file's value of a scenario's `value` for `type`.
  static func value(_ value: ModelValue, _ type: ValueType, _ program: ModelProgram) -> Value {
    switch (value, type) {
    case (.absent, _): return .none
    case (.boolean(let flag), _): return .bool(flag)
    case (.integer(let number), _): return .int(number)
    case (.duration(let nanoseconds), _): return .duration(nanoseconds)
    case (.date(let day), _): return .day(day)
    case (.text(let text), _): return .text(text)
    case (.word(let word), .enumeration(let index)),
      (.word(let word), .optional(.enumeration(let index))):
      guard let position = program.enums[index].values.firstIndex(of: word) else { return .none }
      return .enumCase(Int32(position))
    case (.word(let word), _): return .text(word)
    case (.list(let items), .list(let element)):
      return .list(items.map { self.value($0, element, program) })
    case (.list, _): return .none
    }
  }

  /// The contract's value of a model file's `value` of `type` (for summaries and `expect:`).
  static func modelValue(_ value: Value, _ type: ValueType, _ program: ModelProgram) -> ModelValue {
    let base: ValueType
    if case .optional(let wrapped) = type { base = wrapped } else { base = type }
    switch value {
    case .none: return .absent
    case .bool(let flag): return .boolean(flag)
    case .int(let number): return .integer(number)
    case .text(let text): return .text(text)
    case .duration(let nanoseconds): return .duration(nanoseconds)
    case .day(let day): return .date(day)
    case .instant, .task: return .text(text(value, base, program))
    case .enumCase(let index):
      if case .enumeration(let enumeration) = base {
        return .word(program.enums[enumeration].values[Int(index)])
      }
      return .integer(Int64(index))
    case .list(let items):
      let element: ValueType
      if case .list(let inner) = base { element = inner } else { element = base }
      return .list(items.map { modelValue($0, element, program) })
    case .clock: return modelValue(value.atWitness, type, program)
    }
  }

  /// `value` as files write it: `true`, `3`, `2s`, `2026-05-01`, `bundle`, `uuid-1`, `T2`,
  /// `[a, b]`, `none`.
  static func text(_ value: Value, _ type: ValueType, _ program: ModelProgram) -> String {
    var base = type
    if case .optional(let wrapped) = type { base = wrapped }
    if case .list(let items) = value {
      switch base {
      case .row(let table):
        return "{" + columns(items, program.tables[table], program) + "}"
      case .table(let table):
        return "[" + items.map { text($0, .row(table), program) }.joined(separator: ", ") + "]"
      default:
        break
      }
    }
    switch value.atWitness {
    case .instant(let nanoseconds):
      let seconds = Int64(clamping: WallClock.floorDivide(Int128(nanoseconds), 1_000_000_000))
      let clock = WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0)
      return clock.localText(at: VirtualTime(nanoseconds: seconds * 1_000_000_000))
    case .task(let index): return TaskName.text(index)
    case .duration(let nanoseconds): return DurationText.format(nanoseconds)
    case .list(let items):
      var element = type
      if case .list(let inner) = type { element = inner }
      if case .optional(.list(let inner)) = type { element = inner }
      return "[" + items.map { text($0, element, program) }.joined(separator: ", ") + "]"
    default:
      return modelValue(value, type, program).written(as: kind(type, program))
    }
  }
}

extension ValueText {
  /// A row's columns as traces show them: `provider apple, tier pro` (the row's identity, its
  /// first item, is not shown).
  static func columns(_ row: [Value], _ table: TableDecl, _ program: ModelProgram) -> String {
    zip(table.columns, row.dropFirst()).map { column, item in
      "\(column.name) \(text(item, column.type, program))"
    }.joined(separator: ", ")
  }
}

/// How traces name a task: `T1` for the first.
enum TaskName {
  static func text(_ index: Int32) -> String { "T\(Int(index) + 1)" }
}
