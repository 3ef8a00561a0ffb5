import YAML

/// Refuses recursion: operations that `call` each other in a cycle, and functions that call each
/// other in a cycle, in the code as written or as any variant has it (its own replacements, then
/// those it inherits).
extension ModelFileDecoder {
  mutating func checkCallCycles() {
    var reported: Set<String> = []
    for variant in [nil] + variants.indices.map(Optional.some) {
      let operationSites = operationCalls.filter { site in
        site.variant == owner(in: variant) { $0.bodies[site.from] != nil }
      }
      let functionSites = functionCalls.filter { site in
        site.variant == owner(in: variant) { $0.functions[site.from] != nil }
      }
      report(
        Self.cycles(nodes: operations.count, sites: operationSites), "operation",
        names: operations.map(\.name), in: variant, reported: &reported)
      report(
        Self.cycles(nodes: functions.count, sites: functionSites), "function",
        names: functions.map(\.name), in: variant, reported: &reported)
    }
  }

  /// Reports each cycle once, at the call that closes it, naming the variant whose code that
  /// call is (or, for a call as written, the variant whose code closes the cycle elsewhere).
  private mutating func report(
    _ cycles: [(path: [Int], site: CallSite)], _ kind: String, names: [String],
    in variant: Int?, reported: inout Set<String>
  ) {
    for cycle in cycles {
      let path = cycle.path.map { names[$0] }
      guard reported.insert(kind + " " + path.sorted().joined(separator: " ")).inserted else {
        continue
      }
      let inVariant =
        (cycle.site.variant ?? variant).map { " (in variant '\(variants[$0].name)')" } ?? ""
      context.error(
        cycle.site.location,
        path.count == 1
          ? "\(kind) '\(path[0])' calls itself\(inVariant); recursion is not allowed"
          : "\(kind)s call each other in a cycle\(inVariant): "
            + (path + [path[0]]).joined(separator: " → ") + "; recursion is not allowed")
    }
  }

  /// Every cycle a depth-first search meets, each with the call that closes it. Iterative, so
  /// a long chain of calls cannot exhaust the stack.
  static func cycles(nodes: Int, sites: [CallSite]) -> [(path: [Int], site: CallSite)] {
    var edges = Array(repeating: [CallSite](), count: nodes)
    for site in sites where site.from < nodes && site.to < nodes { edges[site.from].append(site) }
    var color = Array(repeating: 0, count: nodes)  // 0 new, 1 on the stack, 2 done
    var found: [(path: [Int], site: CallSite)] = []
    for root in 0..<nodes where color[root] == 0 {
      var stack: [(node: Int, next: Int)] = [(root, 0)]
      color[root] = 1
      while let top = stack.last {
        guard top.next < edges[top.node].count else {
          color[top.node] = 2
          stack.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let site = edges[top.node][top.next]
        switch color[site.to] {
        case 0:
          color[site.to] = 1
          stack.append((site.to, 0))
        case 1:
          let start = stack.lastIndex { $0.node == site.to } ?? 0
          found.append((stack[start...].map(\.node), site))
        default:
          break
        }
      }
    }
    return found
  }
}
