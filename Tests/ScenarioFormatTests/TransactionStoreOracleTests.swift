import ModelContract
import ModelInterpreter
import RacelabKernel
import ScenarioFormat
import TestSizes
import Testing

/// Transactions across stores, held to a reference: generated operations nest transactions,
/// `try`/`catch`, `throw`, sleeps and `may-crash` points around writes to one variable of each
/// section (`memory:`, `persisted:`, `transactional:`, `durable:`), and a timeline may relaunch
/// the app while the task sleeps inside a transaction. `run` (with `crash-at` forcing one label)
/// and `explore` (trying a crash at every label) must end with the values a plain walk of the
/// steps gives under the rules of "Stores": an error takes back every write of the transaction
/// but a durable one, a death takes back its transactional writes alone and resets memory.
struct TransactionStoreOracleTests {
  static let seed: UInt64 = 0x5704_E5C0

  /// A variable of the generated model, one per section.
  enum Variable: String, CaseIterable {
    case m, p, t, d
  }

  /// A step of a generated operation.
  indirect enum Step {
    case set(Variable, Int)
    case transaction([Step])
    case attempt([Step], catch: [Step])
    case fail
    case mayCrash(String)
    case sleep
  }

  /// One generated case: the operation's steps, the label `run` crashes at, and the relaunch.
  struct Case: CustomStringConvertible {
    var steps: [Step]
    var crashAt: String?
    /// The relaunch arrives at `relaunch × 10ms + 5ms`, during the task's sleep that starts at
    /// `relaunch × 10ms`, if it sleeps that often.
    var relaunch: Int?
    var labels: [String]

    var description: String {
      "crash-at \(crashAt ?? "none"), relaunch \(relaunch.map(String.init) ?? "none")\n"
        + TransactionStoreOracleTests.model(steps)
    }
  }

  /// Steps with unique values and labels, each block ending in a `throw` now and then.
  struct Generator {
    var random: SplitMix64
    var values = 0
    var labels: [String] = []

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func block(depth: Int) -> [Step] {
      var steps: [Step] = []
      for _ in 0..<(1 + random.below(4)) {
        switch random.below(depth >= 3 ? 3 : 6) {
        case 0, 1:
          values += 1
          steps.append(.set(Variable.allCases[random.below(4)], values))
        case 2:
          if random.below(2) == 0 {
            labels.append("c\(labels.count + 1)")
            steps.append(.mayCrash(labels[labels.count - 1]))
          } else {
            steps.append(.sleep)
          }
        case 3, 4: steps.append(.transaction(block(depth: depth + 1)))
        default:
          steps.append(.attempt(block(depth: depth + 1), catch: block(depth: depth + 1)))
        }
      }
      if random.below(4) == 0 { steps.append(.fail) }
      return steps
    }

    mutating func next() -> Case {
      values = 0
      labels = []
      let steps = block(depth: 0)
      let crashAt =
        labels.isEmpty || random.below(3) == 0 ? nil : labels[random.below(labels.count)]
      let relaunch = random.below(3) == 0 ? random.below(3) : nil
      return Case(steps: steps, crashAt: crashAt, relaunch: relaunch, labels: labels)
    }
  }

  /// The steps walked one after another, as "Stores" says they run.
  struct Reference {
    enum Flow: Error { case thrown, died }

    var values: [Variable: Int] = [.m: 0, .p: 0, .t: 0, .d: 0]
    /// The open transactions, outermost first: each variable's value before its first write.
    var open: [[Variable: Int]] = []
    var sleeps = 0
    var reached: [String] = []
    let crashAt: String?
    let relaunch: Int?

    /// The values at the end of the run.
    static func outcome(_ steps: [Step], crashAt: String?, relaunch: Int?) -> (
      values: [Variable: Int], reached: [String]
    ) {
      var walk = Reference(crashAt: crashAt, relaunch: relaunch)
      do { try walk.run(steps) } catch {}
      // The relaunch resets memory whether it ended the task or came after it.
      if relaunch != nil { walk.values[.m] = 0 }
      return (walk.values, walk.reached)
    }

