#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
    var isDirectory = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory, let data = FileManager.default.contents(atPath: path)
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
    var isDirectory = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
  }

  /// Paths relative to `directory` of the regular files whose names end in one of `suffixes`,
  /// sorted by their bytes so the order never depends on the file system.
  static func list(_ directory: String, suffixes: [String]) -> [String] {
    walk(directory).filter { relative in
      suffixes.contains(where: { relative.hasSuffix($0) })
        && !isDirectory(join(directory, relative))
    }
  }

  /// Every path under `directory`, relative to it, sorted by their bytes: the folders' too,
  /// without going into a folder reached through a symbolic link (which could lead back up)
  /// or one that cannot be read (its contents are left out, not the rest).
  static func walk(_ directory: String) -> [String] {
    var paths: [String] = []
    var folders = [""]
    while let folder = folders.popLast() {
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: join(directory, folder))) ?? []
      for name in names {
        let relative = folder.isEmpty ? name : folder + "/" + name
        paths.append(relative)
        if isFolderItself(join(directory, relative)) { folders.append(relative) }
      }
    }
    return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Whether `path` is a directory and not a symbolic link to one.
  private static func isFolderItself(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }

  /// `directory/relative`.
  static func join(_ directory: String, _ relative: String) -> String {
    directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
  }
}
