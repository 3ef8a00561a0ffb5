extension String {
  /// The text of `scalars`, built from their UTF-8 bytes. `String.UnicodeScalarView(_:)` of an
  /// array slice runs unspecialised in the standard library, at about 9,000 instructions for a
  /// short word, and reading a model file builds a string for every word of every expression.
  init(scalars: ArraySlice<Unicode.Scalar>) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(scalars.count)
    for scalar in scalars {
      if scalar.isASCII {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        bytes.append(contentsOf: scalar.utf8)
      }
    }
    self.init(decoding: bytes, as: UTF8.self)
  }
}

extension Array where Element == Unicode.Scalar {
  /// The scalars of the UTF-8 `bytes` (malformed sequences read as U+FFFD, as
  /// `String(decoding:as:)` reads them). ASCII, nearly every expression of a model file, is
  /// read byte by byte: `Array(text.unicodeScalars)` walks the text twice through the standard
  /// library's generic code, about 3,000 instructions for a short expression.
  init(utf8 bytes: some Collection<UInt8>) {
    self.init()
    reserveCapacity(bytes.count)
    for byte in bytes {
      guard byte < 0x80 else {
        self = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        return
      }
      append(Unicode.Scalar(byte))
    }
  }
}
