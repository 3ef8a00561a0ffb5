import Foundation

#if canImport(Glibc)
  import Glibc

  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  import Darwin

  private let systemRead = Darwin.read
#endif

/// The few file-system operations the commands need.
enum Files {
  /// The file's bytes, or `nil` when it cannot be read (missing, a directory, unreadable).
  static func read(_ path: String) -> [UInt8]? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path)
    else { return nil }
    return [UInt8](data)
  }

  /// Why a file could not be read, in words for a diagnostic.
  struct ReadProblem: Error {
    var reason: String
  }

  /// The bytes of `path`, read up to its end or `limit + 1` bytes, whichever comes first (a
  /// FIFO or a device that never ends is never held whole); or why not.
  static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadProblem> {
    if isDirectory(path) {
      return .failure(ReadProblem(reason: "is a folder, not a scenario file"))
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT ? "no such file" : "cannot be read: \(String(cString: strerror(errno)))"
      return .failure(ReadProblem(reason: reason))
    }
    defer { close(descriptor) }
    guard let bytes = readUpTo(descriptor, limit) else {
      return .failure(ReadProblem(reason: "cannot be read: \(String(cString: strerror(errno)))"))
    }
    return .success(bytes)
  }

  /// The bytes of `descriptor` up to its end or `limit + 1` bytes, whichever comes first;
  /// `nil` when it cannot be read. Reading stops there, so an endless input is never held.
  static func readUpTo(_ descriptor: Int32, _ limit: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    let most = limit < Int.max ? limit + 1 : limit
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while bytes.count < most {
      let wanted = min(buffer.count, most - bytes.count)
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    return bytes
  }

  /// Whether `path` is a directory.
  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// Paths relative to `directory` of the regular files whose names end in one of `suffixes`,
  /// sorted by their bytes so the order never depends on the file system.
  static func list(_ directory: String, suffixes: [String]) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    var paths: [String] = []
    while let relative = enumerator.nextObject() as? String {
      if suffixes.contains(where: { relative.hasSuffix($0) })
        && !isDirectory(join(directory, relative))
      {
        paths.append(relative)
      }
    }
    return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// `directory/relative`.
  static func join(_ directory: String, _ relative: String) -> String {
    directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
  }
}
