import ModelContract
import RacelabKernel

/// The runnable turnstile (see ``TurnstileDefinition``).
public struct TurnstileModel: SimulationModel, Sendable {
  /// A turnstile event.
  public enum Event: Sendable, Hashable {
    case coin(Int64)
    case push
    case jam(nanoseconds: Int64)
    case powerCut
  }

  /// An operation a task body calls.
  public enum Operation: Sendable, Hashable {
    case lock
    case tally
  }

  static let lanes = ["gate", "ledger"]
  static let gate = LaneID(index: 0)
  static let ledger = LaneID(index: 1)

  var isOpen: Bool
  let fee: Int64
  let lenient: Bool
  let holdOpen: Int64
  let operatorName: String?
  let lastService: Int64?
  let relock: [TaskStep<Operation>]
  let audit: [TaskStep<Operation>]
  var credit: Int64 = 0
  var entries: Int64 = 0
  var log: [String] = []

  init(
    isOpen: Bool, fee: Int64, lenient: Bool, holdOpen: Int64, operatorName: String?,
    lastService: Int64?, relock: [TaskStep<Operation>], audit: [TaskStep<Operation>]
  ) {
    self.isOpen = isOpen
    self.fee = fee
    self.lenient = lenient
    self.holdOpen = holdOpen
    self.operatorName = operatorName
    self.lastService = lastService
    self.relock = relock
    self.audit = audit
  }

  public mutating func prepare(context: inout SimulationContext<TurnstileModel>) {
    _ = context.addProgram(TaskProgram(name: "relock", steps: relock))
    _ = context.addProgram(TaskProgram(name: "audit", steps: audit))
  }

  public var laneNames: [String] { Self.lanes }

  public func delivery(of event: Event) -> EventDelivery {
    event == .powerCut ? .atOnce : .job(Self.gate)
  }

  public func label(of event: Event) -> String {
    switch event {
    case .coin(let amount): "coin \(amount)"
    case .push: "push"
    case .jam(let nanoseconds): "jam \(DurationText.format(nanoseconds))"
    case .powerCut: "power-cut"
    }
  }

  public func name(of operation: Operation) -> String {
    operation == .lock ? "lock" : "tally"
  }

  public mutating func handle(_ event: Event, context: inout SimulationContext<TurnstileModel>) {
    switch event {
    case .coin(let amount):
      credit += amount
      guard credit >= fee, !isOpen else { return }
      credit -= fee
      isOpen = true
      context.note(ModelNote(kind: "opened", subject: "gate", detail: ["the gate opens"]))
      _ = context.spawnTask(program: 0, lane: Self.gate)
    case .push:
      guard isOpen || lenient else {
        context.note(ModelNote(kind: "refused", subject: "gate", detail: ["the arm stays"]))
        return
      }
      if !isOpen {
        context.reportViolation(
          "no-entry-while-locked", detail: "someone passed while the gate was locked")
      }
      entries += 1
      log.append("entry")
      _ = context.spawnTask(program: 1, lane: Self.ledger)
    case .jam(let nanoseconds):
      context.holdCurrentLane(forNanoseconds: nanoseconds)
    case .powerCut:
      context.killAllTasks()
    }
  }

  public mutating func perform(
    _ operation: Operation, task: TaskID, context: inout SimulationContext<TurnstileModel>
  ) {
    switch operation {
    case .lock:
      isOpen = false
      log.append("lock")
      context.note(ModelNote(kind: "locked", task: task, subject: "lock", detail: ["locked"]))
    case .tally:
      log.append("tally")
      context.note(
        ModelNote(
          kind: "tally", task: task, subject: "tally", detail: ["\(entries) through"],
          fields: [TraceField("entries", .int(entries))]))
    }
  }

  public func summary(context: SimulationContext<TurnstileModel>) -> [TraceField] {
    [
      TraceField("mode", .text(isOpen ? "open" : "locked")),
      TraceField("entries", .int(entries)),
      TraceField("audited", .bool(log.contains("tally"))),
      TraceField("operator", operatorName.map(Value.text) ?? .none),
      TraceField("lastService", lastService.map(Value.day) ?? .none),
      TraceField("holdOpen", .duration(holdOpen)),
      TraceField("log", .list(log.map(Value.text))),
    ]
  }
}
