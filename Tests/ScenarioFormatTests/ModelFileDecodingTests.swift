import Foundation
import ModelContract
import ModelLanguage
import Testing

/// The device-identity model decodes to the tree its file describes.
struct DeviceIdentityModelTests {
  static let url = repositoryScenariosDirectory.deletingLastPathComponent()
    .appendingPathComponent("Sources/ModelLibrary/models/device-identity.model.yaml")

  func program() throws -> ModelProgram {
    let bytes = [UInt8](try Data(contentsOf: Self.url))
    switch ModelFileLoader.load(bytes) {
    case .success(let program): return program
    case .failure(let list):
      Issue.record("rejected:\n\(flattenedDiagnostics(list).joined(separator: "\n"))")
      throw list
    }
  }

  func slot(_ program: ModelProgram, _ name: String) -> Int {
    program.state.firstIndex { $0.name == name } ?? -1
  }

  func operation(_ program: ModelProgram, _ name: String) -> OperationDecl? {
    program.operations.first { $0.name == name }
  }

  @Test func processesLanesAndState() throws {
    let program = try program()
    #expect(program.name == "device-identity")
    #expect(program.processes.map(\.name) == ["app"])
    #expect(program.processes[0].onLaunch == program.operations.firstIndex { $0.name == "launch" })
    #expect(
      program.lanes == [
        LaneDecl(name: "main", process: 0, kind: .serial),
        LaneDecl(name: "background", process: 0, kind: .concurrent),
        LaneDecl(name: "keychain", process: 0, kind: .serial),
      ])
    #expect(
      program.state.map(\.name) == [
        "app.keychain.group", "app.keychain.wildcard-uuid", "app.keychain.bundle-uuid",
        "app.launches", "app.uuid",
      ])
    let group = program.state[0]
    #expect(group.type == .enumeration(0))
    #expect(program.enums[0].values == ["wildcard", "bundle"])
    #expect(group.initial == .enumCase(0))
    #expect(group.storage == .durable)
    #expect(program.state[1].type == .optional(.text))
    #expect(program.state[1].storage == .durable)
    #expect(program.state[3].storage == .persisted)
    #expect(program.state[1].initial == Value.none)
    #expect(program.state[4].storage == .memory)
    #expect(
      program.records.map(\.name) == [
        "uuid-issued", "uuid-loaded", "uuid-observed-change", "uuid-save-failed",
      ])
    #expect(program.records[1].fields == [Field("uuid", .text), Field("launch", .int)])
  }

  @Test func operationsAreTypedAndOnTheirLanes() throws {
    let program = try program()
    #expect(
      program.operations.map(\.name) == [
        "launch", "load-uuid", "adopt", "read-keychain", "save-keychain",
      ])
    #expect(program.operations.map(\.lane) == [0, 1, 1, 2, 2])
    let read = try #require(operation(program, "read-keychain"))
    #expect(read.parameters == [Field("group", .enumeration(0))])
    #expect(read.result == .optional(.text))
    // return: "stored(group)" — a call of the declared function with local 0.
    #expect(read.body.steps.map(\.kind) == [.return(.function(0, [.local(0)]))])
    let load = try #require(operation(program, "load-uuid"))
    #expect(load.result == .text)
    let group = slot(program, "app.keychain.group")
    // call: read-keychain with {group: app.keychain.group} into: found (local 0).
    #expect(load.body.steps[0].kind == .call(operation: 3, arguments: [.state(group)], into: 0))
    #expect(load.body.steps[0].line == 51)
    // if found != none then: adopt(found) — narrowed: the read is unwrapped.
    guard case .if(let condition, let then, let otherwise) = load.body.steps[1].kind else {
      Issue.record("step 2 is not an if")
      return
    }
    #expect(condition == .comparison(.notEqual, .local(0), .literal(.none)))
    #expect(then[0].kind == .call(operation: 2, arguments: [.unwrapped(.local(0))], into: nil))
    #expect(then[1].kind == .return(.unwrapped(.local(0))))
    #expect(otherwise.isEmpty)
    #expect(load.body.steps[2].kind == .assignLocal(1, .newUUID))
    #expect(load.body.localCount == 3)  // found, fresh, saved
  }

  @Test func functionsInvariantsSummaryAndSections() throws {
    let program = try program()
    #expect(program.functions.map(\.name) == ["stored"])
    let bundle = slot(program, "app.keychain.bundle-uuid")
    let wildcard = slot(program, "app.keychain.wildcard-uuid")
    #expect(
      program.functions[0].body
        == .conditional(
          .comparison(.equal, .local(0), .literal(.enumCase(1))), .state(bundle),
          .state(wildcard)))
    #expect(
      program.invariants.map(\.name) == [
        "uuid-stable", "loads-agree", "no-silent-save-failure",
      ])
    guard case .always(let agree) = program.invariants[1].check else {
      Issue.record("loads-agree is not 'always'")
      return
    }
    let launches = slot(program, "app.launches")
    let uuid = slot(program, "app.uuid")
    #expect(
      agree
        == .comparison(
          .equal,
          .recorded(
            1,
            where: .and(
              .comparison(.equal, .rowField(1), .state(launches)),
              .comparison(.notEqual, .rowField(0), .state(uuid)))),
          .literal(.int(0))))
    #expect(
      program.summary.map(\.field) == [
        "uuid", "uuidsIssued", "observedChanges", "reportedSaveFailures", "launches",
      ])
    #expect(program.summary.map(\.type) == [.optional(.text), .int, .int, .int, .int])
    #expect(
      program.sections == [
        SectionDecl(
          name: "app",
          keys: [.init(name: "group", binds: 0, defaultValue: .enumCase(0))])
      ])
  }

  @Test func eventsAndVariants() throws {
    let program = try program()
    #expect(
      program.events.map(\.name) == [
        "launch", "app-update", "main-busy", "app-suspend", "app-resume", "relaunch", "crash",
        "wall-clock-shift",
      ])
    #expect(program.events[0].delivery == .job(lane: 0))
    #expect(program.events[1].delivery == .atOnce)
    #expect(
      program.events[1].parameters == [
        Parameter(Field("group", .enumeration(0)), default: .enumCase(1))
      ])
    guard case .handler(let update) = program.events[1].action else {
      Issue.record("app-update has no handler")
      return
    }
    #expect(
      update.steps.map(\.kind) == [
        .assignState(0, .local(0)), .lifecycle(.relaunch, process: 0),
      ])
    let busy = program.events[2]
    #expect(busy.action == .builtIn(.busy))
    #expect(busy.parameters.map(\.field.name) == ["for", "process"])
    #expect(
      program.enums[busy.parameters[1].field.type == .enumeration(1) ? 1 : 0].values == ["app"])
    #expect(program.variants.map(\.name) == ["original", "migrated"])
    #expect(program.defaultVariant == 0)
    #expect(program.variants[0].bodies.isEmpty)
    #expect(program.variants[1].bodies.keys.sorted() == [0, 1])
  }
}
