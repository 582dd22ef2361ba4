/// A system-monitoring failure on screen: its gauge's widget (`scale1`, `light2`) and the
/// `name` its performance rows carry (`F1`).
public struct SysmonShownFailure: Hashable, Sendable {
    public var widget: String
    public var name: String

    public init(widget: String, name: String) {
        self.widget = widget
        self.name = name
    }
}
