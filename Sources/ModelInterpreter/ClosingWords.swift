import ModelContract
import ModelLanguage
import RacelabKernel

/// What a run's closing says after its summary: the program's `figures:` sentence and its
/// answer, each `nil` when the program has none that applies.
struct ClosingWords: Sendable {
  var figures: String?
  var answer: RunAnswer?
  /// The budget units reading them cost (``InterpretedModel/spend(_:)``).
  var cost: Int
}

/// The closing words an exploration has already read, by the closing names they were read
/// with (``InterpretedModel/closingNames(summary:context:)``). When the figures and every
/// answer read nothing but those names and literals, the words are a function of the names:
/// runs that end with the same summary, broken invariants and scenario say the same words, and
/// an exploration of thousands of runs reads each distinct ending once.
///
/// The endings are kept in a short list searched in order: an exploration ends in a handful of
/// ways, comparing two endings usually stops at their first value, and a dictionary keyed by
/// a new type costs a process about 200,000 instructions of run-time type look-up the first
/// time it is made, more than a small exploration spends on its closings.
final class ClosingWordsMemo: Sendable {
  /// How many endings are kept; later ones are read afresh every time.
  static let capacity = 64

  private let known = Locked<[(names: [Value], words: ClosingWords)]>([])

  /// The words read for `names`, if any.
  func words(for names: [Value]) -> ClosingWords? {
    known.withLock { known in known.first { $0.names == names }?.words }
  }

  /// Keeps `words` as what `names` read, while there is room.
  func remember(_ words: ClosingWords, for names: [Value]) {
    known.withLock { known in
      if known.count < Self.capacity, !known.contains(where: { $0.names == names }) {
        known.append((names, words))
      }
    }
  }

  /// Whether `program`'s figures and answers read nothing but the closing names and literals,
  /// through the functions they call: no state, record, table, history, clock or task, and no
  /// `{when-broken(…)}` (it reads the run's times).
  static func applies(to program: ModelProgram) -> Bool {
    var expressions: [Expression] = []
    for part in program.figures ?? [] {
      if case .value(let value, _) = part { expressions.append(value) }
    }
    for answer in program.answers {
      expressions += answer.condition.map { [$0] } ?? []
      expressions += answer.fixes.compactMap(\.condition)
      for part in answer.sentence {
        switch part {
        case .text: break
        case .value(let value, _): expressions.append(value)
        case .whenBroken: return false
        }
      }
    }
    return expressions.allSatisfy { expression in
      expression.visitReached(calling: { program.functions[$0].body }) {
        switch $0 {
        case .state, .rowField, .outerRowField, .now, .wall, .today, .isCancelled, .cancelledAt,
          .currentTask, .newUUID, .recorded, .distinct, .table, .history:
          false
        default:
          true
        }
      }
    }
  }
}
