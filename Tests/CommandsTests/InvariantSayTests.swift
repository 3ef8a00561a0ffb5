import CommandTestSupport
import Foundation
import Testing

/// An invariant's `say:` may show what broke it: its `{…}` parts read state and records when
/// the break is traced, as a `say:` step's do.
struct InvariantSayTests {
  static func model(say: String) -> String {
    """
    kind: model
    name: stock
    processes:
      shop:
        lanes: {main: serial}
        persisted:
          stock: {type: int, default: 1}
    events:
      sell:
        on: main
        steps:
          - set: {shop.stock: "shop.stock - 1"}
    invariants:
      never-negative:
        always: "shop.stock >= 0"
        say: "\(say)"

    """
  }

  static let scenario = """
    name: s
    model: ./stock.model.yaml
    timeline:
      - {at: 1s, event: sell}
      - {at: 2s, event: sell}

    """

  func run(say: String) throws -> ProcessOutput {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("stock.model.yaml", Self.model(say: say))
    try folder.write("s.yaml", Self.scenario)
    return try runRacelab(["run", "s.yaml"], in: folder.url)
  }

  @Test func theBrokenLineShowsTheValuesItReads() throws {
    let run = try run(say: "sold past zero: {shop.stock} in stock")
    #expect(run.status == 0, "\(run.errorText)")
    let broken = run.outputText.split(separator: "\n").filter { $0.hasPrefix("!!") }
    #expect(broken.count == 1)
    #expect(
      broken.first?.hasSuffix("sold past zero: -1 in stock · invariant never-negative") == true)
  }

  @Test func aPartThatNamesNothingIsAnErrorAtItsPlace() throws {
    let run = try run(say: "sold past zero: {shop.stok}")
    #expect(run.status == 2)
    #expect(run.errorText.contains("stock.model.yaml:16:"), "\(run.errorText)")
    #expect(run.errorText.contains("shop.stok"), "\(run.errorText)")
  }
}
