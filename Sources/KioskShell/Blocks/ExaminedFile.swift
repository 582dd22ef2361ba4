import KioskCore
import KioskData

/// A file `check` was given, read once, for each kind to say whether it is theirs.
public struct ExaminedFile: Sendable {
    public let path: String
    /// Its text, when it is UTF-8.
    public let text: String?
    /// Its table, when its name ends in `.toml` and it parses as TOML.
    public let document: TOMLDocument?

    public var isTOML: Bool { path.hasSuffix(".toml") }

    /// Reads the file; one that cannot be read (or is not a regular file) has no text.
    public init(path: String) {
        self.init(path: path, text: (try? FileDescriptorIO.readFile(atPath: path)).flatMap { String(validating: $0, as: UTF8.self) })
    }

    public init(path: String, text: String?) {
        self.path = path
        self.text = text
        document = path.hasSuffix(".toml") ? text.flatMap { try? TOMLDocument.parse($0).get() } : nil
    }
}