    mutating func run(_ steps: [Step]) throws(Flow) {
      for step in steps { try run(step) }
    }

    mutating func run(_ step: Step) throws(Flow) {
      switch step {
      case .set(let variable, let value):
        if !open.isEmpty && open[open.count - 1][variable] == nil {
          open[open.count - 1][variable] = values[variable]
        }
        values[variable] = value
      case .transaction(let body):
        open.append([:])
        do {
          try run(body)
        } catch .thrown {
          for (variable, old) in open.removeLast() where variable != .d { values[variable] = old }
          throw .thrown
        } catch .died {
          throw .died
        }
        let committed = open.removeLast()
        if !open.isEmpty {
          for (variable, old) in committed where open[open.count - 1][variable] == nil {
            open[open.count - 1][variable] = old
          }
        }
      case .attempt(let body, let handler):
        do {
          try run(body)
        } catch .thrown {
          try run(handler)
        } catch .died {
          throw .died
        }
      case .fail:
        throw .thrown
      case .mayCrash(let label):
        reached.append(label)
        if label == crashAt { try die() }
      case .sleep:
        if sleeps == relaunch { try die() }
        sleeps += 1
      }
    }

    /// The process dies: open transactions give back their transactional writes, innermost
    /// first, and memory starts again.
    mutating func die() throws(Flow) {
      for transaction in open.reversed() {
        if let old = transaction[.t] { values[.t] = old }
      }
      open = []
      values[.m] = 0
      throw .died
    }
  }

  static func model(_ steps: [Step]) -> String {
    """
    kind: model
    name: stores
    processes:
      app:
        lanes: {main: serial}
        memory:
          m: int
        persisted:
          p: int
        transactional:
          t: int
        durable:
          d: int
    errors: [boom]
    operations:
      op:
        on: main
        steps:

    """ + render(steps, indent: 6)
      + """
      events:
        go:
          steps:
            - spawn: op
      summary:
        m: app.m
        p: app.p
        t: app.t
        d: app.d

      """
  }

  static func render(_ steps: [Step], indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    return steps.map { step in
      switch step {
      case .set(let variable, let value): "\(pad)- set: {app.\(variable.rawValue): \(value)}\n"
      case .transaction(let body):
        "\(pad)- transaction:\n" + render(body, indent: indent + 4)
      case .attempt(let body, let handler):
        "\(pad)- try:\n" + render(body, indent: indent + 4) + "\(pad)  catch:\n"
          + "\(pad)    boom:\n" + render(handler, indent: indent + 6)
      case .fail: "\(pad)- throw: boom\n"
      case .mayCrash(let label): "\(pad)- may-crash: \(label)\n"
      case .sleep: "\(pad)- sleep: 10ms\n"
      }
    }.joined()
  }

