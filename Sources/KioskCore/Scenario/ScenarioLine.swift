/// One event line of a scenario file, split into fields but not yet checked against plugins.
public struct ScenarioLine: Hashable, Sendable {
    /// One `;`-separated field with the 1-based column where it starts.
    public struct Field: Hashable, Sendable {
        public var text: String
        public var column: Int
        public init(_ text: String, column: Int) {
            self.text = text
            self.column = column
        }
    }

    /// 1-based line number in the file.
    public var lineNumber: Int
    public var time: ScenarioTime
    public var plugin: Field
    /// The fields after the plugin: one for a method, two for `parameter;value`.
    public var command: [Field]

    public init(lineNumber: Int, time: ScenarioTime, plugin: Field, command: [Field]) {
        self.lineNumber = lineNumber
        self.time = time
        self.plugin = plugin
        self.command = command
    }

    /// OpenMATB's canonical rendering, `H:MM:SS;plugin;command[;value]`, with an empty
    /// command printed as `None` as OpenMATB's deprecation message does.
    public var canonicalText: String {
        let commandText = command.isEmpty ? "None" : command.map(\.text).joined(separator: ";")
        return "\(ScenarioTimeFormat.hoursMinutesSeconds(time.wholeSeconds));\(plugin.text);\(commandText)"
    }
}
