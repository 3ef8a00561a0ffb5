/// Text from a scenario file, a file name or an argument, made safe to print: every control
/// character is shown as an escape instead of reaching a terminal or a golden file raw, so such
/// text can neither drive the terminal (colours, clearing, titles, bells) nor start a line of
/// its own.
///
/// Line feed, carriage return and tab are shown as `\n`, `\r` and `\t`; every other control
/// character — the rest of U+0000–U+001F, U+007F–U+009F — the line and paragraph separators
/// U+2028 and U+2029, the characters that reorder text (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069, which can make a line read other than it is) and the two that
/// XML forbids (U+FFFE, U+FFFF) are shown as `\u{1B}`, in upper-case hexadecimal with at least
/// two digits. Everything else, backslashes included, is left as written.
public enum VisibleText {
  /// `text` with its control characters escaped; `text` itself when it has none.
  public static func escaping(_ text: String) -> String {
    guard hasControlCharacter(text.utf8) else { return text }
    var shown = ""
    shown.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": shown += #"\n"#
      case "\r": shown += #"\r"#
      case "\t": shown += #"\t"#
      case _ where isEscaped(scalar):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        shown += #"\u{"# + (hex.count < 2 ? "0" : "") + hex + "}"
      default: shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  /// Whether ``escaping(_:)`` replaces `scalar` by an escape.
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0xFFFE, 0xFFFF: true
    default: false
    }
  }

  /// Whether the UTF-8 `bytes` hold a character that ``isEscaped(_:)``, found without decoding:
  /// C0 controls and DEL are single bytes, C1 controls are `C2 80`–`C2 9F`, U+061C is `D8 9C`,
  /// the separators and direction marks are `E2 80 8E`–`8F`, `A8`–`AE` and `E2 81 A6`–`A9`,
  /// and U+FFFE and U+FFFF are `EF BF BE` and `EF BF BF`.
  private static func hasControlCharacter(_ bytes: String.UTF8View) -> Bool {
    var (beforeLast, last): (UInt8, UInt8) = (0, 0)
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F { return true }
      if last == 0xC2 && byte >= 0x80 && byte <= 0x9F { return true }
      if last == 0xD8 && byte == 0x9C { return true }
      if beforeLast == 0xE2 && last == 0x80 && (0x8E...0x8F ~= byte || 0xA8...0xAE ~= byte) {
        return true
      }
      if beforeLast == 0xE2 && last == 0x81 && 0xA6...0xA9 ~= byte { return true }
      if beforeLast == 0xEF && last == 0xBF && (byte == 0xBE || byte == 0xBF) { return true }
      (beforeLast, last) = (last, byte)
    }
    return false
  }
}
