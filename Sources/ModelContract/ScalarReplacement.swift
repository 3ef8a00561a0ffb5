extension String {
  /// This text with every `scalar` in it replaced by `replacement`, scalar by scalar: a
  /// carriage return is replaced inside a CR LF pair too, and a quote that a combining mark
  /// follows, which comparing characters would miss.
  package func replacingEvery(_ scalar: Unicode.Scalar, with replacement: String) -> String {
    guard unicodeScalars.contains(scalar) else { return self }
    var replaced = ""
    replaced.reserveCapacity(utf8.count + replacement.utf8.count)
    for next in unicodeScalars {
      if next == scalar {
        replaced += replacement
      } else {
        replaced.unicodeScalars.append(next)
      }
    }
    return replaced
  }
}
