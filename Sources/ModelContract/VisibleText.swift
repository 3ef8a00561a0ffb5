/// Text from a scenario file, a file name or an argument, made safe to print: every control
/// character is shown as an escape instead of reaching a terminal or a golden file raw, so such
/// text can neither drive the terminal (colours, clearing, titles, bells) nor start a line of
/// its own.
///
/// Line feed, carriage return and tab are shown as `\n`, `\r` and `\t`; every other control
/// character — the rest of U+0000–U+001F, U+007F–U+009F — and the line and paragraph separators
/// U+2028 and U+2029 are shown as `\u{1B}`, in upper-case hexadecimal with at least two digits.
/// Everything else, backslashes included, is left as written.
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
    default: false
    }
  }

  /// Whether the UTF-8 `bytes` hold a character that ``isEscaped(_:)``, found without decoding:
  /// C0 controls and DEL are single bytes, C1 controls are `C2 80`–`C2 9F`, and the separators
  /// are `E2 80 A8` and `E2 80 A9`.
  private static func hasControlCharacter(_ bytes: String.UTF8View) -> Bool {
    var (beforeLast, last): (UInt8, UInt8) = (0, 0)
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F { return true }
      if last == 0xC2 && byte >= 0x80 && byte <= 0x9F { return true }
      if beforeLast == 0xE2 && last == 0x80 && (byte == 0xA8 || byte == 0xA9) { return true }
      (beforeLast, last) = (last, byte)
    }
    return false
  }
}
