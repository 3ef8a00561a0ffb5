import Commands
import Foundation

/// One happening of a scenario's timeline: its event, its instant and its fields as text.
public typealias RaceHappening = ScenarioOutcomes.Happening

/// Why a scenario could not be loaded or explored: racelab's diagnostics.
public typealias RaceScenarioError = ScenarioOutcomesError

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
  public let happenings: [RaceHappening]

  /// The setup and timeline of the scenario file at `path` (its variant replaced by
  /// `variant` when given), to drive real code with.
  public init(scenario path: String, variant: String? = nil) throws(RaceScenarioError) {
    self.init(try ScenarioOutcomes.explore(path, variant: variant).get())
  }

  /// The run of `scenario`'s setup and timeline.
  init(_ scenario: ScenarioOutcomes) {
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
  /// A happening with a ``RaceHappening/window`` arrives at an instant of it the search
  /// chooses, exactly as `explore` places it for the model: every order its arrival can take
  /// against the run's other instants, and only those (its task sleeps for
  /// ``Race/duration(in:)``). A `maybe: true` happening is a choice of its own, delivered or
  /// lost; a `lost: true` one is not in ``happenings``.
  @MainActor public func play(
    _ deliver: @escaping @MainActor (RaceHappening) -> Void
  ) async {
    let fixed = happenings.filter { $0.window == nil }
    let windowed = happenings.filter { $0.window != nil }
    await Task.detached {
      var arrivals: [Task<Void, Never>] = []
      for happening in windowed {
        arrivals.append(
          Task.detached {
            guard let window = happening.window else { return }
            try? await Task.sleep(for: Race.duration(in: window))
            await Self.arrive(happening, deliver)?.value
          })
      }
      arrivals += await Self.arrive(fixed, deliver)
      for arrival in arrivals { await arrival.value }
    }.value
    await Race.settle()
  }

  /// Delivers `happenings`, each at its fixed instant, from one task that sleeps from each
  /// instant to the next; returns the deliveries.
  private static func arrive(
    _ happenings: [RaceHappening], _ deliver: @escaping @MainActor (RaceHappening) -> Void
  ) async -> [Task<Void, Never>] {
    let instants = Set(happenings.map(\.at)).sorted()
    var elapsed = Duration.zero
    var deliveries: [Task<Void, Never>] = []
    for instant in instants {
      if instant > elapsed { try? await Task.sleep(for: instant - elapsed) }
      elapsed = instant
      var due = happenings.filter { $0.at == instant }
      while !due.isEmpty {
        // Equal happenings are interchangeable: only which distinct one comes next is a
        // choice.
        var distinct: [RaceHappening] = []
        for happening in due where !distinct.contains(happening) { distinct.append(happening) }
        let happening = distinct[Race.choose(distinct.count, "arrival order")]
        due.remove(at: due.firstIndex(of: happening)!)
        if let delivery = arrive(happening, deliver) { deliveries.append(delivery) }
      }
    }
    return deliveries
  }

  /// Delivers `happening` now as a main-actor job of its own, unless it is `maybe: true` and
  /// the search loses it.
  private static func arrive(
    _ happening: RaceHappening, _ deliver: @escaping @MainActor (RaceHappening) -> Void
  ) -> Task<Void, Never>? {
    if happening.maybe, Race.choose(2, "\(happening.event): delivered or lost") == 1 {
      Race.note("\(happening.event) never arrives: lost (maybe: true)")
      return nil
    }
    return Task { @MainActor in
      Race.note("\(happening.event) arrives")
      deliver(happening)
    }
  }
}

/// Whether a model and real code reach the same outcomes over one scenario.
public struct RaceAgreement: Sendable, CustomStringConvertible {
  /// One outcome: the compared figures and the invariants broken.
  public typealias Outcome = ScenarioOutcomes.Outcome

  /// The scenario's name.
  public var scenario: String
  /// The outcomes exploring the model reaches, on the compared figures.
  public var model: Set<Outcome>
  /// The outcomes exploring the code reaches.
  public var code: Set<Outcome>
  /// Whether exploring the model covered every schedule.
  public var modelComplete: Bool
  /// Whether exploring the code covered every schedule.
  public var codeComplete: Bool
  /// How many seeded random runs of the code were compared, when the code was sampled
  /// instead of explored exhaustively.
  public var sampledRuns: Int?
  /// What racelab could not control in the code: an agreement with problems is not one.
  public var problems: [String]

  /// Whether the outcome sets are equal, the model's exploration was complete, the code's
  /// was complete or a sample, and the code ran without problems.
  public var agrees: Bool {
    model == code && modelComplete && (codeComplete || sampledRuns != nil) && problems.isEmpty
  }

  /// Whether the agreement is a proof: it holds and both sides covered every schedule. A
  /// sample that reaches every outcome of the model is evidence, not proof.
  public var isProof: Bool {
    agrees && codeComplete
  }

  /// The verdict, then each outcome only one side reaches.
  public var description: String {
    let coverage =
      if !modelComplete { "; the model's exploration was incomplete" } else if codeComplete {
        "; every schedule of both"
      } else if let sampledRuns { "; \(sampledRuns) sampled runs of the code, not a proof" } else {
        "; the code's exploration was incomplete"
      }
    var lines = [
      "\(scenario): " + (agrees ? "model and code agree" : "model and code DISAGREE")
        + " (\(model.count) outcome\(model.count == 1 ? "" : "s") in the model, \(code.count) "
        + "in the code\(coverage))"
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
  /// compares the outcomes reached on those figures and the invariants broken. With
  /// `sample`, the code runs that many seeded random schedules instead of every one: for
  /// code whose space is too large to exhaust, evidence rather than proof.
  public static func agreement(
    scenario path: String, variant: String? = nil, fields: [String],
    sample: (runs: Int, seed: UInt64)? = nil, limits: RealCodeLimits = RealCodeLimits(),
    _ code: @escaping @Sendable (RaceScenarioRun) async -> [String: String]
  ) async -> Result<RaceAgreement, RaceScenarioError> {
    let explored: ScenarioOutcomes
    switch ScenarioOutcomes.explore(path, variant: variant) {
    case .success(let outcomes): explored = outcomes
    case .failure(let error): return .failure(error)
    }
    let compared = Set(fields)
    let model = Set(
      explored.outcomes.map { outcome in
        RaceAgreement.Outcome(
          fields: outcome.fields.filter { compared.contains($0.key) },
          violations: outcome.violations)
      })
    let run = RaceScenarioRun(explored)
    let body: @Sendable () async -> String = {
      Self.encoded(await code(run).filter { compared.contains($0.key) })
    }
    let exploration =
      if let sample {
        await Race.sample(runs: sample.runs, seed: sample.seed, limits: limits, body)
      } else {
        await explore(limits: limits, body)
      }
    let codeOutcomes = Set(
      exploration.outcomes.map { outcome in
        RaceAgreement.Outcome(
          fields: Self.decoded(outcome.result), violations: outcome.violations)
      })
    return .success(
      RaceAgreement(
        scenario: explored.name, model: model, code: codeOutcomes,
        modelComplete: explored.complete, codeComplete: exploration.complete,
        sampledRuns: sample?.runs, problems: exploration.problems))
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
