import FoundationEssentials

/// Where labkiosk's bundled files live: the folder holding `Assets/` and `Scenarios/`.
///
/// Found from `LABKIOSK_HOME`, else by walking up from the executable (a build inside the
/// repository finds the repository), else from the working directory.
public struct InstallPaths: Sendable {
    public let root: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let home = environment["LABKIOSK_HOME"] {
            root = URL(fileURLWithPath: home)
            return
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = Self.ancestors(of: executable.deletingLastPathComponent())
            + Self.ancestors(of: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        guard let found = candidates.first(where: Self.isInstallRoot) else {
            throw ShellError("cannot find labkiosk's Assets/ and Scenarios/ folders; set LABKIOSK_HOME to the folder that holds them")
        }
        root = found
    }

    public var assets: URL { root.appendingPathComponent("Assets") }
    public var scenarios: URL { root.appendingPathComponent("Scenarios") }
    /// The bundled instructions and questionnaires, searched after the scenario's own.
    public var bundledIncludes: URL { assets.appendingPathComponent("includes") }
    /// The voice clips of the communications prompts (`<idiom>/<gender>/<clip>.wav`).
    public var voices: URL { assets.appendingPathComponent("voices") }
    /// The scenario `labkiosk matb` runs when given none.
    public var defaultScenario: URL { scenarios.appendingPathComponent("default.txt") }

    private static func ancestors(of url: URL) -> [URL] {
        var result: [URL] = []
        var current = url.standardizedFileURL
        while true {
            result.append(current)
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        return result
    }

    private static func isInstallRoot(_ url: URL) -> Bool {
        var isDirectory = false
        let fm = FileManager.default
        return fm.fileExists(atPath: url.appendingPathComponent("Assets").path, isDirectory: &isDirectory) && isDirectory
            && fm.fileExists(atPath: url.appendingPathComponent("Scenarios").path)
    }
}
