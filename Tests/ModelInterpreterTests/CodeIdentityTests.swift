import ModelContract
import ModelInterpreter
import RacelabKernel
import Testing

/// Models compare their compiled code by content, through one number: equal however often the
/// code was compiled (each thread of an exploration compiles its own), different whenever the
/// code differs.
@Suite struct CodeIdentityTests {
  static func setup(_ variant: String, crashAt: [String] = []) -> ModelSetup {
    var sections = [ModelFileDefinition.stateSection: NamedValues()]
    if !crashAt.isEmpty {
      sections[ModelFileDefinition.faultsSection] = NamedValues([
        "crash-at": .list(crashAt.map { .word($0) })
      ])
    }
    return ModelSetup(
      variant: variant, sections: sections,
      wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
  }

  @Test func twoDefinitionsOfOneProgramMakeEqualModels() {
    let first = ModelFileDefinition(DeviceIdentityProgram.program).makeModel(Self.setup("original"))
    let second = ModelFileDefinition(DeviceIdentityProgram.program).makeModel(
      Self.setup("original"))
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
  }

  @Test func modelsThatDifferOnlyInTheirCodeAreDifferent() {
    let definition = ModelFileDefinition(DeviceIdentityProgram.program)
    let original = definition.makeModel(Self.setup("original"))
    #expect(original != definition.makeModel(Self.setup("migrated")))
    #expect(original != definition.makeModel(Self.setup("original", crashAt: ["save"])))
  }

  @Test func aLiveCodeKeepsItsNumberWhileManyOthersComeAndGo() {
    let definition = ModelFileDefinition(DeviceIdentityProgram.program)
    let kept = definition.makeModel(Self.setup("original"))
    for index in 0..<500 {
      let passing = definition.makeModel(Self.setup("original", crashAt: ["label-\(index)"]))
      #expect(passing != kept)
    }
    #expect(definition.makeModel(Self.setup("original")) == kept)
    let again = definition.makeModel(Self.setup("original", crashAt: ["label-7"]))
    #expect(again == definition.makeModel(Self.setup("original", crashAt: ["label-7"])))
  }
}
