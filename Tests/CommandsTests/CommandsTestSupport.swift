import CommandTestSupport
import Commands
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commands' exit status (Swift Testing has a type of the same name).
typealias ExitStatus = Commands.ExitStatus

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
let repositoryScenarios = repositoryRoot.appendingPathComponent("scenarios")
let repositoryTraces = repositoryRoot.appendingPathComponent("traces")
/// The documentation catalogue: the articles `docc convert` builds the site from.
let documentationCatalogue = repositoryRoot.appendingPathComponent(
  "Sources/racelab/racelab.docc")

/// A model file with one lane and one event, `tap`, that adds one to `app.count`, which the
/// summary shows: for tests about files and reports rather than about a model.
let tapCounterModel = """
  kind: model
  name: counter
  processes:
    app:
      lanes: {main: serial}
      memory:
        count: int
  events:
    tap:
      steps:
        - set: {app.count: "app.count + 1"}
  summary:
    count: app.count

  """

/// `racelab run` (in `format`) of `scenario`, a scenario file written beside the model file
/// `model` as `NAME.model.yaml` in a fresh folder (so the scenario names it `./NAME.model.yaml`).
func runBesideModel(
  _ model: String, named name: String, scenario: String, format: RunCommand.Format = .text
) throws -> (status: ExitStatus, output: String, error: String) {
  let folder = try TemporaryFolder()
  defer { folder.remove() }
  try folder.write("\(name).model.yaml", model)
  try folder.write("s.yaml", scenario)
  return capture { RunCommand(files: [folder.path("s.yaml")], format: format).execute(console: $0) }
}

/// The lines of a command's output.
func lines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init) }

/// A fresh folder under the system's temporary folder, removed by ``remove()``.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "racelab-commands-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// `url/relative` as a path.
  func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

  /// Writes `text` to `relative`, creating folders.
  func write(_ relative: String, _ text: String) throws {
    let target = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: target)
  }

  /// The bytes of `relative`, or nil when missing.
  func read(_ relative: String) -> Data? { FileManager.default.contents(atPath: path(relative)) }

  /// Copies a repository file (`scenarios/…` or `traces/…`) to the same relative path here.
  func copyFromRepository(_ relative: String) throws {
    let data = try Data(contentsOf: repositoryRoot.appendingPathComponent(relative))
    try write(relative, String(decoding: data, as: UTF8.self))
  }

  /// Every regular file below the folder, relative path → bytes.
  func snapshot() -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { return files }
    while let relative = enumerator.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path(relative), isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[relative] = read(relative)
      }
    }
    return files
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A few repository scenarios with their goldens, from two folders and both kinds of content.
let sandboxScenarios = [
  "review-prompt/canonical/busy-main-disappear-original",
  "review-prompt/canonical/happy-path-cancel-guard",
  "review-prompt/screen/full-screen-modal-cancel-guard",
  "eligibility/eligibility-truth-table",
]

/// A temporary folder holding `scenarios/` and `traces/` copies of ``sandboxScenarios``.
func makeSandbox() throws -> TemporaryFolder {
  let folder = try TemporaryFolder()
  for name in sandboxScenarios {
    try folder.copyFromRepository("scenarios/\(name).yaml")
    try folder.copyFromRepository("traces/\(name).trace")
  }
  return folder
}

/// The `racelab` executable built beside this test bundle.
func racelabExecutable() -> URL? {
  let candidates = [
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    Bundle.main.bundleURL.deletingLastPathComponent(),
    Bundle.main.bundleURL,
    repositoryRoot.appendingPathComponent(".build/debug"),
  ]
  for folder in candidates {
    let url = folder.appendingPathComponent("racelab")
    if FileManager.default.isExecutableFile(atPath: url.path) { return url }
  }
  return nil
}

/// What a finished process printed and its exit status.
struct ProcessOutput {
  var status: Int32
  var output: Data
  var error: Data

  var outputText: String { String(decoding: output, as: UTF8.self) }
  var errorText: String { String(decoding: error, as: UTF8.self) }
}

/// Runs the built `racelab` with `arguments` in `directory`; standard output and error go to
/// files (so neither can block), and `SWIFT_DETERMINISTIC_HASHING` is removed so every process
/// gets its own hash seed.
func runRacelab(
  _ arguments: [String], in directory: URL = repositoryRoot,
  environment changes: [String: String?] = [:], input: Data? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ProcessOutput {
  let executable = try #require(
    racelabExecutable(), "the racelab executable is not beside the test bundle",
    sourceLocation: sourceLocation)
  return try runCommand(
    executable.path, arguments, in: directory, environment: changes, input: input)
}