  static func setup(_ crashAt: String?) -> ModelSetup {
    ModelSetup(
      variant: "original",
      sections: [
        ModelFileDefinition.faultsSection: NamedValues([
          "crash-at": .list(crashAt.map { [.text($0)] } ?? []), "max-crashes": .int(1),
        ])
      ],
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
  }

  static func timeline(_ relaunch: Int?) -> [ScriptedHappening] {
    var happenings = [
      ScriptedHappening(ScriptedEvent(name: "go", fields: NamedValues()), .at(.zero))
    ]
    if let relaunch {
      happenings.append(
        ScriptedHappening(
          ScriptedEvent(name: "relaunch", fields: NamedValues()),
          .at(VirtualTime(nanoseconds: Int64(relaunch) * 10_000_000 + 5_000_000))))
    }
    return happenings
  }

  static func text(_ values: [Variable: Int]) -> String {
    Variable.allCases.map { "\($0.rawValue)=\(values[$0] ?? 0)" }.joined(separator: " ")
  }

  static func text(_ summary: [TraceField]) -> String {
    summary.map { "\($0.name)=\($0.value.written())" }.joined(separator: " ")
  }

  static let cases: [Case] = {
    var generator = Generator(seed: seed)
    return (0..<TestSize.count(standard: 300, thorough: 3_000)).map { _ in generator.next() }
  }()

  @Test("run ends where the reference walk ends, crash-at and relaunches included")
  func runsAgreeWithTheReference() throws {
    var disagreements: [String] = []
    for generated in Self.cases {
      let program = try #require(decodeModel(Self.model(generated.steps)), "\(generated)")
      let result = ModelFileDefinition(program).simulate(
        setup: Self.setup(generated.crashAt), profile: .swift,
        timeline: Self.timeline(generated.relaunch), strategy: DefaultStrategy()
      ).result
      let expected = Reference.outcome(
        generated.steps, crashAt: generated.crashAt, relaunch: generated.relaunch)
      #expect(result.violations.isEmpty, "\(generated)")
      if Self.text(result.summary) != Self.text(expected.values) {
        disagreements.append(
          "\(generated)racelab:   \(Self.text(result.summary))\n"
            + "reference: \(Self.text(expected.values))")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(3).joined(separator: "\n\n"))")
  }

  @Test("explore finds exactly the outcomes of no crash and of a crash at each label reached")
  func exploreAgreesWithTheReference() throws {
    var disagreements: [String] = []
    for generated in Self.cases.prefix(TestSize.count(standard: 100, thorough: 1_000)) {
      let program = try #require(decodeModel(Self.model(generated.steps)), "\(generated)")
      let explorer = Explorer(
        ModelFileDefinition(program), setup: Self.setup(nil), profile: .swift,
        timeline: Self.timeline(generated.relaunch))
      var found = Set<String>()
      for prefix in explorer.subtrees() {
        let tally = explorer.exploreSubtree(prefix: prefix, pruning: true, budget: 100_000)
        #expect(tally.complete)
        #expect(tally.violations.isEmpty, "\(generated)")
        found.formUnion(tally.outcomes.map { Self.text($0.summary) })
      }
      let calm = Reference.outcome(generated.steps, crashAt: nil, relaunch: generated.relaunch)
      var expected: Set = [Self.text(calm.values)]
      for label in calm.reached {
        expected.insert(
          Self.text(
            Reference.outcome(generated.steps, crashAt: label, relaunch: generated.relaunch).values
          ))
      }
      if found != expected {
        disagreements.append(
          "\(generated)racelab:   \(found.sorted())\nreference: \(expected.sorted())")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(3).joined(separator: "\n\n"))")
  }

  @Test("the generated cases cover crashes and relaunches inside transactions, and rollbacks")
  func casesCoverTheRules() {
    func inside(_ steps: [Step], transaction: Bool, _ match: (Step) -> Bool) -> Bool {
      steps.contains { step in
        if transaction && match(step) { return true }
        switch step {
        case .transaction(let body): return inside(body, transaction: true, match)
        case .attempt(let body, let handler):
          return inside(body, transaction: transaction, match)
            || inside(handler, transaction: transaction, match)
        default: return false
        }
      }
    }
    let crashes = Self.cases.filter { generated in
      inside(generated.steps, transaction: true) {
        if case .mayCrash(let label) = $0 { label == generated.crashAt } else { false }
      }
    }
    let relaunches = Self.cases.filter { generated in
      generated.relaunch != nil
        && inside(generated.steps, transaction: true) {
          if case .sleep = $0 { true } else { false }
        }
    }
    let throwsInside = Self.cases.filter {
      inside($0.steps, transaction: true) { step in
        if case .fail = step { true } else { false }
      }
    }
    #expect(crashes.count >= Self.cases.count / 10, "\(crashes.count) crash inside a transaction")
    #expect(relaunches.count >= Self.cases.count / 20, "\(relaunches.count) relaunches")
    #expect(throwsInside.count >= Self.cases.count / 10, "\(throwsInside.count) throws")
  }
}

extension SplitMix64 {
  /// A number in `0..<bound`, as the generated cases were drawn when they were written.
  fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
