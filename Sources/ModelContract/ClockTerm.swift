/// A time a model computed from clock reads at instants that follow from windowed arrivals:
/// `x_plus − x_minus + offset` nanoseconds, where `x_k` is the instant of the run's `k`-th
/// windowed arrival (or windowed sleep) and `x_0` is the constant `0`.
///
/// Where an arrival lands is never fixed up front, so a time read at an instant that follows
/// from one is not a number yet: it is kept as this difference of arrival instants, and a
/// comparison of two such times is a question about the arrival instants that the kernel
/// answers exactly, like any order of instants. ``nanoseconds`` is the value in the run at
/// hand (at its witness instants), which the trace shows.
public struct ClockTerm: Sendable, Hashable {
  /// The value at the run's witness instants.
  public var nanoseconds: Int64
  /// The arrival whose instant is added (`0`: none).
  public var plus: Int32
  /// The arrival whose instant is subtracted (`0`: none).
  public var minus: Int32
  /// The constant part.
  public var offset: Int64
  /// Whether the time is a wall-clock instant (`wall`) rather than a duration (`now`).
  public var isInstant: Bool

  /// A term; `plus == minus` cancels to the constant alone.
  public init(nanoseconds: Int64, plus: Int32, minus: Int32, offset: Int64, isInstant: Bool) {
    self.nanoseconds = nanoseconds
    self.plus = plus == minus ? 0 : plus
    self.minus = plus == minus ? 0 : minus
    self.offset = offset
    self.isInstant = isInstant
  }

  /// Whether the term no longer depends on any arrival.
  public var isConstant: Bool { plus == 0 && minus == 0 }

  /// `self + other` (`sign` `1`) or `self − other` (`sign` `-1`), when the result is still one
  /// arrival instant minus another plus a constant; `nil` when it is not (two instants added,
  /// say) or when a part overflows.
  public func combined(with other: ClockTerm, sign: Int64, isInstant: Bool) -> ClockTerm? {
    // Coefficients of the (at most four) arrival instants involved.
    var coefficients: [(variable: Int32, weight: Int64)] = []
    func add(_ variable: Int32, _ weight: Int64) {
      guard variable != 0 else { return }
      if let index = coefficients.firstIndex(where: { $0.variable == variable }) {
        coefficients[index].weight += weight
      } else {
        coefficients.append((variable, weight))
      }
    }
    add(plus, 1)
    add(minus, -1)
    add(other.plus, sign)
    add(other.minus, -sign)
    let live = coefficients.filter { $0.weight != 0 }
    let positive = live.filter { $0.weight == 1 }
    let negative = live.filter { $0.weight == -1 }
    guard positive.count <= 1, negative.count <= 1, positive.count + negative.count == live.count
    else { return nil }
    let (offset, offsetOverflow) =
      sign == 1
      ? self.offset.addingReportingOverflow(other.offset)
      : self.offset.subtractingReportingOverflow(other.offset)
    let (value, valueOverflow) =
      sign == 1
      ? nanoseconds.addingReportingOverflow(other.nanoseconds)
      : nanoseconds.subtractingReportingOverflow(other.nanoseconds)
    guard !offsetOverflow, !valueOverflow else { return nil }
    return ClockTerm(
      nanoseconds: value, plus: positive.first?.variable ?? 0,
      minus: negative.first?.variable ?? 0, offset: offset, isInstant: isInstant)
  }

  /// A constant, as a term.
  public static func constant(_ nanoseconds: Int64, isInstant: Bool) -> ClockTerm {
    ClockTerm(
      nanoseconds: nanoseconds, plus: 0, minus: 0, offset: nanoseconds, isInstant: isInstant)
  }
}
