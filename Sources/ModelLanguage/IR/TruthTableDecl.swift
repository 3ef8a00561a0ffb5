/// A truth table a scenario can give instead of a timeline (`eligibility:`): each row names
/// a function's inputs by the table's columns and says what the function must return.
public struct TruthTableDecl: Sendable, Hashable {
  /// What a column sets.
  public enum Target: Sendable, Hashable {
    /// The parameter of this name, of the function and of the reason function alike.
    case parameter(String)
    /// A state variable, by slot, set before the function runs.
    case state(Int)
    /// The day `today` reads.
    case today
  }

  /// One column of a row.
  public struct Column: Sendable, Hashable {
    /// The key rows write (`last-attempt`).
    public var name: String
    /// What its value sets.
    public var target: Target
    /// What scenarios may write for it and what it means (a section key's, for a state
    /// variable one binds, unless the column says its own `about:`).
    public var bounds: ScenarioBounds

    /// Creates a column.
    public init(name: String, target: Target, bounds: ScenarioBounds) {
      self.name = name
      self.target = target
      self.bounds = bounds
    }
  }

  /// The scenario key that holds the rows (`eligibility`).
  public var name: String
  /// One line for `racelab schema`.
  public var about: String?
  /// The function each row evaluates, by index.
  public var function: Int
  /// A function returning text, by index, that says why the answer is what it is (`wins below
  /// the threshold (2 < 3)`); `nil` when the table gives none.
  public var reason: Int?
  /// The columns every row gives, in the order the file declares them.
  public var columns: [Column]
  /// What the row's `expect:` means.
  public var expectAbout: String?

  /// Creates a truth table.
  public init(
    name: String, about: String?, function: Int, reason: Int?, columns: [Column],
    expectAbout: String?
  ) {
    self.name = name
    self.about = about
    self.function = function
    self.reason = reason
    self.columns = columns
    self.expectAbout = expectAbout
  }
}
