/// One kind of task a scenario can name, described in full: its parameters, defaults and
/// validators, the checks it adds to scenario validation, where its MANUAL/AUTO label sits,
/// and how a session makes one. Each task's folder declares its own (`SysmonTaskType.swift`);
/// ``TaskTypes`` lists them.
public struct TaskType: Sendable {
    /// Its scenario parameters, defaults and validators.
    public let descriptor: PluginDescriptor
    /// Checks across a scenario's settings beyond what each value's type allows.
    public let rules: [any ScenarioRule]
    /// Where MANUAL/AUTO shows: fractions of the free space left around the label's box in
    /// the task's region, as OpenMATB's `reduce_and_translate` places it.
    public let automationAnchor: (x: Double, y: Double)
    /// Makes the task for a session.
    public let make: @Sendable (PluginDescriptor, IncludeLibrary) -> TaskPlugin

    public init(
        descriptor: PluginDescriptor, rules: [any ScenarioRule] = [], automationAnchor: (x: Double, y: Double) = (0.5, 0.5),
        make: @escaping @Sendable (PluginDescriptor, IncludeLibrary) -> TaskPlugin
    ) {
        self.descriptor = descriptor
        self.rules = rules
        self.automationAnchor = automationAnchor
        self.make = make
    }

    /// The name scenarios use.
    public var alias: String { descriptor.alias }
}
