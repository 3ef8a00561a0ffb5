/// A value's description that is the same in every run and process: `String(describing:)`,
/// except that a dictionary's entries and a set's members are sorted (their iteration order
/// differs between processes, and even between two equal dictionaries), here and inside
/// arrays, optionals, tuples, dictionaries and sets. A type's own `description` is its
/// author's to keep stable.
enum StableDescription {
  static func of(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .dictionary:
      let entries = mirror.children.map { entry -> String in
        let pair = Array(Mirror(reflecting: entry.value).children)
        guard pair.count == 2 else { return of(entry.value) }
        return "\(quoted(pair[0].value)): \(quoted(pair[1].value))"
      }
      return entries.isEmpty ? "[:]" : "[" + entries.sorted().joined(separator: ", ") + "]"
    case .set:
      return "[" + mirror.children.map { quoted($0.value) }.sorted().joined(separator: ", ") + "]"
    case .collection:
      return "[" + mirror.children.map { quoted($0.value) }.joined(separator: ", ") + "]"
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return of(wrapped.value)
    case .tuple:
      let items = mirror.children.map { child in
        let label = child.label.map { $0.hasPrefix(".") ? "" : "\($0): " } ?? ""
        return label + quoted(child.value)
      }
      return "(" + items.joined(separator: ", ") + ")"
    default:
      return String(describing: value)
    }
  }

  /// Text inside a collection as Swift writes it there: quoted, other values as ``of(_:)``.
  private static func quoted(_ value: Any) -> String {
    if let text = value as? String { return String(reflecting: text) }
    return of(value)
  }
}
