import ModelLanguage

/// Which `always:` invariants read nothing but records. Records only ever gain rows, so such an
/// invariant can turn only after a job that recorded one of them: a job that recorded none of
/// them leaves it as the last check found it, and checking it again would only cost the scan.
extension CompiledProgram {
  /// The `always:` invariants, by index, each with the records its condition reads when it
  /// reads nothing else that a run changes (state, tables, history, the clock, the running
  /// task), through the functions it calls; `nil`: it is checked after every job.
  static func alwaysInvariants(of program: ModelProgram) -> [(index: Int, records: [Int]?)] {
    program.invariants.indices.compactMap { index in
      guard case .always(let condition) = program.invariants[index].check else { return nil }
      return (index, recordsRead(by: condition, program))
    }
  }

  /// The records `expression` reads, sorted, or `nil` when it reads anything else that changes.
  private static func recordsRead(by expression: Expression, _ program: ModelProgram) -> [Int]? {
    var records = Set<Int>()
    let readsOnlyRecords = expression.visitReached(
      calling: { program.functions[$0].body },
      visit: {
        switch $0 {
        case .state, .now, .wall, .today, .isCancelled, .currentTask, .newUUID, .cancelledAt,
          .table, .history:
          return false
        case .recorded(let record, _), .distinct(let record, _):
          records.insert(record)
        default:
          break
        }
        return true
      })
    return readsOnlyRecords ? records.sorted() : nil
  }
}
