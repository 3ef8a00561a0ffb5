import ModelContract
import ModelLanguage

/// A device-identity model built by hand (the loader's tests build it from its file): two
/// loads of the device UUID at launch on a background pool, each reading the keychain and
/// saving a fresh UUID in separate hops to the keychain actor.
enum DeviceIdentityProgram {
  static func step(_ kind: StepKind, line: Int = 1) -> Step { Step(kind, line: line) }

  static let group = 0, wildcard = 1, bundle = 2, uuid = 3
  static let launch = 0, loadUUID = 1, readUUID = 2, saveUUID = 3
  static let optionalText = ValueType.optional(.text)

  static let loadBody = Body(
    steps: [
      step(.call(operation: readUUID, arguments: [], into: 0), line: 10),
      step(
        .if(
          .comparison(.notEqual, .local(0), .literal(.none)),
          then: [
            step(.assignState(uuid, .local(0)), line: 12),
            step(.return(.local(0)), line: 13),
          ], else: []), line: 11),
      step(.assignLocal(1, .newUUID), line: 14),
      step(.record(0, [.local(1)], quiet: false), line: 15),
      step(.call(operation: saveUUID, arguments: [.local(1)], into: nil), line: 16),
      step(.assignState(uuid, .local(1)), line: 17),
      step(.return(.local(1)), line: 18),
    ], localCount: 2)

  static func spawnLoad(line: Int) -> Step {
    step(
      .spawn(
        Spawn(
          operation: loadUUID, arguments: [], lane: 1, isDetached: false, isChild: false,
          into: nil)), line: line)
  }

  static var program: ModelProgram {
    let isBundle = Expression.comparison(.equal, .state(group), .literal(.enumCase(1)))
    return ModelProgram(
      name: "device-identity", about: "two loads of the device UUID at launch",
      processes: [ProcessDecl(name: "app", onLaunch: launch)],
      lanes: [
        LaneDecl(name: "main", process: 0, kind: .serial),
        LaneDecl(name: "background", process: 0, kind: .concurrent),
        LaneDecl(name: "keychain", process: 0, kind: .serial),
      ],
      enums: [EnumDecl(values: ["wildcard", "bundle"]), EnumDecl(values: ["app"])],
      state: [
        StateVariable(
          name: "app.keychain.group", type: .enumeration(0), storage: .persisted, process: 0,
          initial: .enumCase(0)),
        StateVariable(
          name: "app.keychain.wildcard-uuid", type: optionalText, storage: .persisted,
          process: 0, initial: .none),
        StateVariable(
          name: "app.keychain.bundle-uuid", type: optionalText, storage: .persisted, process: 0,
          initial: .none),
        StateVariable(
          name: "app.uuid", type: optionalText, storage: .memory, process: 0, initial: .none),
      ],
      records: [RecordDecl(name: "uuid-issued", fields: [Field("uuid", .text)])],
      errors: [],
      functions: [],
      operations: [
        OperationDecl(
          name: "launch", lane: 0, parameters: [], result: nil,
          body: Body(steps: [spawnLoad(line: 5), spawnLoad(line: 6)], localCount: 0),
          isOverridable: false),
        OperationDecl(
          name: "load-uuid", lane: 1, parameters: [], result: optionalText, body: loadBody,
          isOverridable: false),
        OperationDecl(
          name: "read-uuid", lane: 2, parameters: [], result: optionalText,
          body: Body(
            steps: [
              step(.return(.conditional(isBundle, .state(bundle), .state(wildcard))), line: 21)
            ], localCount: 0), isOverridable: false),
        OperationDecl(
          name: "save-uuid", lane: 2, parameters: [Field("uuid", .text)], result: nil,
          body: Body(
            steps: [
              step(
                .if(
                  isBundle, then: [step(.assignState(bundle, .local(0)), line: 25)],
                  else: [step(.assignState(wildcard, .local(0)), line: 26)]), line: 24)
            ], localCount: 1), isOverridable: false),
      ],
      events: [
        EventDecl(
          name: "launch", process: 0, parameters: [], delivery: .job(lane: 0),
          action: .handler(
            Body(
              steps: [
                step(
                  .spawn(
                    Spawn(
                      operation: launch, arguments: [], lane: nil, isDetached: false,
                      isChild: false, into: nil)), line: 30)
              ], localCount: 0)), help: "the app starts"),
        EventDecl(
          name: "relaunch",
          parameters: [Parameter(Field("process", .enumeration(1)), default: .enumCase(0))],
          process: 0, help: "the process starts again"),
      ],
      variants: [
        VariantDecl(name: "original", help: "two loads", bodies: [:]),
        VariantDecl(
          name: "migrated", help: "one load",
          bodies: [launch: Body(steps: [spawnLoad(line: 40)], localCount: 0)]),
      ],
      defaultVariant: 0,
      invariants: [
        InvariantDecl(
          name: "one-uuid",
          check: .always(.comparison(.lessOrEqual, .recorded(0, where: nil), .literal(.int(1)))),
          say: "two UUIDs were issued")
      ],
      summary: [
        SummaryDecl(key: "issued", field: "issued", type: .int, value: .recorded(0, where: nil)),
        SummaryDecl(key: "uuid", field: "uuid", type: optionalText, value: .state(uuid)),
      ],
      sections: [])
  }
}

extension EventDecl {
  /// A built-in event.
  init(name: String, parameters: [Parameter], process: Int, help: String) {
    self.init(
      name: name, process: process, parameters: parameters, delivery: .atOnce,
      action: .builtIn(.relaunch), help: help)
  }
}
