/// Folds a sequence of words into one, for hashing the many small integers of a state: fed to
/// the standard hasher one by one, each costs a call into the hasher, which cost more than the
/// rest of hashing a state did.
///
/// Each step is a bijection of the running value for a given word, so two sequences of the same
/// length that differ in one word never fold to the same value; the result is then fed to the
/// standard hasher once, which spreads it.
struct WordMixer {
  /// The fold of the words so far.
  private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

  /// Folds `word` in.
  @inline(__always)
  mutating func mix(_ word: UInt64) {
    let product = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
    value = product ^ (product >> 32)
  }

  /// Folds `number` in.
  @inline(__always)
  mutating func mix(_ number: Int) {
    mix(UInt64(bitPattern: Int64(number)))
  }
}
