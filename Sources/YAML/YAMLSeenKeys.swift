/// The keys a mapping has used so far, for duplicate-key errors. Scenario mappings have a
/// handful of keys, so they are kept in a small array; past sixteen a dictionary takes over, so
/// a mapping with many keys stays linear.
struct YAMLSeenKeys {
  private var few: [(key: String, location: SourceLocation)] = []
  private var many: [String: SourceLocation]?

  /// Where `key` was first used, if it was.
  func location(of key: String) -> SourceLocation? {
    if let many { return many[key] }
    return few.first { $0.key == key }?.location
  }

  /// Records the first use of `key`.
  mutating func insert(_ key: String, at location: SourceLocation) {
    if many != nil {
      many?[key] = location
    } else if few.count < 16 {
      few.append((key, location))
    } else {
      var table = Dictionary(
        few.map { ($0.key, $0.location) }, uniquingKeysWith: { first, _ in first })
      table[key] = location
      many = table
      few = []
    }
  }
}
