import YAML

/// Refuses recursion: operations that `call` each other in a cycle (in the bodies as written or
/// in a variant's), and functions that call each other in a cycle.
extension ModelFileDecoder {
  mutating func checkCallCycles() {
    var reported: Set<String> = []
    for variant in [nil] + variants.indices.map(Optional.some) {
      let sites = operationCalls.filter { site in
        let replaced = variant.map { variants[$0].bodies[site.from] != nil } ?? false
        return replaced ? site.variant == variant : site.variant == nil
      }
      for cycle in Self.cycles(nodes: operations.count, sites: sites) {
        let names = cycle.path.map { operations[$0].name }
        guard reported.insert(names.sorted().joined(separator: " ")).inserted else { continue }
        let inVariant = cycle.site.variant.map { " (in variant '\(variants[$0].name)')" } ?? ""
        context.error(
          cycle.site.location,
          names.count == 1
            ? "operation '\(names[0])' calls itself\(inVariant); recursion is not allowed"
            : "operations call each other in a cycle\(inVariant): "
              + (names + [names[0]]).joined(separator: " → ") + "; recursion is not allowed")
      }
    }
    for cycle in Self.cycles(nodes: functions.count, sites: functionCalls) {
      let names = cycle.path.map { functions[$0].name }
      context.error(
        cycle.site.location,
        names.count == 1
          ? "function '\(names[0])' calls itself; recursion is not allowed"
          : "functions call each other in a cycle: "
            + (names + [names[0]]).joined(separator: " → ") + "; recursion is not allowed")
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
