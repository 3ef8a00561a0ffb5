import ModelContract
import RacelabKernel

/// A second built-for-tests model, unlike the review-prompt one in every way the scenario layer
/// and the renderers could wrongly assume: two lanes (`gate`, `ledger`), sections named `gate`
/// and `timing` (no `config`), two task bodies, a table whose answer column is `gate` and holds
/// a word, and summary fields of every kind (word, number, truth value, text or none, date or
/// never, duration, list).
public struct TurnstileDefinition: ModelDefinition {
  /// Creates the definition.
  public init() {}

  /// The turnstile's vocabulary.
  public var vocabulary: ModelVocabulary { Self.vocabulary }

  /// `gate`, then `ledger`.
  public var laneNames: [String] { TurnstileModel.lanes }

  static let modes = ["locked", "open"]
  static let amounts: ValueKind = .integer(1...100)

  static let vocabulary = ModelVocabulary(
    name: "turnstile",
    help: "a coin-operated gate that relocks itself after a while",
    events: [
      EventSpec(
        "coin",
        parameters: [ParameterSpec("amount", amounts, default: .int(1), help: "coins paid")],
        help: "coins go in; at the fee the gate opens and a relock task starts"),
      EventSpec("push", help: "someone pushes the arm"),
      EventSpec(
        "jam",
        parameters: [ParameterSpec("for", .duration, default: nil, help: "how long")],
        help: "the gate lane is stuck"),
      EventSpec("power-cut", help: "every task dies at once"),
    ],
    sections: [
      SectionSpec(
        "gate",
        keys: [
          ParameterSpec("mode", .word(modes), default: .text("locked"), help: "initial mode"),
          ParameterSpec("fee", amounts, default: .int(2), help: "coins per entry"),
          ParameterSpec("operator", .textOrNone, default: Value.none, help: "who runs it"),
          ParameterSpec(
            "last-service", .dateOrNever, default: Value.none, help: "the last service date"),
        ]),
      SectionSpec(
        "timing",
        keys: [
          ParameterSpec(
            "hold-open", .duration, default: .duration(3_000_000_000), help: "open time"),
          ParameterSpec("settle", .duration, default: .duration(500_000_000), help: "audit wait"),
        ]),
    ],
    operations: ["lock", "tally"],
    programs: [
      ProgramSpec("relock", help: "sleep timing.hold-open, then lock"),
      ProgramSpec("audit", help: "on the ledger: sleep timing.settle, then tally"),
    ],
    variants: [
      VariantSpec("strict", help: "a push on a locked gate is refused"),
      VariantSpec("lenient", help: "a push on a locked gate goes through"),
    ],
    invariants: [
      InvariantSpec("no-entry-while-locked", help: "nobody passes a locked gate")
    ],
    summaryFields: [
      SummaryFieldSpec(key: "mode", field: "mode", kind: .word(modes), help: "mode at the end"),
      SummaryFieldSpec(
        key: "entries", field: "entries", kind: .integer(0...Int64.max), help: "people through"),
      SummaryFieldSpec(key: "audited", field: "audited", kind: .boolean, help: "any tally?"),
      SummaryFieldSpec(
        key: "operator", field: "operator", kind: .textOrNone, help: "the operator"),
      SummaryFieldSpec(
        key: "last-service", field: "lastService", kind: .dateOrNever, help: "service date"),
      SummaryFieldSpec(
        key: "hold-open", field: "holdOpen", kind: .duration, help: "the open time in use"),
      SummaryFieldSpec(
        key: "log", field: "log", kind: .list(.word(["entry", "lock", "tally"])),
        help: "what happened, in order"),
    ],
    tables: [
      TableSpec(
        "fare",
        columns: [
          ParameterSpec("coins", amounts, default: nil, help: "coins paid"),
          ParameterSpec("fee", amounts, default: nil, help: "the fee"),
        ],
        answer: ParameterSpec("gate", .word(modes), default: nil, help: "the expected mode"),
        help: "whether a payment opens the gate")
    ])

  /// The turnstile in the state the setup describes.
  public func makeModel(_ setup: ModelSetup) -> TurnstileModel {
    let gate = setup.section("gate")
    let timing = setup.section("timing")
    func body(_ program: String, default steps: [TaskStep<TurnstileModel.Operation>])
      -> [TaskStep<TurnstileModel.Operation>]
    {
      guard let custom = setup.taskBody(program) else { return steps }
      return custom.map { step in
        switch step {
        case .sleep(let length, let onCancel): .sleep(nanoseconds: length, onCancel: onCancel)
        case .guardNotCancelled: .guardNotCancelled
        case .checkCancellation: .checkCancellation
        case .yield: .yield
        case .call(let name): .call(name == "tally" ? .tally : .lock)
        }
      }
    }
    let holdOpen = timing.duration("hold-open", or: 3_000_000_000)
    var operatorName: String?
    if case .text(let name) = gate["operator"] { operatorName = name }
    var lastService: Int64?
    if case .day(let day) = gate["last-service"] { lastService = day }
    return TurnstileModel(
      isOpen: gate.text("mode", or: "locked") == "open", fee: gate.integer("fee", or: 2),
      lenient: setup.variant == "lenient", holdOpen: holdOpen, operatorName: operatorName,
      lastService: lastService,
      relock: body(
        "relock", default: [.sleep(nanoseconds: holdOpen, onCancel: .return), .call(.lock)]),
      audit: body(
        "audit",
        default: [
          .sleep(nanoseconds: timing.duration("settle", or: 500_000_000), onCancel: .return),
          .call(.tally),
        ]))
  }

  /// The event of a checked scripted happening.
  public func makeEvent(_ event: ScriptedEvent, setup: ModelSetup) -> TurnstileModel.Event {
    switch event.name {
    case "coin": .coin(event.fields.integer("amount", or: 1))
    case "push": .push
    case "jam": .jam(nanoseconds: event.fields.duration("for", or: 0))
    default: .powerCut
    }
  }

  /// One `fare` row: the gate opens when the coins reach the fee.
  public func evaluate(table: String, row: NamedValues, setup: ModelSetup) -> TableRowResult {
    let coins = row.integer("coins", or: 0)
    let fee = row.integer("fee", or: 0)
    return TableRowResult(
      actual: .text(coins >= fee ? "open" : "locked"), expected: row["gate"] ?? .none,
      decidedBy: "\(coins) coins against a fee of \(fee)")
  }
}
