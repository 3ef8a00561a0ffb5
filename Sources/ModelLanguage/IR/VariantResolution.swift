extension ModelProgram {
  /// The program as `variant` has it: its operation bodies, functions, handlers, periodic jobs
  /// and initial values in place of the written ones, so that a run reads one flat program.
  public func resolved(_ variant: VariantDecl) -> ModelProgram {
    var program = self
    for (index, body) in variant.bodies {
      // Replaced steps keep only the variant's own words for what they do.
      program.operations[index].body = body
      program.operations[index].about = variant.abouts[index]
    }
    for (index, body) in variant.functions { program.functions[index].body = body }
    for (index, body) in variant.handlers { program.events[index].action = .handler(body) }
    for (index, job) in variant.periodic { program.periodic[index] = job }
    for (slot, value) in variant.initial { program.state[slot].initial = value }
    return program
  }

  /// The program as the variant named `name` has it; as written when no variant has that name.
  public func resolved(variant name: String) -> ModelProgram {
    variants.first { $0.name == name }.map(resolved) ?? self
  }

  /// The program as written, then as each variant has it, in declaration order.
  public var everyVariant: [ModelProgram] {
    [self] + variants.map(resolved)
  }
}
