import ModelContract
import ModelInterpreter
import ModelLanguage
import RacelabKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The storm written as a model file (`Benchmarks/storm.model.yaml`), run by the interpreter:
/// the same shape of work as ``StormModel`` (N tasks sleeping ten times, every seventh
/// cancelled), with the lengths from `mix(i)`.
func runFileStorm(definition: ModelFileDefinition, tasks: Int, tracing: Bool) -> StormOutcome {
  let setup = ModelSetup(
    variant: "original", sections: ["config": NamedValues(["tasks": .int(Int64(tasks))])],
    wallClock: WallClock(startNanosecondsSinceEpoch: 0, utcOffsetSeconds: 0))
  let spawn = ScriptedHappening(ScriptedEvent(name: "spawn-all", fields: NamedValues()), .at(.zero))
  let result = definition.simulate(
    setup: setup, profile: .swift, timeline: [spawn], strategy: DefaultStrategy(),
    tracing: tracing
  ).result
  if let broken = result.violations.first {
    printError(
      "racelab-bench: storm-file at \(tasks) tasks broke \(broken); its events would not count")
    exit(1)
  }
  var sleeps: UInt64 = 0
  if case .int(let count) = result.summary.first(where: { $0.name == "sleeps" })?.value {
    sleeps = UInt64(count)
  }
  return StormOutcome(
    events: sleeps + UInt64(result.counters.cancellationsDelivered),
    checksum: UInt64(result.counters.sleepsCompleted))
}

/// The limits a storm of `tasks` tasks needs: one task per N and about thirty steps per sleep,
/// where the defaults (a hundred thousand tasks, ten million steps) are sized for the models
/// people write.
func stormFileLimits(tasks: Int) -> RunLimits {
  RunLimits(
    steps: max(RunLimits.defaults.steps, tasks < Int.max / 1_000 ? tasks * 1_000 : .max),
    tasks: max(RunLimits.defaults.tasks, tasks < Int.max - 16 ? tasks + 16 : .max),
    tableRows: RunLimits.defaults.tableRows)
}

/// Loads and checks a model file, or exits with its diagnostics; its runs keep `runLimits`.
func loadModelFile(
  _ path: String, runLimits: RunLimits = .defaults
) -> (ModelFileDefinition, bytes: [UInt8]) {
  guard let bytes = readFileBytes(path) else {
    printError("racelab-bench: cannot read \(path)")
    exit(2)
  }
  switch ModelFileLoader.load(bytes) {
  case .success(let program): return (ModelFileDefinition(program, runLimits: runLimits), bytes)
  case .failure(let list):
    for diagnostic in list.diagnostics { printError(diagnostic.formatted(path: path)) }
    exit(2)
  }
}

/// A model file of about `lines` lines: the device-identity model's shape, its operations
/// repeated under new names, so loading measures a file of real constructs.
func largeModelFile(lines target: Int) -> [UInt8] {
  var text = """
    kind: model
    name: large
    processes:
      app:
        lanes: {main: serial, background: concurrent, keychain: serial}
        persisted:
          keychain.group: {type: enum, values: [wildcard, bundle], default: wildcard}
          keychain.uuid: {type: text, optional: true}
          count: {type: int, default: 0}
        memory:
          uuid: {type: text, optional: true}
    records:
      issued: {uuid: text}
    operations:

    """
  var index = 0
  while text.split(separator: "\n", omittingEmptySubsequences: false).count < target - 12 {
    text += """
        read-\(index):
          on: keychain
          returns: {type: text, optional: true}
          steps:
            - return: "if app.keychain.group == bundle then app.keychain.uuid else none"
        load-\(index):
          on: background
          returns: text
          steps:
            - call: read-\(index)
              into: found
            - if: "found != none"
              then:
                - set: {app.uuid: found}
                - return: found
            - let: {fresh: "new-uuid()"}
            - record: issued
              with: {uuid: fresh}
            - set: {app.count: "app.count + 1 * 2 - 1"}
            - set: {app.keychain.uuid: fresh}
            - return: fresh

      """
    index += 1
  }
  text += """
    events:
      launch:
        steps:
          - spawn: load-0
            on: background
    invariants:
      one-uuid:
        always: "recorded(issued) <= 1"
    summary:
      issued: recorded(issued)

    """
  return Array(text.utf8)
}

/// Loading and checking a generated model file of about `lines` lines, from its bytes.
func measureModelLoad(lines: Int, runs: Int) -> Measurement {
  let bytes = largeModelFile(lines: lines)
  let (timing, declared) = Timing.measure(runs: runs) { () -> Int in
    guard case .success(let program) = ModelFileLoader.load(bytes) else {
      printError("racelab-bench: the generated model file does not load")
      exit(1)
    }
    return ModelFileDefinition(program).vocabulary.operations.count
  }
  var measurement = Measurement(workload: "load-model")
  measurement["lines"] = .int(bytes.split(separator: UInt8(ascii: "\n")).count)
  measurement["operations"] = .int(declared)
  measurement.addTiming(timing, count: 1)
  return measurement
}
