/// A task's own check of a scenario's values, beyond what each value's type allows: e.g.
/// that a callsign regex can produce callsigns at all (OpenMATB loops forever otherwise).
///
/// `ScenarioValidator` runs every rule on the parameter settings that passed the
/// line-by-line checks and reports each problem as an error at the value it concerns.
public protocol ScenarioRule: Sendable {
    /// Problems in a scenario's parameter settings, given in file order.
    func problems(in settings: [ScenarioSetting]) -> [ScenarioRuleProblem]
}

/// One validated `parameter;value` line, located.
public struct ScenarioSetting: Hashable, Sendable {
    /// 1-based line number.
    public var lineNumber: Int
    /// 1-based column of the value.
    public var column: Int
    public var plugin: String
    public var path: String
    /// The typed value, as the validator produced it.
    public var value: PyValue

    public init(lineNumber: Int, column: Int, plugin: String, path: String, value: PyValue) {
        self.lineNumber = lineNumber
        self.column = column
        self.plugin = plugin
        self.path = path
        self.value = value
    }
}

/// What a rule found wrong with a setting. The message follows the setting's path, as
/// validator messages do: `callsignregex <message>`.
public struct ScenarioRuleProblem: Hashable, Sendable {
    public var setting: ScenarioSetting
    public var message: String

    public init(setting: ScenarioSetting, message: String) {
        self.setting = setting
        self.message = message
    }
}
