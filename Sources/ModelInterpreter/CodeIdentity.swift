import ModelLanguage
import RacelabKernel

/// Numbers compiled code by its content: two ``Code`` values compiled from equal programs,
/// bodies and faults get the same number, whichever setup, thread or load made them, and
/// different contents never share one. States then compare their code with one integer, even
/// when each thread of an exploration compiled its own copy (so that the threads share no
/// reference counts).
///
/// The table holds each code weakly. A number stays in use while a code that carries it is
/// alive; entries of codes that are gone are swept once the table has doubled since the last
/// sweep, so a process that compiles many models keeps only the live ones.
enum CodeIdentity {
  /// What decides whether two codes run alike: the fields ``Code`` compares.
  struct Content: Hashable, Sendable {
    var program: ModelProgram
    var bodies: [CompiledBody]
    var crashAt: [String]
    var maxCrashes: Int
    var downPeriodic: Set<Int>
  }

  private struct Entry {
    var number: Int
    weak var code: Code?
  }

  private struct Table {
    var buckets: [Int: [Entry]] = [:]
    var entries = 0
    var sweepAt = 64
    var nextNumber = 0

    mutating func issueNumber() -> Int {
      nextNumber += 1
      return nextNumber
    }
  }

  private static let table = Locked(Table())

  /// The number of `code`: the number of a live code with equal content, or a new one.
  static func number(of code: Code) -> Int {
    let content = Self.content(of: code)
    let hash = content.hashValue
    return table.withLock { table in
      let bucket = table.buckets[hash] ?? []
      let live = bucket.filter { $0.code != nil }
      let equal = live.first { entry in
        entry.code.map { Self.content(of: $0) == content } ?? false
      }
      let number = equal?.number ?? table.issueNumber()
      table.buckets[hash] = live + [Entry(number: number, code: code)]
      table.entries += 1 - (bucket.count - live.count)
      if table.entries >= table.sweepAt { sweep(&table) }
      return number
    }
  }

  /// The content of a compiled code.
  static func content(of code: Code) -> Content {
    Content(
      program: code.program, bodies: code.bodies, crashAt: code.crashAt,
      maxCrashes: code.maxCrashes, downPeriodic: code.downPeriodic)
  }

  /// Drops the entries of codes that are gone; the next sweep waits until the table doubles.
  private static func sweep(_ table: inout Table) {
    var kept: [Int: [Entry]] = [:]
    var count = 0
    for (hash, bucket) in table.buckets {
      let live = bucket.filter { $0.code != nil }
      guard !live.isEmpty else { continue }
      kept[hash] = live
      count += live.count
    }
    table.buckets = kept
    table.entries = count
    table.sweepAt = max(64, 2 * count)
  }
}
