import ModelLanguage
import YAML

extension ScenarioLimits {
  /// The problems of a file's tree that pass a limit: scalars too long, a timeline or table
  /// too long, a task body too long. Each is located at the value and names the limit.
  func problems(in root: YAMLNode) -> [Diagnostic] {
    var found: [Diagnostic] = []
    func visit(_ node: YAMLNode) {
      switch node.content {
      case .scalar(let text, _):
        if text.utf8.count > scalarBytes {
          found.append(
            Diagnostic(
              location: node.location,
              message: "a value of \(text.utf8.count) bytes is longer than the limit of "
                + "\(scalarBytes) (raise it with --limits scalar-bytes=N)"))
        }
      case .sequence(let items):
        for item in items { visit(item) }
      case .mapping(let entries):
        for entry in entries { visit(entry.value) }
      }
    }
    visit(root)
    guard case .mapping(let entries) = root.content else { return found }
    for entry in entries {
      guard case .sequence(let items) = entry.value.content else { continue }
      let (limit, name, what) =
        entry.key == "task"
        ? (taskSteps, "task-steps", "steps")
        : (happenings, "happenings", entry.key == "timeline" ? "happenings" : "rows")
      if items.count > limit {
        found.append(
          Diagnostic(
            location: entry.value.location,
            message: "'\(entry.key)' has \(items.count) \(what), more than the limit of "
              + "\(limit) (raise it with --limits \(name)=N)"))
      }
    }
    return found
  }
}
