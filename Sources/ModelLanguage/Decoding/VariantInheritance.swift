import YAML

/// `extends:`: a variant starts from another variant's code instead of the model as written.
/// Chains are resolved at load, so that each variant of the checked program is complete.
extension ModelFileDecoder {
  /// Finds the variant each one extends, and cuts every cycle of `extends:` once reported, so
  /// that every chain ends at the model as written.
  mutating func resolveExtends(_ declared: [[YAMLMapEntry]]) {
    let names = variants.map(\.name)
    variantParents = declared.map { fields in
      guard let entry = fields.entry("extends"),
        let name = context.scalar(entry.value, "'extends'")
      else { return nil }
      guard let index = names.firstIndex(of: name) else {
        context.unknown("variant", name, at: entry.value.location, known: names)
        return nil
      }
      return index
    }
    var seen: Set<Int> = []
    for start in variants.indices where !seen.contains(start) {
      var path = [start]
      var next = variantParents[start]
      while let current = next, current != start, !path.contains(current) {
        path.append(current)
        next = variantParents[current]
      }
      guard next == start, let location = declared[start].entry("extends")?.value.location
      else { continue }
      let cycle = (path + [start]).map { variants[$0].name }
      context.error(
        location,
        path.count == 1
          ? "variant '\(cycle[0])' extends itself"
          : "variants extend each other in a cycle: " + cycle.joined(separator: " → "))
      seen.formUnion(path)
      variantParents[start] = nil
    }
  }

  /// The variant whose own code is what `variant` runs for a part, `replaces` telling whether
  /// a variant replaces it itself: `variant`, else the nearest variant it extends that does;
  /// `nil` for the part as the model writes it.
  func owner(in variant: Int?, _ replaces: (VariantDecl) -> Bool) -> Int? {
    var current = variant
    while let index = current {
      if replaces(variants[index]) { return index }
      current = variantParents[index]
    }
    return nil
  }

  /// Every variant with what it inherits: its own replacements, then those of the variants it
  /// extends, nearest first.
  func inheritedVariants() -> [VariantDecl] {
    variants.indices.map { index in
      var variant = variants[index]
      var ancestor = variantParents[index]
      while let current = ancestor {
        let inherited = variants[current]
        variant.bodies.merge(inherited.bodies) { own, _ in own }
        variant.functions.merge(inherited.functions) { own, _ in own }
        variant.handlers.merge(inherited.handlers) { own, _ in own }
        variant.periodic.merge(inherited.periodic) { own, _ in own }
        variant.initial.merge(inherited.initial) { own, _ in own }
        // An inherited `about:` goes with the inherited steps, not with steps replaced here.
        for (index, about) in inherited.abouts where variant.abouts[index] == nil {
          if variant.bodies[index] == inherited.bodies[index] { variant.abouts[index] = about }
        }
        ancestor = variantParents[current]
      }
      return variant
    }
  }
}
