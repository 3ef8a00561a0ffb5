import ModelLanguage

/// The `may-crash` points of a program.
enum CrashLabels {
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
    for resolved in program.everyVariant {
      for operation in resolved.operations { visit(operation.body.steps) }
      for event in resolved.events {
        if case .handler(let body) = event.action { visit(body.steps) }
      }
    }
    return labels
  }
}
