/// A picture a sequence shows, with its variables filled in, and the place in the file that
/// names it: the shell checks the file exists and reads its size before the block starts.
public struct PromptImageReference: Hashable, Sendable {
    /// As the file writes it (relative to the sequence file), after substitution.
    public var path: String
    /// The line and column of the `image` value that names it.
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }
}
