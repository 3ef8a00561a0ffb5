// racelab-bench: benchmark workloads of racelab, one measurement per line (JSON or text).
//
//   racelab-bench storm --tasks N [--trace off|stream|keep|text] [--runs R] [--format json]
//   racelab-bench floor --tasks N [--runs R] [--format json]
//   racelab-bench storm-file --tasks N [--trace off|keep] [--file PATH] [--runs R] [--format json]
//   racelab-bench load-model [--lines N] [--runs R] [--format json]
//   racelab-bench explore [FILE…] [--sweep-limit K] [--runs R] [--format json]
//   racelab-bench parse [--happenings N] [--file PATH] [--runs R] [--format json]
//   racelab-bench real-code [--runs R] [--format json]
//   racelab-bench check [--racelab PATH] [--scenarios DIR] [--run-file FILE] [--runs R]
//                       [--format json]
//
// `seconds` is the median of R timed runs (default 5) after one untimed warm-up, measuring the
// workload only (never process start-up, except in `check`, which times whole processes).
// `peakMemoryBytes` is the process's peak so far: run memory-sensitive cases in a fresh process.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Command-line options: `--name value` pairs and positional words.
struct Options {
  var values: [String: String] = [:]
  var positional: [String] = []

  init(_ arguments: ArraySlice<String>) {
    var rest = arguments
    while let word = rest.popFirst() {
      if word.hasPrefix("--"), let value = rest.popFirst() {
        values[word] = value
      } else {
        positional.append(word)
      }
    }
  }

  func integer(_ name: String, default fallback: Int) -> Int {
    guard let text = values[name] else { return fallback }
    guard let value = Int(text.filter { $0 != "_" }), value >= 0 else {
      printError("racelab-bench: \(name) needs a non-negative integer, not '\(text)'")
      exit(2)
    }
    return value
  }
}

let usage = """
  usage: racelab-bench storm --tasks N [--trace off|stream|keep|text] [--runs R] [--format json]
         racelab-bench floor --tasks N [--runs R] [--format json]
         racelab-bench storm-file --tasks N [--trace off|keep] [--file PATH] [--runs R] [--format json]
         racelab-bench load-model [--lines N] [--runs R] [--format json]
         racelab-bench explore [FILE…] [--sweep-limit K] [--runs R] [--format json]
         racelab-bench parse [--happenings N] [--file PATH] [--runs R] [--format json]
         racelab-bench real-code [--runs R] [--format json]
         racelab-bench check [--racelab PATH] [--scenarios DIR] [--run-file FILE] [--runs R]
                             [--format json]
  """

#if canImport(Glibc)
  // Large blocks (array buffers outgrown while a run builds up) always go to mmap, so that
  // freeing them returns them to the system. Otherwise glibc raises its mmap threshold after
  // the first such free, and later freed buffers stay resident and inflate the measured peak.
  _ = glibcMallopt(-3, 1 << 20)  // M_MMAP_THRESHOLD
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  printError(usage)
  exit(2)
}
let options = Options(arguments.dropFirst(2))
let json = options.values["--format"] == "json"
let runs = max(1, options.integer("--runs", default: 5))

/// Prints one measurement.
func emit(_ measurement: Measurement) {
  print(measurement.render(json: json))
}

