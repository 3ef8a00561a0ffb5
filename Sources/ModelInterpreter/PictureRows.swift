import ModelContract
import RacelabKernel

/// The state rows a model's picture shows (`picture: rows:`): each row's value in words,
/// recorded whenever it changes, when the trace is recorded.
extension InterpretedModel {
  mutating func showPictureRows(context: inout SimulationContext<InterpretedModel>) {
    guard context.isTracing, !failed else { return }
    for row in program.pictureRows {
      let value = (try? evaluate(row.value, Scope(locals: []), context: &context)) ?? .none
      context.show(row: row.label, value: code.text(value, as: row.type))
    }
  }
}
