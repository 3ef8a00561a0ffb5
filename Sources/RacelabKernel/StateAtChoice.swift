/// A run's full state at a choice point: what pruning and the state graph compare. Two runs
/// with equal keys have the same futures.
struct StateAtChoice: Hashable {
  var point: ChoicePoint
  var state: ObservedState
}
