import Commands
import Foundation

/// A scenario as real code plays it: its setup and its happenings, each delivered at its
/// instant of virtual time.
public struct RaceScenarioRun: Sendable {
  /// The variant the scenario runs.
  public let variant: String
  /// The scenario's setup by `section.key` (`app.wins`), as the file writes values.
  public let setup: [String: String]
  /// The setup's durations (`config.delay`).
  public let setupDurations: [String: Duration]
  /// The timeline, in file order.
  public let happenings: [ScenarioOutcomes.Happening]

  /// The run of `scenario`'s setup and timeline.
  public init(_ scenario: ScenarioOutcomes) {
    variant = scenario.variant
    setup = scenario.setup
    setupDurations = scenario.setupDurations
    happenings = scenario.happenings
  }

  /// Delivers every happening to `deliver` on the main actor at its instant, counted from
  /// this call, and returns once all are delivered and the run has settled (``Race/settle()``):
  /// what the code scheduled has run, as in the model's run before its summary is read.
  ///
  /// As in the model, the happenings of one instant arrive together, each in an order the
  /// search chooses, and each is a main-actor job of its own, queued before what they start.
  @MainActor public func play(
    _ deliver: @escaping @MainActor (ScenarioOutcomes.Happening) -> Void
  ) async {
    let instants = Set(happenings.map(\.at)).sorted()
    let happenings = happenings
    await Task.detached {
      var elapsed = Duration.zero
      var deliveries: [Task<Void, Never>] = []
      for instant in instants {
        if instant > elapsed { try? await Task.sleep(for: instant - elapsed) }
        elapsed = instant
        var due = happenings.filter { $0.at == instant }
        while !due.isEmpty {
          let happening = due.remove(at: Race.choose(due.count, "arrival order"))
          deliveries.append(
            Task { @MainActor in
              Race.note("\(happening.event) arrives")
              deliver(happening)
            })
        }
      }
      for delivery in deliveries { await delivery.value }
    }.value
    await Race.settle()
  }
}

/// Whether a model and real code reach the same outcomes over one scenario.
public struct RaceAgreement: Sendable, CustomStringConvertible {
  /// The scenario's name.
  public var scenario: String
  /// The outcomes exploring the model reaches, on the compared figures.
  public var model: Set<ScenarioOutcomes.Outcome>
  /// The outcomes exploring the code reaches.
  public var code: Set<ScenarioOutcomes.Outcome>
  /// Whether both explorations were complete.
  public var complete: Bool
  /// What racelab could not control in the code: an agreement with problems is not one.
  public var problems: [String]

  /// Whether the two outcome sets are equal, both explorations complete, and the code ran
  /// without problems.
  public var agrees: Bool {
    model == code && complete && problems.isEmpty
  }

  /// The verdict, then each outcome only one side reaches.
  public var description: String {
    var lines = [
      "\(scenario): " + (agrees ? "model and code agree" : "model and code DISAGREE")
        + " (\(model.count) outcome\(model.count == 1 ? "" : "s") in the model, \(code.count) "
        + "in the code\(complete ? "" : "; an exploration was incomplete"))"
    ]
    lines += model.subtracting(code).map(\.description).sorted().map { "only the model: \($0)" }
    lines += code.subtracting(model).map(\.description).sorted().map { "only the code: \($0)" }
    lines += problems.map { "problem: \($0)" }
    return lines.joined(separator: "\n")
  }
}

extension Race {
  /// The agreement check: explores the scenario at `path` on its model and, on the same
  /// timeline, `code` (real code that plays the scenario and returns the figures named in
  /// `fields` as text, breaking the model's invariants by name with ``check(_:_:)``), and
  /// compares the outcomes reached on those figures and the invariants broken.
  public static func agreement(
    scenario path: String, variant: String? = nil, fields: [String],
    limits: RealCodeLimits = RealCodeLimits(),
    _ code: @escaping @Sendable (RaceScenarioRun) async -> [String: String]
  ) async -> Result<RaceAgreement, ScenarioOutcomesError> {
    let explored: ScenarioOutcomes
    switch ScenarioOutcomes.explore(path, variant: variant) {
    case .success(let outcomes): explored = outcomes
    case .failure(let error): return .failure(error)
    }
    let compared = Set(fields)
    let model = Set(
      explored.outcomes.map { outcome in
        ScenarioOutcomes.Outcome(
          fields: outcome.fields.filter { compared.contains($0.key) },
          violations: outcome.violations)
      })
    let run = RaceScenarioRun(explored)
    let exploration = await explore(limits: limits) {
      let figures = await code(run).filter { compared.contains($0.key) }
      return Self.encoded(figures)
    }
    let codeOutcomes = Set(
      exploration.outcomes.map { outcome in
        ScenarioOutcomes.Outcome(
          fields: Self.decoded(outcome.result), violations: outcome.violations)
      })
    return .success(
      RaceAgreement(
        scenario: explored.name, model: model, code: codeOutcomes,
        complete: explored.complete && exploration.complete, problems: exploration.problems))
  }

  /// Figures as the result of a run: JSON with sorted keys, so equal figures are equal text.
  private static func encoded(_ figures: [String: String]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(figures)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// The figures a run's result holds (none for a run that did not finish).
  private static func decoded(_ result: String) -> [String: String] {
    (try? JSONDecoder().decode([String: String].self, from: Data(result.utf8))) ?? [:]
  }
}
