#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
  let bytes = Array((message + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// The bytes of the file at `path`, or `nil` if it cannot be read.
func readFileBytes(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let read = fread(&buffer, 1, buffer.count, file)
    if read <= 0 { break }
    bytes.append(contentsOf: buffer[0..<read])
  }
  return bytes
}

/// Writes `text` to the file at `path`; returns whether it succeeded.
func writeFile(_ path: String, _ text: String) -> Bool {
  guard let file = fopen(path, "wb") else { return false }
  defer { fclose(file) }
  let bytes = Array(text.utf8)
  return fwrite(bytes, 1, bytes.count, file) == bytes.count
}

/// The directory this executable lives in (the build's products directory).
func executableDirectory() -> String {
  var buffer = [CChar](repeating: 0, count: 4096)
  let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  let path =
    length > 0
    ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    : CommandLine.arguments[0]
  guard let slash = path.lastIndex(of: "/") else { return "." }
  return String(path[..<slash])
}

/// Runs `arguments` (the first is the executable's path) with its output discarded, waits for
/// it, and returns its exit status (or `-1` if it could not be started or did not exit).
func runProcess(_ arguments: [String]) -> Int32 {
  var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
  argv.append(nil)
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return -1 }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    if errno != EINTR { return -1 }
  }
  // WIFEXITED / WEXITSTATUS, which Swift does not import.
  return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
}
