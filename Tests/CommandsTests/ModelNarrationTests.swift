import CommandTestSupport
import Commands
import Foundation
import Testing

/// A model file tells its runs in its own words: the start line's facts (`start:`), the closing
/// figures (`figures:`), lines under a heading of their own (`say … heading:`), records kept out
/// of the trace (`record … quiet:`), operations named by a title (`title:`), values turned into
/// words inside an expression (`text(x)`, `join(list, sep)`), and what a caught cancellation did.
struct ModelNarrationTests {
  static let model = """
    kind: model
    name: shop
    processes:
      app:
        lanes: {main: serial}
        memory:
          stock: {type: int, default: 3}
          sold: {type: list, of: int}
          open: {type: bool, default: true}
    records:
      sale: {n: int}
    operations:
      deliver:
        title: late delivery
        steps:
          - sleep: 1s
            on-cancel: return
          - say: "delivered {text(app.stock) + \\" left\\"}"
            heading: van
    events:
      buy:
        params:
          n: int
        steps:
          - set: {app.stock: "app.stock - n", app.sold: "app.sold + [n]"}
          - record: sale
            with: {n: n}
            quiet: true
          - say: "sold {n}"
          - spawn: deliver
            into: task
          - say: "sold so far: {join(app.sold, \\" + \\")}"
      close:
        steps:
          - set: {app.open: false}
    start:
      - "stock {app.stock}"
      - say: "shop closed"
        when: "!app.open"
    summary:
      sales: recorded(sale)
      stock: app.stock
    figures: '{sales} sale{if sales == 1 then "" else "s"}, {stock} left'

    """

  func run(
    _ timeline: String, format: RunCommand.Format = .text, model: String = Self.model
  ) throws -> (status: ExitStatus, output: String, error: String) {
    try runBesideModel(
      model, named: "shop", scenario: "name: s\nmodel: ./shop.model.yaml\ntimeline:\n\(timeline)",
      format: format)
  }

  @Test func theStartLineHasTheModelsFactsThatHold() throws {
    let (status, output, error) = try run("  - {at: 0s, event: buy, n: 1}\n")
    #expect(status == .success, "\(error)")
    let start = try #require(lines(output).first { $0.hasPrefix("start ") })
    #expect(start.hasSuffix(" · stock 3"), "\(start)")
  }

  @Test func theFiguresAreTheModelsSentenceAndTheSummaryKeepsItsKeys() throws {
    let (status, output, error) = try run(
      "  - {at: 0s, event: buy, n: 1}\n  - {at: 2s, event: buy, n: 1}\n")
    #expect(status == .success, "\(error)")
    #expect(lines(output).contains("2 sales, 1 left"), "\(output)")
    #expect(!output.contains("@figures"))
    let (_, json, _) = try run("  - {at: 0s, event: buy, n: 1}\n", format: .json)
    #expect(json.contains("\"sales\""))
    #expect(!json.contains("@figures"), "\(json)")
  }

  @Test func aQuietRecordCountsWithoutALine() throws {
    let (_, output, _) = try run("  - {at: 0s, event: buy, n: 2}\n")
    #expect(!output.contains("recorded sale"), "\(output)")
    #expect(lines(output).contains("1 sale, 1 left"), "\(output)")
  }

  @Test func sayGoesOnWithTheJobAndAHeadingOpensALineUnderTheTask() throws {
    let (_, output, _) = try run("  - {at: 0s, event: buy, n: 2}\n")
    let rows = lines(output)
    let buy = try #require(rows.firstIndex { $0.contains(" buy 2 ") })
    #expect(rows[buy].hasSuffix("sold 2"), "\(rows[buy])")
    #expect(rows.contains { $0.hasSuffix("sold so far: 2") }, "\(output)")
    #expect(
      rows.contains { $0.contains(" T1 van ") && $0.hasSuffix("delivered 1 left") }, "\(output)")
  }

  @Test func aTitleNamesTheOperationsTasks() throws {
    let (_, output, _) = try run("  - {at: 0s, event: buy, n: 1}\n")
    #expect(output.contains("T1 created (late delivery)"), "\(output)")
    #expect(!output.contains("created (deliver"), "\(output)")
  }

  @Test func joinShowsEveryItemBetweenItsSeparators() throws {
    let (_, output, _) = try run(
      "  - {at: 0s, event: buy, n: 1}\n  - {at: 2s, event: buy, n: 2}\n")
    #expect(output.contains("sold so far: 1 + 2"), "\(output)")
  }

  @Test func aFactWhoseConditionFailsIsLeftOut() throws {
    let closedAtStart = Self.model.replacingOccurrences(
      of: "open: {type: bool, default: true}", with: "open: {type: bool, default: false}")
    let (_, output, _) = try run("  - {at: 0s, event: close}\n", model: closedAtStart)
    #expect(lines(output).contains { $0.hasSuffix(" · stock 3 · shop closed") }, "\(output)")
    let (_, open, _) = try run("  - {at: 0s, event: close}\n")
    #expect(!open.contains("shop closed"), "\(open)")
  }
}
