/// One `[[trial]]`: the values its phases' `{name}` places are filled with.
public struct PromptTrial: Hashable, Sendable {
    /// A name and its value, as the trial's table writes them.
    public struct Variable: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// In file order, so logs list them as the file does.
    public var variables: [Variable]
    /// Where its `[[trial]]` header is; 0 for the one trial of a file that has none.
    public var line: Int

    public init(variables: [Variable], line: Int = 0) {
        self.variables = variables
        self.line = line
    }

    /// The values by name, for filling templates.
    public var values: [String: String] {
        Dictionary(variables.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
