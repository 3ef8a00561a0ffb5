#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Golden files under one traces root: read, replaced atomically and only inside the root,
/// never through a symbolic link, keeping the old file's permissions; leftovers of an
/// interrupted replacement are recognisable by their name.
struct GoldenFiles {
  /// The marker in the name of a temporary file that a replacement writes before renaming.
  static let temporaryMarker = ".racelab-tmp-"

  /// The traces root.
  var root: String

  /// What is at a golden's path.
  enum Found {
    /// Nothing.
    case missing
    /// A regular file with this text.
    case file(String)
    /// Something a golden cannot be; the words say what.
    case unusable(String)
  }

  /// What is at `path`, without following a final symbolic link.
  func read(_ path: String) -> Found {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      guard let bytes = Files.read(path) else { return .unusable("cannot be read") }
      return .file(String(decoding: bytes, as: UTF8.self))
    case S_IFDIR: return .unusable("is a folder, not a golden file")
    case S_IFLNK: return .unusable("is a symbolic link; goldens must be regular files")
    default: return .unusable("is not a regular file")
    }
  }

  /// A replacement that cannot be made, in plain words.
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  /// Replaces `path` with `text`: a temporary file beside it (same permissions as the golden it
  /// replaces, or 0644), written and flushed to disk, renamed over the golden, and the folder
  /// flushed. Refuses a destination outside the root (through a symbolic link on the way) and a
  /// golden that is a symbolic link or not a regular file. The old golden stays intact if
  /// anything fails.
  func replace(_ path: String, with text: String) throws(Refusal) {
    let folder = PathText.folder(of: path)
    do {
      try FileManager.default.createDirectory(
        atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
    } catch {
      throw Refusal(description: "cannot create the folder \(folder): \(Files.reason(errno))")
    }
    guard let realRoot = Self.resolved(root), let realFolder = Self.resolved(folder),
      realFolder == realRoot || realFolder.hasPrefix(realRoot + "/")
    else {
      throw Refusal(
        description: "\(path) is outside the traces folder \(root) (a symbolic link leads away); "
          + "refusing to write there")
    }
    var mode: mode_t = 0o644
    var status = stat()
    if lstat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFREG else {
        if case .unusable(let what) = read(path) {
          throw Refusal(description: "\(path) \(what); refusing to replace it")
        }
        throw Refusal(description: "\(path) is not a regular file; refusing to replace it")
      }
      mode = status.st_mode & 0o7777
    }
    let name = PathText.name(of: path)
    let temporary =
      (folder.isEmpty ? "" : folder + "/") + "." + name + Self.temporaryMarker
      + String(getpid())
    try write(text, to: temporary, mode: mode)
    guard rename(temporary, path) == 0 else {
      let problem = Files.reason(errno)
      unlink(temporary)
      throw Refusal(description: "cannot replace \(path): \(problem)")
    }
    let directory = open(folder.isEmpty ? "." : folder, O_RDONLY)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  /// Temporary files left in the root by an interrupted replacement, relative to the root.
  func leftovers() -> [String] {
    Files.walk(root).filter { PathText.name(of: $0).contains(Self.temporaryMarker) }
  }

  /// The leftovers whose writer is gone: the process id in the name is no process now, so
  /// removing them cannot spoil a replacement under way.
  func staleLeftovers() -> [String] {
    leftovers().filter { relative in
      let name = PathText.name(of: relative)
      guard let marker = name.ranges(of: Self.temporaryMarker).last,
        let pid = pid_t(name[marker.upperBound...])
      else { return true }
      return kill(pid, 0) != 0 && errno == ESRCH
    }
  }

  /// Writes `text` to the new file `temporary` (a leftover of the same name goes first).
  private func write(_ text: String, to temporary: String, mode: mode_t) throws(Refusal) {
    unlink(temporary)
    do {
      try Files.createNew(temporary, bytes: Array(text.utf8), mode: mode)
    } catch {
      throw Refusal(description: error.description)
    }
  }

  /// The path with every symbolic link resolved, or `nil` when it does not exist.
  private static func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path.isEmpty ? "." : path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}
