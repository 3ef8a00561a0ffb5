/// A task, numbered from 1 in creation order (`T1`, `T2`, …).
public struct TaskID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The task's position in creation order, from 0.
  public let index: Int32

  /// Creates the identifier of the task at `index` in creation order.
  public init(index: Int32) { self.index = index }

  /// `T1` for the first task.
  public var description: String { "T\(Int(index) + 1)" }

  /// Orders by value.
  public static func < (lhs: TaskID, rhs: TaskID) -> Bool { lhs.index < rhs.index }
}

/// A sleep's timer, numbered from 1 in the order timers are started (`timer #1`, …).
public struct TimerID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The timer's number, from 1.
  public let number: Int64

  /// Creates the identifier of timer `number`.
  public init(number: Int64) { self.number = number }

  /// `timer #1` for the first timer.
  public var description: String { "timer #\(number)" }

  /// Orders by value.
  public static func < (lhs: TimerID, rhs: TimerID) -> Bool { lhs.number < rhs.number }
}

/// A serial executor: jobs on one lane run one at a time, first in, first out.
public struct LaneID: Hashable, Comparable, Sendable {
  /// The lane's position in the model's lane list.
  public let index: Int32

  /// Creates the identifier of the lane at `index`.
  public init(index: Int32) { self.index = index }

  /// Orders by value.
  public static func < (lhs: LaneID, rhs: LaneID) -> Bool { lhs.index < rhs.index }
}
