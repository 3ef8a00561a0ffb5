import ModelContract
import ModelInterpreter
import RacelabKernel
import Testing

/// A model file's state compares and hashes through its synthesized `Hashable`: every stored
/// property counts except the few marked as not compared, so a property added later is
/// compared without another step, and equal programs give equal states however often they
/// were compiled (each thread of an exploration compiles its own).
@Suite struct StateComparisonTests {
  static func setup(_ variant: String) -> ModelSetup {
    ModelSetup(
      variant: variant, sections: [ModelFileDefinition.stateSection: NamedValues()],
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
  }

  /// Besides the code, the start and two run counters: the number the next transaction's
  /// first write gets (only the order of the numbers given matters, and the next is above them
  /// all) and what a dying process restored (empty between jobs); the closing summary, set
  /// only when the run has ended; and which records grew since the last check (a record that
  /// did not grow left the invariants that read only records as `broken` says).
  @Test func onlyTheCodeTheStartAndRunCountersAreLeftOutOfTheComparison() {
    let model = ModelFileDefinition(DeviceIdentityProgram.program).makeModel(
      Self.setup("original"))
    let left = Mirror(reflecting: model).children.filter {
      String(describing: type(of: $0.value)).hasPrefix("NotCompared<")
    }
    #expect(
      Set(left.compactMap(\.label)) == [
        "_code", "_initialState", "_instructionsRun", "_running", "_journalWrites",
        "_restoredAtDeath", "_closingSummary", "_recordsGrown",
      ])
    #expect(Mirror(reflecting: model).children.count > left.count + 10)
  }

  @Test func twoCompilationsOfOneProgramMakeEqualStates() {
    let first = ModelFileDefinition(DeviceIdentityProgram.program).makeModel(
      Self.setup("original"))
    let second = ModelFileDefinition(DeviceIdentityProgram.program).makeModel(
      Self.setup("original"))
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
  }

  @Test func statesThatDifferInAComparedValueDiffer() throws {
    let definition = ModelFileDefinition(DeviceIdentityProgram.program)
    let fresh = definition.makeModel(Self.setup("original"))
    var sections = Self.setup("original").sections
    sections[ModelFileDefinition.stateSection] = NamedValues(["app.uuid": .text("u-0")])
    let launched = definition.makeModel(
      ModelSetup(
        variant: "original", sections: sections,
        wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0)))
    #expect(fresh != launched)
  }
}
