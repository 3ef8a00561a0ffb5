/// A run's full state at a choice point (model, agenda, lanes, tasks, broken invariants), as a
/// strategy that observes state is handed it (``SchedulingStrategy/choose(_:state:)``).
///
/// Two are equal when every part of the two states is; the hash is computed once, when the
/// state is taken, and costs nothing to ask again. A strategy compares and remembers states;
/// what is inside them stays the kernel's.
public struct ObservedState: Hashable {
  /// The state, its model type erased.
  let snapshot: ErasedSnapshot

  init(_ snapshot: ErasedSnapshot) {
    self.snapshot = snapshot
  }

  /// Whether the two states are equal in every part.
  public static func == (left: ObservedState, right: ObservedState) -> Bool {
    left.snapshot == right.snapshot
  }

  /// Feeds the state's hash, computed when it was taken.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(snapshot)
  }
}
