import CommandTestSupport
import Commands
import Testing

/// A model file's `truth-tables:`: a scenario key whose rows name a function's inputs by
/// columns, with a reason function's words after each answer.
struct ModelTruthTableTests {
  static let model = """
    kind: model
    name: stock
    processes:
      shop:
        lanes: {main: serial}
        memory:
          items: {type: int, default: 0}
          opened: {type: day, default: 2026-01-01}
    functions:
      sells:
        params: {wanted: int}
        returns: bool
        body: "wanted <= shop.items && days(shop.opened, today) >= 0"
      why:
        params: {wanted: int}
        returns: text
        body: 'if wanted > shop.items then "only " + text(shop.items) + " left" else "enough"'
    sections:
      shop:
        items: {type: int, default: 0, min: 0, binds: shop.items, about: items on the shelf}
    truth-tables:
      sales:
        about: whether a sale of some items goes through
        function: sells
        reason: why
        columns:
          items: shop.items
          opened: shop.opened
          asked: {sets: wanted, about: items the customer wants}
          day: today
        expect: whether the sale goes through
    """

  static func scenario(_ rows: String) -> String {
    "name: s\nmodel: stock.model.yaml\nsales:\n" + rows
  }

  @Test("each row sets state, a parameter and today by its columns, and says the reason")
  func rowsRunThroughTheFunctionAndItsReason() throws {
    let result = try runBesideModel(
      Self.model, named: "stock",
      scenario: Self.scenario(
        """
          - {items: 3, opened: 2026-01-01, asked: 2, day: 2026-01-02, expect: true}
          - {items: 1, opened: 2026-01-01, asked: 2, day: 2026-01-02, expect: true}
          - {items: 5, opened: 2026-03-01, asked: 2, day: 2026-01-02, expect: false}
        """))
    #expect(result.status == .failure)
    #expect(
      lines(result.output) == [
        "racelab · stock · sales table",
        "scenario s",
        "#1  items 3 · opened 2026-01-01 · asked 2 · day 2026-01-02",
        "    → yes (enough) ✓",
        "#2  items 1 · opened 2026-01-01 · asked 2 · day 2026-01-02",
        "    → no (only 1 left) ✗ expected true",
        "#3  items 5 · opened 2026-03-01 · asked 2 · day 2026-01-02",
        "    → no (enough) ✓",
        "1 of 3 rows FAILED",
      ])
  }

  @Test("a row must give every column, within the bounds of the section key a column sets")
  func everyColumnIsRequiredAndBounded() throws {
    let result = try runBesideModel(
      Self.model, named: "stock",
      scenario: Self.scenario(
        """
          - {items: 1, asked: 2, day: 2026-01-02, expect: true}
          - {items: -1, opened: 2026-01-01, asked: 2, day: 2026-01-02, expect: true}
        """))
    #expect(result.status == .badInput)
    #expect(result.error.contains("s.yaml:4:5: error: a row of 'sales' needs 'opened:'"))
    #expect(
      result.error.contains("s.yaml:5:13: error: 'items' must be in 0...9223372036854775807"),
      "\(result.error)")
  }

  @Test("racelab schema lists the table with its columns' words")
  func schemaListsTheTable() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("stock.model.yaml", Self.model)
    let (status, output, error) = capture {
      SchemaCommand(model: folder.path("stock.model.yaml")).execute(console: $0)
    }
    #expect(status == .success, "\(error)")
    #expect(output.contains("items the customer wants"), "\(output)")
    #expect(output.contains("items: whole number ≥ 0, required — items on the shelf"), "\(output)")
  }
}
