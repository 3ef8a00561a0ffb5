import ModelLanguage

/// Finds whether a program reads `now` or `wall` anywhere (a bounded-response invariant reads
/// the clock for its deadlines). Exploring a windowed arrival
/// exactly relies on a model reading time only through the kernel (`today`), so a scenario
/// with windows is refused for such a model rather than explored wrongly.
enum ClockReads {
  static func any(in program: ModelProgram, bodies: [Body]) -> Bool {
    if bodies.contains(where: { reads($0.steps) }) { return true }
    if program.functions.contains(where: { reads($0.body) }) { return true }
    if program.summary.contains(where: { reads($0.value) }) { return true }
    for event in program.events {
      if case .handler(let body) = event.action, reads(body.steps) { return true }
    }
    for invariant in program.invariants {
      switch invariant.check {
      case .always(let value), .settled(let value), .atEnd(let value):
        if reads(value) { return true }
      case .response:
        // Its deadlines are instants on the virtual clock.
        return true
      }
    }
    return false
  }

  /// Every `may-crash` label of the program's bodies (variants included), in order of first
  /// appearance.
  static func crashLabels(in program: ModelProgram) -> [String] {
    var labels: [String] = []
    func visit(_ steps: [Step]) {
      for step in steps {
        if case .mayCrash(let label) = step.kind, !labels.contains(label) { labels.append(label) }
        for block in step.kind.blocks { visit(block) }
      }
    }
    for operation in program.operations { visit(operation.body.steps) }
    for variant in program.variants {
      for index in variant.bodies.keys.sorted() { visit(variant.bodies[index]?.steps ?? []) }
    }
    return labels
  }

  static func reads(_ steps: [Step]) -> Bool {
    steps.containsStep { $0.expressions.contains(where: reads) }
  }

  static func reads(_ expression: Expression) -> Bool {
    expression.contains { $0 == .now || $0 == .wall }
  }
}
