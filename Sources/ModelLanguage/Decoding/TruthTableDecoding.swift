import ModelContract
import YAML

/// `truth-tables:`: the tables a scenario may give instead of a timeline, each a function
/// evaluated over rows whose columns name its inputs.
extension ModelFileDecoder {
  static let truthTableKeys = ["about", "function", "reason", "columns", "expect"]
  static let truthColumnKeys = ["sets", "about"]

  /// `truth-tables: {NAME: {function, reason, columns: {COLUMN: TARGET}, about, expect}}`,
  /// read once functions and sections are known.
  mutating func decodeTruthTables(_ node: YAMLNode, sections: [SectionDecl])
    -> [TruthTableDecl]
  {
    guard let entries = context.mapping(node, "'truth-tables'") else { return [] }
    var tables: [TruthTableDecl] = []
    for entry in entries {
      let what = "truth table '\(entry.key)'"
      let sectionNames = sections.map(\.name)
      if Self.reservedSections.contains(entry.key) || sectionNames.contains(entry.key)
        || functions.contains(where: { $0.name == entry.key })
      {
        context.error(
          entry.keyLocation,
          "a truth table cannot be named '\(entry.key)': a scenario key, a section or a "
            + "function has that name")
        continue
      }
      guard let fields = context.mapping(entry.value, what) else { continue }
      context.checkKeys(fields, allowed: Self.truthTableKeys, in: what)
      guard let table = truthTable(entry.key, fields, at: entry.keyLocation, sections: sections)
      else { continue }
      tables.append(table)
    }
    return tables
  }

  private mutating func truthTable(
    _ name: String, _ fields: [YAMLMapEntry], at location: SourceLocation,
    sections: [SectionDecl]
  ) -> TruthTableDecl? {
    let what = "truth table '\(name)'"
    guard let functionEntry = fields.entry("function"), let columnsEntry = fields.entry("columns")
    else {
      context.error(location, "\(what) needs 'function:' and 'columns:'")
      return nil
    }
    guard let function = functionIndex(functionEntry.value) else { return nil }
    var reason: Int?
    if let reasonEntry = fields.entry("reason") {
      guard let index = functionIndex(reasonEntry.value) else { return nil }
      guard functions[index].result == .text else {
        context.error(
          reasonEntry.value.location,
          "'reason' of \(what) names '\(functions[index].name)', which returns "
            + "\(describe(functions[index].result)); a reason returns text")
        return nil
      }
      reason = index
    }
    let called = [function] + (reason.map { [$0] } ?? [])
    guard
      let columns = truthColumns(columnsEntry.value, what, called: called, sections: sections)
    else { return nil }
    for index in called {
      for parameter in functions[index].parameters
      where !columns.contains(where: { $0.target == .parameter(parameter.name) }) {
        context.error(
          columnsEntry.keyLocation,
          "no column of \(what) sets '\(parameter.name)', a parameter of "
            + "'\(functions[index].name)'")
        return nil
      }
    }
    let about = fields.entry("about").flatMap { context.scalar($0.value, "'about' of \(what)") }
    let expect = fields.entry("expect").flatMap {
      context.scalar($0.value, "'expect' of \(what)")
    }
    return TruthTableDecl(
      name: name, about: about, function: function, reason: reason, columns: columns,
      expectAbout: expect)
  }

  /// The function a scalar names, by index.
  private mutating func functionIndex(_ node: YAMLNode) -> Int? {
    guard let name = context.scalar(node, "a function name") else { return nil }
    guard let index = functions.firstIndex(where: { $0.name == name }) else {
      context.unknown("function", name, at: node.location, known: functions.map(\.name))
      return nil
    }
    return index
  }

  /// `COLUMN: TARGET` or `COLUMN: {sets: TARGET, about: TEXT}`, where the target is a
  /// parameter of a function the table calls, a state variable or `today`.
  private mutating func truthColumns(
    _ node: YAMLNode, _ what: String, called: [Int], sections: [SectionDecl]
  ) -> [TruthTableDecl.Column]? {
    guard let entries = context.mapping(node, "'columns' of \(what)") else { return nil }
    var columns: [TruthTableDecl.Column] = []
    for entry in entries {
      if entry.key == "expect" {
        context.error(
          entry.keyLocation, "a column cannot be named 'expect': it holds the row's answer")
        return nil
      }
      var targetNode = entry.value
      var about: String?
      if case .mapping = entry.value.content {
        guard let fields = context.mapping(entry.value, "column '\(entry.key)'") else {
          return nil
        }
        context.checkKeys(fields, allowed: Self.truthColumnKeys, in: "column '\(entry.key)'")
        guard let sets = fields.entry("sets") else {
          context.error(entry.value.location, "column '\(entry.key)' needs 'sets:'")
          return nil
        }
        targetNode = sets.value
        about = fields.entry("about").flatMap { context.scalar($0.value, "'about'") }
      }
      guard let written = context.scalar(targetNode, "what column '\(entry.key)' sets"),
        var column = truthColumn(entry.key, written, at: targetNode.location, called: called)
      else { return nil }
      if case .state(let slot) = column.target {
        column.bounds =
          sections.lazy.flatMap(\.keys).first { $0.binds == slot }?.bounds ?? ScenarioBounds()
      }
      if let about { column.bounds.about = about }
      columns.append(column)
    }
    return columns
  }

  /// The column `name` that sets `written`, if a scenario can write a value of its type.
  private mutating func truthColumn(
    _ name: String, _ written: String, at location: SourceLocation, called: [Int]
  ) -> TruthTableDecl.Column? {
    let target: TruthTableDecl.Target
    let type: ValueType
    if written == "today" {
      (target, type) = (.today, .day)
    } else if let parameter = called.flatMap({ functions[$0].parameters }).first(where: {
      $0.name == written
    }) {
      let types = Set(
        called.compactMap { functions[$0].parameters.first { $0.name == written }?.type })
      guard types.count == 1 else {
        context.error(
          location,
          "'\(written)' is a parameter of both functions the table calls, of different types")
        return nil
      }
      (target, type) = (.parameter(written), parameter.type)
    } else if let slot = stateSlots[written] {
      (target, type) = (.state(slot), state[slot].type)
    } else {
      let parameters = called.flatMap { functions[$0].parameters.map(\.name) }
      context.unknown(
        "parameter or state variable", written, at: location,
        known: ["today"] + parameters + state.map(\.name))
      return nil
    }
    guard ModelProgram.kind(of: type, enums: enums) != nil else {
      context.error(
        location, "a scenario cannot write '\(written)', of type \(describe(type))")
      return nil
    }
    return TruthTableDecl.Column(name: name, target: target, bounds: ScenarioBounds())
  }
}