switch arguments[1] {
case "storm":
  let tasks = options.integer("--tasks", default: 10_000)
  let modeName = options.values["--trace"] ?? "off"
  guard let mode = StormTraceMode(rawValue: modeName) else {
    printError(
      "racelab-bench: --trace needs one of "
        + StormTraceMode.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(modeName)'")
    exit(2)
  }
  var traceEvents = 0
  var textBytes = 0
  let (timing, outcome) = Timing.measure(runs: runs) { () -> StormOutcome in
    let (outcome, recorded, bytes) = runKernelStorm(tasks: tasks, mode: mode)
    traceEvents = recorded
    textBytes = bytes
    return outcome
  }
  let floor = rawFloorStorm(tasks: tasks)
  guard floor.events == outcome.events && floor.checksum == outcome.checksum else {
    printError(
      "racelab-bench: storm disagrees with the floor: events \(outcome.events) vs \(floor.events), "
        + "checksum \(outcome.checksum) vs \(floor.checksum)")
    exit(1)
  }
  var measurement = Measurement(workload: "storm")
  measurement["implementation"] = .string("racelab")
  measurement["tasks"] = .int(tasks)
  measurement["trace"] = .string(mode.rawValue)
  measurement["events"] = .unsigned(outcome.events)
  measurement["checksum"] = .unsigned(outcome.checksum)
  measurement["traceEvents"] = .int(traceEvents)
  measurement["textBytes"] = .int(textBytes)
  measurement.addTiming(timing, count: Int(outcome.events))
  emit(measurement)

case "storm-file":
  let tasks = options.integer("--tasks", default: 10_000)
  let traceName = options.values["--trace"] ?? "off"
  guard traceName == "off" || traceName == "keep" else {
    printError("racelab-bench: storm-file --trace needs off or keep, not '\(traceName)'")
    exit(2)
  }
  let tracing = traceName == "keep"
  let path = options.values["--file"] ?? "Benchmarks/storm.model.yaml"
  let (definition, _) = loadModelFile(path, runLimits: stormFileLimits(tasks: tasks))
  let (timing, outcome) = Timing.measure(runs: runs) {
    runFileStorm(definition: definition, tasks: tasks, tracing: tracing)
  }
  var measurement = Measurement(workload: "storm")
  measurement["implementation"] = .string("model-file")
  measurement["tasks"] = .int(tasks)
  measurement["trace"] = .string(traceName)
  measurement["events"] = .unsigned(outcome.events)
  measurement.addTiming(timing, count: Int(outcome.events))
  emit(measurement)

case "load-model":
  emit(measureModelLoad(lines: options.integer("--lines", default: 2000), runs: runs))

case "floor":
  let tasks = options.integer("--tasks", default: 10_000)
  let (timing, outcome) = Timing.measure(runs: runs) { () -> StormOutcome in
    let (events, checksum) = rawFloorStorm(tasks: tasks)
    return StormOutcome(events: events, checksum: checksum)
  }
  var measurement = Measurement(workload: "storm")
  measurement["implementation"] = .string("floor")
  measurement["tasks"] = .int(tasks)
  measurement["events"] = .unsigned(outcome.events)
  measurement["checksum"] = .unsigned(outcome.checksum)
  measurement.addTiming(timing, count: Int(outcome.events))
  emit(measurement)

case "explore":
  var files = options.positional
  if files.isEmpty {
    let directory = options.values["--scenarios"] ?? "scenarios/explore"
    files = listYAMLFiles(directory) ?? listYAMLFiles("scenarios/review-prompt/explore") ?? []
  }
  guard !files.isEmpty else {
    printError("racelab-bench: no explore scenarios found")
    exit(2)
  }
  var status: Int32 = 0
  let sweepLimit = max(1, options.integer("--sweep-limit", default: 20000))
  for path in files {
    guard let subject = ExploreSubject(path: path) else {
      status = 2
      continue
    }
    if subject.scenario.exploreRandom != nil {
      printError("racelab-bench: \(path): skipped (its space needs the random strategy)")
      continue
    }
    let (exploreTiming, explored) = Timing.measure(runs: runs) { exploreExhaustively(subject) }
    let (sweepTiming, swept) = Timing.measure(runs: runs) {
      sweepByMillisecond(subject, limit: sweepLimit)
    }
    let sampled = swept.combinations.run < swept.combinations.of
    // A sampled sweep can only confirm that what it found was explored.
    let same =
      sampled
      ? Set(swept.outcomes).isSubset(of: explored.outcomes) : explored.outcomes == swept.outcomes
    // The full sweep's time, extrapolated from the sample when sampled.
    let sweepSeconds =
      sweepTiming.median * Double(swept.combinations.of) / Double(swept.combinations.run)
    if !same { status = 1 }
    var measurement = Measurement(workload: "explore")
    measurement["scenario"] = .string(subject.scenario.name)
    measurement["schedules"] = .int(explored.schedules)
    measurement["states"] = .int(explored.states)
    measurement["outcomes"] = .int(explored.outcomes.count)
    measurement.addTiming(exploreTiming, count: explored.schedules)
    measurement["statesRate"] = .double(Double(explored.states) / exploreTiming.median)
    measurement["sweepSchedules"] = .int(swept.schedules)
    measurement["sweepOutcomes"] = .int(swept.outcomes.count)
    measurement["sweepCombinations"] = .int(swept.combinations.of)
    measurement["sweepCombinationsRun"] = .int(swept.combinations.run)
    measurement["sweepSeconds"] = .double(sweepSeconds)
    measurement["sameOutcomes"] = .bool(same)
    measurement["speedupOverSweep"] = .double(sweepSeconds / exploreTiming.median)
    emit(measurement)
  }
  exit(status)

case "real-code":
  emit(await measureRealCode(runs: runs))

case "parse":
  let happenings = options.integer("--happenings", default: 100_000)
  let path = options.values["--file"] ?? "/tmp/racelab-bench-parse-\(getpid()).yaml"
  guard writeFile(path, generatedScenario(happenings: happenings)),
    let bytes = readFileBytes(path)
  else {
    printError("racelab-bench: cannot write \(path)")
    exit(2)
  }
  let (timing, loaded) = Timing.measure(runs: runs) { loadScenario(bytes) }
  guard loaded == happenings else { exit(1) }
  var measurement = Measurement(workload: "parse")
  measurement["implementation"] = .string("racelab")
  measurement["happenings"] = .int(happenings)
  measurement["bytes"] = .int(bytes.count)
  measurement["file"] = .string(path)
  measurement.addTiming(timing, count: happenings)
  emit(measurement)
  if options.values["--file"] == nil { unlink(path) }

case "check":
  let racelab = options.values["--racelab"] ?? executableDirectory() + "/racelab"
  let scenarios = options.values["--scenarios"] ?? "scenarios"
  let runFile =
    options.values["--run-file"] ?? "scenarios/review-prompt/canonical/happy-path-original.yaml"
  for (name, command) in [
    ("check", [racelab, "check", scenarios]), ("run", [racelab, "run", runFile]),
  ] {
    let (timing, status) = Timing.measure(runs: runs) { runProcess(command) }
    var measurement = Measurement(workload: name)
    measurement["command"] = .string(command.joined(separator: " "))
    measurement["exitStatus"] = .int(Int(status))
    measurement.addTiming(timing, count: 1)
    measurement["peakMemoryBytes"] = nil  // the children's, not ours: not measured
    emit(measurement)
  }

default:
  printError(usage)
  exit(2)
}

#if canImport(Glibc)
  /// glibc's `mallopt` (declared in `malloc.h`, which the Glibc module does not import).
  @_silgen_name("mallopt")
  func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// The `.yaml` files directly in `directory`, sorted, or `nil` if it cannot be listed or has
/// none.
func listYAMLFiles(_ directory: String) -> [String]? {
  guard let handle = opendir(directory) else { return nil }
  defer { closedir(handle) }
  var files: [String] = []
  while let entry = readdir(handle) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name.hasSuffix(".yaml") { files.append(directory + "/" + name) }
  }
  return files.isEmpty ? nil : files.sorted()
}
