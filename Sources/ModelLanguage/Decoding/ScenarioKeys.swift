/// The keys of a scenario file that mean the same whatever its model. A model file's sections
/// become keys of its scenarios, so none may take one of these names.
package enum ScenarioKeys {
  /// The keys any scenario file may write, in the order messages list them.
  package static let generic = [
    "name", "title", "about", "model", "runtime", "variant", "task", "tasks", "clock", "timeline",
    "cases", "until", "expect", "explore",
  ]
}
