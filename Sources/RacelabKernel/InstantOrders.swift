/// The orders a comparison of two instants can still take, the default one first (see
/// ``ArrivalZone/orders(of:plus:relativeTo:plus:)``).
///
/// There are at most three, and a run compares instants at nearly every step it takes, so they
/// are held inline: asking costs no allocation, and only a real choice point copies them into
/// an array (``ChoicePoint/instantOrder(orders:)``).
package struct InstantOrders: RandomAccessCollection, Sendable {
  private var slots: (InstantOrder, InstantOrder, InstantOrder) = (.before, .before, .before)
  /// How many orders there are.
  package private(set) var endIndex = 0

  /// No orders yet.
  package init() {}

  /// The orders in `orders`, in their order (at most three).
  package init(_ orders: some Sequence<InstantOrder>) {
    for order in orders { append(order) }
  }

  /// Always `0`.
  package var startIndex: Int { 0 }

  /// The order at `position`.
  package subscript(position: Int) -> InstantOrder {
    precondition(indices.contains(position), "InstantOrders index out of range")
    switch position {
    case 0: return slots.0
    case 1: return slots.1
    default: return slots.2
    }
  }

  /// Adds `order` after the others.
  package mutating func append(_ order: InstantOrder) {
    precondition(endIndex < 3, "more than three instant orders")
    switch endIndex {
    case 0: slots.0 = order
    case 1: slots.1 = order
    default: slots.2 = order
    }
    endIndex += 1
  }

  /// These orders without `excluded`, the others in the same order.
  package func removing(_ excluded: InstantOrder) -> InstantOrders {
    InstantOrders(lazy.filter { $0 != excluded })
  }
}
