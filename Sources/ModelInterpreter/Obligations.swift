import ModelContract
import ModelLanguage
import RacelabKernel

/// An obligation a bounded-response invariant opened: `then` must hold by `deadline`.
struct Obligation: Sendable, Hashable {
  /// The invariant, by index.
  var invariant: Int
  /// The record row that opened it (its fields are `then`'s locals); empty for `when:`.
  var row: [Value]
  /// When it opened and by when `then` must hold, on the virtual clock (durations, or clock
  /// terms when they follow from a windowed arrival).
  var opened: Value
  var deadline: Value
}

/// Bounded-response invariants (`for-each`/`when`, `then`, `within`): liveness on the virtual
/// clock. An obligation opens with each row of its record (or each time its condition turns
/// true) and closes as soon as `then` holds after a job. The clock moving past its deadline
/// with `then` still false breaks it; no check adds a happening of its own, so invariants
/// never change what runs or what `explore` tries.
extension InterpretedModel {
  /// Opens an obligation for every `for-each: RECORD` invariant, for the row just recorded.
  mutating func openObligations(
    for record: Int, row: [Value], context: inout SimulationContext<InterpretedModel>
  ) {
    for (index, invariant) in program.invariants.enumerated() {
      guard case .response(let response) = invariant.check,
        case .record(let trigger) = response.trigger, trigger == record
      else { continue }
      open(index, response, row: row, context: &context)
    }
  }

  private mutating func open(
    _ invariant: Int, _ response: InvariantDecl.Response, row: [Value],
    context: inout SimulationContext<InterpretedModel>
  ) {
    let now = clockRead(context.now.nanoseconds, isInstant: false, context: &context)
    let deadline =
      (try? clockArithmetic(.add, now, .duration(response.within), .duration, context: &context))
      ?? nil
    let (fixed, overflow) = context.now.nanoseconds.addingReportingOverflow(response.within)
    obligations.append(
      Obligation(
        invariant: invariant, row: row, opened: now,
        deadline: deadline ?? .duration(overflow ? .max : fixed)))
  }

  /// Whether `deadline` lies before now (settled exactly when either follows from a window).
  private func hasPassed(
    _ deadline: Value, context: inout SimulationContext<InterpretedModel>
  ) -> Bool {
    let now = clockRead(context.now.nanoseconds, isInstant: false, context: &context)
    return clockComparison(.less, deadline, now, context: &context)
      ?? (deadline.integer < context.now.nanoseconds)
  }

  /// After every job: breaks the obligations whose deadline the clock has passed, opens those
  /// whose `when:` turned true, and closes those whose `then` holds now.
  mutating func checkResponses(context: inout SimulationContext<InterpretedModel>) {
    guard !failed, code.compiled.hasResponses else { return }
    let model = self
    breakObligations(context: &context) { model.hasPassed($0.deadline, context: &$1) }
    for (index, invariant) in program.invariants.enumerated() {
      guard case .response(let response) = invariant.check,
        case .condition(let condition) = response.trigger
      else { continue }
      guard let holds = holds(condition, locals: [], invariant: index, context: &context) else {
        return
      }
      if holds && !triggerHeld[index] { open(index, response, row: [], context: &context) }
      triggerHeld[index] = holds
    }
    var open: [Obligation] = []
    for obligation in obligations {
      guard case .response(let response) = program.invariants[obligation.invariant].check,
        let holds = holds(
          response.then, locals: Locals(obligation.row), invariant: obligation.invariant,
          context: &context)
      else { return }
      if !holds { open.append(obligation) }
    }
    obligations = open
  }

  /// At the end of the run: an obligation still open is broken when its deadline has passed
  /// or when nothing was left to happen (nothing could have closed it); when `until:` stopped
  /// the run before its deadline, it is reported as open.
  mutating func closeResponses(context: inout SimulationContext<InterpretedModel>) {
    guard !failed, code.compiled.hasResponses else { return }
    let stopped = context.stoppedAtStopTime
    let model = self
    breakObligations(context: &context) {
      !stopped || model.hasPassed($0.deadline, context: &$1)
    }
    for obligation in obligations {
      let name = program.invariants[obligation.invariant].name
      context.note(
        ModelNote(
          kind: "obligation-open", subject: name,
          detail: [
            "\(name) still open: opened at \(time(obligation.opened)), due by "
              + "\(time(obligation.deadline)), after the run stops"
          ]))
    }
  }

  /// Reports and removes the obligations `isBroken` picks.
  private mutating func breakObligations(
    context: inout SimulationContext<InterpretedModel>,
    _ isBroken: (Obligation, inout SimulationContext<InterpretedModel>) -> Bool
  ) {
    var open: [Obligation] = []
    for obligation in obligations {
      guard isBroken(obligation, &context) else {
        open.append(obligation)
        continue
      }
      let invariant = program.invariants[obligation.invariant]
      let when = "opened at \(time(obligation.opened)), not met by \(time(obligation.deadline))"
      // Read in every run, as `check` does.
      let said = invariant.say == nil ? nil : breakText(of: invariant, context: &context)
      context.reportViolation(
        invariant.name, detail: said.map { "\($0) (\(when))" } ?? "\(invariant.name): \(when)")
    }
    obligations = open
  }

  /// Whether `condition` holds with `locals`; `nil` when evaluating it stopped the run.
  private mutating func holds(
    _ condition: Expression, locals: Locals, invariant: Int,
    context: inout SimulationContext<InterpretedModel>
  ) -> Bool? {
    do {
      return try evaluate(condition, Scope(locals: locals, task: nil), context: &context).isTrue
    } catch {
      _ = fail(
        "invariant \(program.invariants[invariant].name): \(error.message)", context: &context)
      return nil
    }
  }

  private func time(_ value: Value) -> String {
    code.text(value.atWitness, as: .duration)
  }
}
