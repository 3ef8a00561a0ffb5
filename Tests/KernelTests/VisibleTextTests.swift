import ModelContract
import RacelabKernel
import Testing

/// The one rule for user text in text output: control characters, the characters that reorder
/// a line and the two XML forbids are shown as escapes, never sent raw to a terminal, a golden
/// file or markup; everything else is left as written.
@Suite struct VisibleTextTests {
  @Test(arguments: [
    ("plain 1.4.0 · → ✓ — é 👍🏽", "plain 1.4.0 · → ✓ — é 👍🏽"),
    ("a\nb", #"a\nb"#),
    ("a\r\nb", #"a\r\nb"#),
    ("a\tb", #"a\tb"#),
    ("\u{1B}[2J\u{1B}]0;evil\u{07}", #"\u{1B}[2J\u{1B}]0;evil\u{07}"#),
    ("\u{0}\u{8}\u{B}\u{C}\u{1F}", #"\u{00}\u{08}\u{0B}\u{0C}\u{1F}"#),
    ("\u{7F}\u{80}\u{85}\u{9B}\u{9F}\u{A0}", #"\u{7F}\u{80}\u{85}\u{9B}\u{9F}"# + "\u{A0}"),
    ("x\u{2028}y\u{2029}z", #"x\u{2028}y\u{2029}z"#),
    ("a\u{202E}txt.exe\u{202C}", #"a\u{202E}txt.exe\u{202C}"#),
    ("\u{2066}\u{2069}\u{200F}\u{61C}", #"\u{2066}\u{2069}\u{200F}\u{61C}"#),
    ("a\u{FFFE}b\u{FFFF}", #"a\u{FFFE}b\u{FFFF}"#),
    (
      #"a backslash \ stays, \u{1B} written out stays"#,
      #"a backslash \ stays, \u{1B} written out stays"#
    ),
  ])
  func escapes(_ text: String, _ shown: String) {
    #expect(VisibleText.escaping(text) == shown)
  }

  @Test func noControlCharacterSurvivesAndNothingElseChanges() {
    let reordering: Set<UInt32> = [
      0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
      0x2069,
    ]
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "<" + String(Character(scalar)) + ">"
      let shown = VisibleText.escaping(text)
      let isControl =
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028
        || value == 0x2029 || reordering.contains(value) || value == 0xFFFE || value == 0xFFFF
      #expect(!shown.unicodeScalars.contains { VisibleText.isEscaped($0) })
      #expect((shown == text) == !isControl, "U+\(String(value, radix: 16))")
    }
  }

  @Test func escapingTwiceChangesNothing() {
    let once = VisibleText.escaping("\u{1B}[31m\n\u{85}")
    #expect(VisibleText.escaping(once) == once)
  }
}
