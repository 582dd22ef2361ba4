/// A consent form as its file describes it (docs/consent.md): pages of text to read, the
/// statements the participant must tick, and whether they type their name and sign.
public struct ConsentForm: Hashable, Sendable {
    public var title: String
    /// The pages' files, as the form names them (relative to its folder), in order.
    public var pages: [Page]
    /// Every statement must be ticked before the participant can agree.
    public var statements: [String]
    /// The participant types their name on screen.
    public var asksName: Bool
    /// The participant signs with a finger or pen on screen.
    public var asksSignature: Bool

    public struct Page: Hashable, Sendable {
        public var file: String
        /// Where the form names it, for messages about the file.
        public var line: Int, column: Int

        public init(file: String, line: Int = 0, column: Int = 0) {
            self.file = file
            self.line = line
            self.column = column
        }
    }

    public init(title: String, pages: [Page], statements: [String], asksName: Bool = true, asksSignature: Bool = true) {
        self.title = title
        self.pages = pages
        self.statements = statements
        self.asksName = asksName
        self.asksSignature = asksSignature
    }
}