/// Runs the program at `path` with `arguments` in `directory` (the environment as for a
/// `racelab` child), with standard output and error captured in files.
func runCommand(
  _ path: String, _ arguments: [String], in directory: URL,
  environment changes: [String: String?] = [:], input: Data? = nil
) throws -> ProcessOutput {
  let folder = try TemporaryFolder()
  defer { folder.remove() }
  _ = FileManager.default.createFile(atPath: folder.path("out"), contents: nil)
  _ = FileManager.default.createFile(atPath: folder.path("err"), contents: nil)
  let output = try FileHandle(forWritingTo: folder.url.appendingPathComponent("out"))
  let error = try FileHandle(forWritingTo: folder.url.appendingPathComponent("err"))
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.environment = racelabEnvironment(changes)
  process.standardOutput = output
  process.standardError = error
  if let input {
    _ = FileManager.default.createFile(atPath: folder.path("in"), contents: input)
    process.standardInput = try FileHandle(forReadingFrom: folder.url.appendingPathComponent("in"))
  } else {
    process.standardInput = FileHandle.nullDevice
  }
  try process.run()
  process.waitUntilExit()
  try output.close()
  try error.close()
  let status =
    process.terminationReason == .uncaughtSignal
    ? 128 + process.terminationStatus : process.terminationStatus
  return ProcessOutput(
    status: status, output: folder.read("out") ?? Data(), error: folder.read("err") ?? Data())
}

/// The test process's environment for a `racelab` child: hashing left random, colour allowed,
/// no GitHub annotations (a CI runner may set `GITHUB_ACTIONS`),
/// then `changes` applied (`nil` removes a variable).
func racelabEnvironment(_ changes: [String: String?]) -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  environment["SWIFT_DETERMINISTIC_HASHING"] = nil
  environment["NO_COLOR"] = nil
  environment["GITHUB_ACTIONS"] = nil
  for (key, value) in changes { environment[key] = value }
  return environment
}

/// Runs the built `racelab` with its standard output (and, if `errorToo`, its standard
/// error) on a pseudo-terminal, and returns what the terminal received and the exit status.
func runRacelabOnTerminal(
  _ arguments: [String], in directory: URL, environment changes: [String: String?],
  errorToo: Bool = false
) throws -> (status: Int32, output: String) {
  let executable = try #require(racelabExecutable())
  let terminalFunctions = try #require(PseudoTerminalFunctions(), "no pseudo-terminal functions")
  let master = terminalFunctions.open(O_RDWR | O_NOCTTY)
  try #require(master >= 0, "no pseudo-terminal available")
  defer { close(master) }
  try #require(terminalFunctions.grant(master) == 0 && terminalFunctions.unlock(master) == 0)
  let name = try #require(terminalFunctions.name(master).map { String(cString: $0) })
  let terminal = open(name, O_RDWR | O_NOCTTY)
  try #require(terminal >= 0)
  let environment = racelabEnvironment(changes)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  process.environment = environment
  process.standardOutput = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
  process.standardError =
    errorToo ? FileHandle(fileDescriptor: terminal, closeOnDealloc: false) : FileHandle.nullDevice
  process.standardInput = FileHandle.nullDevice
  // Read the terminal while the process writes, so a full buffer can never block it.
  let received = ReceivedBytes()
  let readerDone = DispatchSemaphore(value: 0)
  let reader = Thread {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &buffer, buffer.count)
      if count <= 0 { break }
      received.append(buffer[..<count])
    }
    readerDone.signal()
  }
  try process.run()
  close(terminal)
  reader.start()
  process.waitUntilExit()
  readerDone.wait()
  return (process.terminationStatus, received.text)
}

/// Bytes appended by one thread and read by another.
// Safe to share: `bytes` is only read or written under `lock`.
final class ReceivedBytes: @unchecked Sendable {
  private let lock = NSLock()
  private var bytes: [UInt8] = []

  func append(_ more: ArraySlice<UInt8>) { lock.withLock { bytes += more } }

  var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
}

/// The POSIX pseudo-terminal functions, looked up at run time because the C module does not
/// export them without `_XOPEN_SOURCE`.
struct PseudoTerminalFunctions {
  typealias Open = @convention(c) (Int32) -> Int32
  typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  let open: Open
  let grant: Open
  let unlock: Open
  let name: Name

  init?() {
    let library = dlopen(nil, RTLD_NOW)
    guard let open = dlsym(library, "posix_openpt"), let grant = dlsym(library, "grantpt"),
      let unlock = dlsym(library, "unlockpt"), let name = dlsym(library, "ptsname")
    else { return nil }
    self.open = unsafeBitCast(open, to: Open.self)
    self.grant = unsafeBitCast(grant, to: Open.self)
    self.unlock = unsafeBitCast(unlock, to: Open.self)
    self.name = unsafeBitCast(name, to: Name.self)
  }
}

/// The lines of a text trace between its column header and its closing summary.
func timelineLines(_ text: String) -> [String] {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  guard let header = lines.firstIndex(where: { $0.hasSuffix("what happens") }) else { return [] }
  return Array(lines[(header + 1)...].prefix { !$0.isEmpty })
}
