/// The six lifecycle methods a scenario may call on a plugin (docs/openmatb-behaviour.md: Scenario commands).
public enum LifecycleCommand: String, CaseIterable, Hashable, Sendable {
    case start, stop, pause, resume, hide, show
}

/// What a validated scenario line does.
public enum ScenarioCommand: Hashable, Sendable {
    case lifecycle(LifecycleCommand)
    /// Set a parameter to an already validated value.
    case set(path: String, value: PyValue)
    /// `system;pause`: open the pause dialog.
    case systemPause
}

/// One validated scenario event.
public struct ScenarioEvent: Hashable, Sendable {
    /// 1-based line of the file it came from; events on one line share it.
    public var lineNumber: Int
    public var time: ScenarioTime
    /// A plugin alias, or `system`.
    public var plugin: String
    public var command: ScenarioCommand

    public init(lineNumber: Int, time: ScenarioTime, plugin: String, command: ScenarioCommand) {
        self.lineNumber = lineNumber
        self.time = time
        self.plugin = plugin
        self.command = command
    }
}

/// A scenario that passed validation: events in file order, and the plugins it uses.
public struct Scenario: Hashable, Sendable {
    /// The path as given, logged in the `scenario_path` row.
    public var path: String
    public var events: [ScenarioEvent]
    /// Aliases of every plugin the scenario names, in order of first appearance.
    public var plugins: [String]
    /// Warnings found while validating (deprecated lines); they did not stop the scenario.
    public var warnings: [ScenarioDiagnostic]

    public init(path: String, events: [ScenarioEvent], plugins: [String], warnings: [ScenarioDiagnostic]) {
        self.path = path
        self.events = events
        self.plugins = plugins
        self.warnings = warnings
    }
}
