/// An invisible plugin whose only product is its event rows in the log (`generictrigger`),
/// or whose device output is not wired yet (`parallelport`).
public final class MarkerTask: TaskPlugin {
    public init() {}
    public func start(_ context: inout TaskContext) {}
    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {}
}
