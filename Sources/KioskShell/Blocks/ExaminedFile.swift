import KioskCore

/// A file `check` was given, read once, for each kind to say whether it is theirs.
public struct ExaminedFile: Sendable {
    public let path: String
    /// Its text, when it is UTF-8.
    public let text: String?
    /// Its table, when its name ends in `.toml` and it parses as TOML.
    public let document: TOMLDocument?

    public var isTOML: Bool { path.hasSuffix(".toml") }

    public init(path: String, text: String?) {
        self.path = path
        self.text = text
        document = path.hasSuffix(".toml") ? text.flatMap { try? TOMLDocument.parse($0).get() } : nil
    }
}
