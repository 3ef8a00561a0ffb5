/// Places a picture's labels on lines so that no two overlap: each label goes on the first
/// line of its track (a row, or the strip under the rows) where it clears every label already
/// there, and a track has as many lines as its labels need.
struct SVGLabelLines {
  /// A label's place: its track and its line, counting from the line nearest the shapes.
  struct Place: Hashable {
    var track: Int
    var line: Int
  }

  /// The space kept between two labels on a line.
  static let gap = 6
  /// The width of a character, per point of font size, in hundredths: an estimate generous
  /// enough for sans-serif and monospace text of lowercase words, digits and symbols.
  static let characterWidth = 62

  /// The extents taken on each line of each track, by track.
  private var taken: [Int: [[ClosedRange<Int>]]] = [:]

  /// The width `text` takes at `fontSize`.
  static func width(_ text: String, fontSize: Int) -> Int {
    (text.count * fontSize * characterWidth + 99) / 100
  }

  /// Places a block of labels that start at `x` on `track`, one a line, `widths` from the
  /// lowest line up: on the lowest lines where every one of them clears what is there.
  mutating func place(track: Int, x: Int, widths: [Int]) -> [Place] {
    var lines = taken[track, default: []]
    let extents = widths.map { x...(x + $0 + Self.gap) }
    func fits(_ base: Int) -> Bool {
      extents.indices.allSatisfy { offset in
        base + offset >= lines.count
          || !lines[base + offset].contains { $0.overlaps(extents[offset]) }
      }
    }
    var base = 0
    while !fits(base) { base += 1 }
    while lines.count < base + extents.count { lines.append([]) }
    for (offset, extent) in extents.enumerated() { lines[base + offset].append(extent) }
    taken[track] = lines
    return extents.indices.map { Place(track: track, line: base + $0) }
  }

  /// How many lines `track` needs.
  func lineCount(_ track: Int) -> Int { taken[track]?.count ?? 0 }
}
