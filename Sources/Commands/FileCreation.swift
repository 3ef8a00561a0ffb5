#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Files {
  /// Why a new file could not be made, in plain words.
  struct CreationFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Creates the file `path` holding `bytes`, with permissions `mode`, flushed to disk; never
  /// replaces anything that is there. On failure no part of the new file is left.
  static func createNew(_ path: String, bytes: [UInt8], mode: mode_t) throws(CreationFailure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
    guard descriptor >= 0 else {
      throw CreationFailure(description: "cannot create \(path): \(reason(errno))")
    }
    var rest = bytes[...]
    while !rest.isEmpty {
      let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written > 0 else {
        let problem = reason(errno)
        close(descriptor)
        unlink(path)
        throw CreationFailure(description: "cannot write \(path): \(problem)")
      }
      rest = rest.dropFirst(written)
    }
    // The mode given to open() is reduced by the umask; the file keeps the one asked for.
    fchmod(descriptor, mode)
    guard fsync(descriptor) == 0, close(descriptor) == 0 else {
      let problem = reason(errno)
      unlink(path)
      throw CreationFailure(description: "cannot flush \(path): \(problem)")
    }
  }

  /// The system's words for error `code`.
  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
