/// An invisible plugin whose only product is its event rows in the log: `generictrigger`
/// (each `generictrigger;state;<text>` line becomes `event,generictrigger,state,<text>`,
/// docs/openmatb-behaviour.md: Generic trigger), and `parallelport` on a machine without a port, where
/// OpenMATB keeps the plugin but gives it nothing to send.
public final class MarkerTask: TaskPlugin {
    public init() {}
    public func start(_ context: inout TaskContext) {}
    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {}
}
