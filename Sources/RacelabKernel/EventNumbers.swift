/// The scripted events of a scenario numbered by value, so that a state snapshot holds a
/// number for each event it names instead of the event: equal events share a number, in the
/// order their values first appear in the timeline. Comparing and hashing a number costs
/// nothing next to comparing and hashing the event (its parameters and all), and an entry
/// without an event in it is copied as plain bytes.
///
/// An event the model scheduled while running has the number of the scripted event it equals;
/// one that equals none has no number, and a snapshot keeps its value
/// (``StateSnapshot/unnumberedEvents``).
struct EventNumbers<Event: Hashable & Sendable>: Sendable {
  /// The number of each scripted event, in the order they are registered.
  private let scripted: [Int32]
  /// The number of each distinct scripted event.
  private let byValue: [Event: Int32]
  /// The index the run registered the first scripted event under: the model may register
  /// events of its own before (``SimulationModel/prepare(context:)``).
  var firstIndex: Int32 = 0

  /// Numbers for `events`, the scripted events in the order they are registered.
  init(_ events: [Event]) {
    var byValue: [Event: Int32] = [:]
    var scripted: [Int32] = []
    scripted.reserveCapacity(events.count)
    for event in events {
      if let number = byValue[event] {
        scripted.append(number)
      } else {
        let number = Int32(byValue.count)
        byValue[event] = number
        scripted.append(number)
      }
    }
    self.scripted = scripted
    self.byValue = byValue
  }

  /// The number of the event the run registered under `index`, when that is a scripted one.
  func number(registeredAs index: Int32) -> Int32? {
    let position = Int(index) &- Int(firstIndex)
    return position >= 0 && position < scripted.count ? scripted[position] : nil
  }

  /// The number of the scripted event `event` equals, if any.
  func number(of event: Event) -> Int32? {
    byValue.isEmpty ? nil : byValue[event]
  }
}
