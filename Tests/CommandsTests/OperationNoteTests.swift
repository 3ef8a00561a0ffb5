import CommandTestSupport
import Foundation
import Testing

/// An operation's `about:` is said where a task first calls it, as the variant has it: steps a
/// variant replaces keep only the variant's own words.
struct OperationNoteTests {
  static let model = """
    kind: model
    name: shop
    processes:
      app:
        lanes: {main: serial}
    operations:
      buy:
        on: main
        steps:
          - call: pay
          - call: pay
      pay:
        about: the card is charged before the order is saved
        on: main
        steps:
          - return
    events:
      tap:
        on: main
        steps:
          - spawn: buy
    variants:
      original:
        about: as written
      fixed:
        about: the order first
        operations:
          pay:
            steps:
              - return

    """

  func run(variant: String) throws -> String {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("shop.model.yaml", Self.model)
    try folder.write(
      "s.yaml",
      "name: s\nmodel: ./shop.model.yaml\nvariant: \(variant)\ntimeline:\n  - {at: 0s, event: tap}\n"
    )
    let run = try runRacelab(["run", "s.yaml"], in: folder.url)
    #expect(run.status == 0, "\(run.errorText)")
    return run.outputText
  }

  @Test func theFirstCallSaysWhatTheOperationDoesAndLaterCallsDoNot() throws {
    let text = try run(variant: "original")
    #expect(
      text.components(separatedBy: "T1 calls pay (the card is charged before the order is saved)")
        .count == 2)
    #expect(text.contains("T1 calls pay\n"))
  }

  @Test func stepsAVariantReplacesDropTheWordsOfTheStepsTheyReplace() throws {
    let text = try run(variant: "fixed")
    #expect(!text.contains("the card is charged"))
    #expect(text.contains("T1 calls pay\n"))
  }
}
