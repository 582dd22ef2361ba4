import Foundation

/// The files tests read, all under `Tests/Fixtures` in this repository: scenarios,
/// instructions and golden logs.
public enum Fixtures {
    /// `Tests/Fixtures`.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The repository's top folder, for what it bundles (`Assets/`, `Scenarios/`).
    public static let repository = root.deletingLastPathComponent().deletingLastPathComponent()

    /// A file under `Tests/Fixtures`, e.g. `scenarios/guided-tour.txt`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// A fixture's text.
    public static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: url(relativePath), encoding: .utf8)
    }
}
