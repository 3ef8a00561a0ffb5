import Testing

@testable import Renderers

/// A rule is spelled out at its first citation in a trace and cited by name after that.
@Suite struct RuleGlossaryTests {
  func glossed(_ texts: [String]) -> [String] {
    var glossing = RuleGlossary.Glossing()
    return texts.map { text in
      guard case .more(let glossed) = glossing.gloss(.more(text)) else { return "" }
      return glossed
    }
  }

  @Test func aRuleIsSpelledOutOnceAtItsFirstCitation() {
    #expect(
      glossed(["sleeps (S2)", "sleeps again (S2)", "fires (S4) after (S2)"]) == [
        "sleeps (S2: the task suspends until the timer fires)",
        "sleeps again (S2)",
        "fires (S4: the timer completes the sleep; the task goes on when its lane runs it) "
          + "after (S2)",
      ])
  }

  @Test func twoCitationsOfOneRuleInOneLineSpellOutOnlyTheFirst() {
    #expect(
      glossed(["(S8) then (S8)"]) == [
        "(S8: yield puts the task at the back of its lane's queue and checks nothing) then (S8)"
      ])
  }

  @Test func aCitationInsideOtherParenthesesIsFound() {
    #expect(
      glossed(["done (see (S6)) and (not a rule) and (S99) and (S1 only"]) == [
        "done (see (S6: try? turns the error into nil and the next step runs)) and (not a rule) "
          + "and (S99) and (S1 only"
      ])
  }

  @Test func textWithoutACitationIsUnchanged() {
    #expect(
      glossed(["checkCancellation() ran", "", "(", ")("]) == [
        "checkCancellation() ran", "", "(", ")(",
      ])
  }
}
