/// One leaf of a plugin's parameter tree: its `-`-joined path, default, and validator.
///
/// A leaf with no validator exists (it is dumped at start) but a scenario that sets it gets
/// OpenMATB's "has no verification method" error.
public struct ParameterSpec: Hashable, Sendable {
    public var path: String
    public var defaultValue: PyValue
    public var type: ValueType?

    public init(_ path: String, _ defaultValue: PyValue, _ type: ValueType?) {
        self.path = path
        self.defaultValue = defaultValue
        self.type = type
    }
}

/// A screen region a plugin can be placed in (docs/openmatb-behaviour.md: Screen regions).
public enum Placement: String, CaseIterable, Hashable, Sendable {
    case fullscreen, topleft, topmid, topright, bottomleft, bottommid, bottomright, invisible
}

/// Everything the scenario engine must know about a plugin before any instance exists.
public struct PluginDescriptor: Hashable, Sendable {
    /// The scenario name, e.g. `sysmon`.
    public var alias: String
    /// The English title msgid; translated and upper-cased in the title band.
    public var titleMsgid: String
    public var placement: Placement
    public var updatePeriodMilliseconds: Int
    /// Blocking plugins freeze scenario time while active and need no `stop`.
    public var isBlocking: Bool
    /// Every leaf in dump order, settable or not.
    public var parameters: [ParameterSpec]

    public init(
        alias: String, titleMsgid: String, placement: Placement, updatePeriodMilliseconds: Int,
        isBlocking: Bool, parameters: [ParameterSpec]
    ) {
        self.alias = alias
        self.titleMsgid = titleMsgid
        self.placement = placement
        self.updatePeriodMilliseconds = updatePeriodMilliseconds
        self.isBlocking = isBlocking
        self.parameters = parameters
    }

    /// The leaf at `path`, if the tree has one.
    public func parameter(_ path: String) -> ParameterSpec? {
        parameters.first { $0.path == path }
    }
}
