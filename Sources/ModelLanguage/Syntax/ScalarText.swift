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
