/// How far the exploration of one subtree has gone, for a progress display: the schedules so
/// far and an estimate of the part of the subtree they cover.
public struct SubtreeProgress: Sendable {
  /// Schedules (or the state graph's runs) so far.
  public var schedules: Int
  /// The part of the subtree covered, from 0 to 1, estimated as if every point below each
  /// choice had the same number of alternatives (Knuth's estimate of a tree's size from one
  /// path): `schedules / covered` estimates the subtree's schedules.
  public var covered: Double

  /// Progress of `schedules` schedules covering `covered` of the subtree.
  public init(schedules: Int, covered: Double) {
    self.schedules = schedules
    self.covered = covered
  }

  /// The part of a subtree that lies before the path `choices` (positions from `start` on,
  /// each chosen among `alternatives` at its position), with the path's own leaf when
  /// `includingLeaf`: depth first, every alternative below a choice taken as the same share.
  static func covered(
    through choices: ArraySlice<Int>, of alternatives: [Int], from start: Int,
    includingLeaf: Bool = true
  ) -> Double {
    var before = 0.0
    var share = 1.0
    for position in choices.indices where position >= start {
      let count = Double(max(1, alternatives[position]))
      before += share * Double(min(choices[position], alternatives[position] - 1)) / count
      share /= count
    }
    return min(1, includingLeaf ? before + share : before)
  }
}
