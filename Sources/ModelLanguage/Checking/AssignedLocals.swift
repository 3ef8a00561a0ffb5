import YAML

/// The local slots steps set, nested blocks included (a `guard`'s `else`, which always leaves,
/// excepted), so that narrowing does not outlive a later assignment.
enum AssignedLocals {
  static func slots(in steps: [Step]) -> Set<Int> {
    var slots = Set<Int>()
    visit(steps, into: &slots)
    return slots
  }

  private static func visit(_ steps: [Step], into slots: inout Set<Int>) {
    for step in steps {
      switch step.kind {
      case .assignLocal(let slot, _): slots.insert(slot)
      case .call(_, _, let into), .await(_, let into): if let into { slots.insert(into) }
      case .spawn(let spawn): if let into = spawn.into { slots.insert(into) }
      case .if(_, let then, let otherwise):
        visit(then, into: &slots)
        visit(otherwise, into: &slots)
      case .try(let body, let catches):
        visit(body, into: &slots)
        for clause in catches { visit(clause.steps, into: &slots) }
      case .transaction(let inner): visit(inner, into: &slots)
      case .choose(let branches): for branch in branches { visit(branch.steps, into: &slots) }
      case .repeat(_, let index, let inner):
        if let index { slots.insert(index) }
        visit(inner, into: &slots)
      case .forEach(let local, _, let inner):
        slots.insert(local)
        visit(inner, into: &slots)
      case .guard, .assignState, .return, .sleep, .sleepWithin, .guardNotCancelled,
        .checkCancellation, .yield,
        .cancel, .throw, .mayCrash, .lifecycle, .after, .afterEvent, .check, .record, .say, .insert,
        .update,
        .delete,
        .setColumn:
        break
      }
    }
  }
}
