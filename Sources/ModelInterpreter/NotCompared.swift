/// A stored property that two states do not compare or hash: what a state carries besides what
/// decides how it continues (the compiled code every state of a run shares, a step counter that
/// only guards against runaway models, a value set only inside a job).
///
/// ``InterpretedModel`` synthesizes its `==` and `hash(into:)`, so every property it gains is
/// compared unless it is marked with this wrapper: forgetting a field can only make the state
/// graph merge fewer states, never two that continue differently.
@propertyWrapper
struct NotCompared<Value>: Hashable {
  var wrappedValue: Value

  static func == (lhs: NotCompared, rhs: NotCompared) -> Bool { true }

  func hash(into hasher: inout Hasher) {}
}

extension NotCompared: Sendable where Value: Sendable {}
