/// A task panel whose dynamics have not landed yet: it runs its lifecycle, logs its
/// parameters and events, and says on screen which issue brings the rest.
public final class PendingTaskPanel: TaskPlugin {
    public let issue: Int

    public init(issue: Int) { self.issue = issue }

    public func start(_ context: inout TaskContext) {}

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        let frame = area.inset(by: 12)
        list.stroke(frame, .grey)
        list.text("Task dynamics arrive with issue #\(issue)", in: frame.reduced(widthFraction: 0.9, heightFraction: 0.2),
                  TextStyle(pointSize: TextStyle.medium, color: .black, italic: true, wraps: true))
    }
}
