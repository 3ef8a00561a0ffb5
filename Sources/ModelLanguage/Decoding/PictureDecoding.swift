import YAML

/// `picture:`: the state rows a model's picture draws under its lanes, each a value over time.
extension ModelFileDecoder {
  static let pictureKeys = ["rows"]

  /// The rows of `picture: {rows: …}`: a list of expressions (each row called by its text,
  /// `app.account`) or a mapping of a row's name to its expression (`account: app.account`).
  mutating func decodePicture(_ node: YAMLNode) -> [PictureRowDecl] {
    guard let entries = context.mapping(node, "'picture'") else { return [] }
    context.checkKeys(entries, allowed: Self.pictureKeys, in: "'picture'")
    guard let rows = entries.entry("rows") else { return [] }
    var named: [(label: String, node: YAMLNode)] = []
    if case .mapping(let pairs) = rows.value.content {
      named = pairs.map { ($0.key, $0.value) }
    } else if let items = context.sequence(rows.value, "'picture: rows'") {
      for item in items {
        guard let text = context.scalar(item, "a picture row") else { continue }
        named.append((text, item))
      }
    }
    var decls: [PictureRowDecl] = []
    for (label, value) in named {
      guard let typed = rule(value, "picture row '\(label)'", type: nil) else { continue }
      switch typed.type.stripped.element {
      case .table, .row:
        context.error(
          value.location,
          "picture row '\(label)' is \(describe(typed.type)); a picture row shows one value, such as "
            + "a state variable or a column of best(…)")
        continue
      default:
        decls.append(PictureRowDecl(label: label, type: typed.type, value: typed.expression))
      }
    }
    return decls
  }
}
