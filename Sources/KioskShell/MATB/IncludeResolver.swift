import FoundationEssentials
import KioskCore
import KioskData

/// Finds instruction and questionnaire files the way OpenMATB does (docs/openmatb-behaviour.md: Included
/// files), then in labkiosk's bundled set, and checks them before the session starts.
///
/// OpenMATB keeps scenarios in `includes/scenarios/` and looks for a `filename` in
/// `includes/instructions/` and `includes/questionnaires/`, and for images in
/// `includes/img/`. So for a scenario file, each folder above it is tried in turn for
/// `instructions/<name>` and `questionnaires/<name>` (and `includes/instructions/<name>`,
/// `includes/questionnaires/<name>`); images likewise in `img/` and `includes/img/`; the
/// first hit wins.
public struct IncludeResolver: Sendable {
    /// What a scenario's included files hold, read and checked.
    public struct Resolved: Sendable {
        /// Texts by the name the scenario uses.
        public var library: IncludeLibrary
        /// Image files by the name slides use.
        public var images: [String: String]
        /// Problems in the files: questionnaire items OpenMATB would crash on, missing
        /// images (errors), pages too full to fit (warnings).
        public var diagnostics: [ScenarioDiagnostic]
    }

    public let searchRoots: [URL]
    /// Files given by name, found before any search: a plan's instructions or questionnaire.
    public let namedFiles: [String: URL]

    /// - Parameter namedFiles: files a generated scenario names, found before any search.
    public init(scenario: URL, bundledIncludes: URL, namedFiles: [String: URL] = [:]) {
        self.namedFiles = namedFiles
        var roots: [URL] = []
        var current = scenario.deletingLastPathComponent().standardizedFileURL
        while true {
            roots.append(current)
            roots.append(current.appendingPathComponent("includes"))
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        roots.append(bundledIncludes)
        searchRoots = roots
    }

    /// The file a scenario means by `name`, if any.
    public func resolve(_ name: String) -> URL? {
        namedFiles[name] ?? find(name, in: ["instructions", "questionnaires"])
    }

    /// The image a slide means by `<img src=name>`, if any.
    public func resolveImage(_ name: String) -> URL? {
        find(name, in: ["img"])
    }

    private func find(_ name: String, in folders: [String]) -> URL? {
        guard !name.isEmpty, !name.hasPrefix("/") else { return nil }
        for root in searchRoots {
            for folder in folders {
                let candidate = root.appendingPathComponent(folder).appendingPathComponent(name)
                var isDirectory = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory {
                    return candidate
                }
            }
        }
        return nil
    }

    /// Reads every file the scenario names through a `filename` parameter and checks it as
    /// the plugin that names it will read it: questionnaires item by item, instruction
    /// slides for their images.
    /// - Throws: `ShellError` when a file exists but cannot be read or is not UTF-8.
    public func read(for scenario: Scenario) throws -> Resolved {
        var texts: [String: String] = [:]
        var images: [String: String] = [:]
        var diagnostics: [ScenarioDiagnostic] = []
        var checked: Set<String> = []
        for event in scenario.events {
            guard case .set("filename", .string(let name)) = event.command, let url = resolve(name) else { continue }
            if texts[name] == nil { texts[name] = try Self.readText(url) }
            guard let text = texts[name], checked.insert("\(event.plugin)/\(name)").inserted else { continue }
            switch event.plugin {
            case PluginAlias.genericscales:
                diagnostics += Questionnaire.parse(text, file: url.path).diagnostics
            default:
                for reference in SlideFile(text, ignoringEmptyLines: false).imageReferences {
                    if images[reference.name] != nil { continue }
                    if let image = resolveImage(reference.name) {
                        images[reference.name] = image.path
                    } else {
                        diagnostics.append(ScenarioDiagnostic(
                            file: url.path, line: reference.line, column: reference.column, severity: .error,
                            message: "image \(reference.name) not found in img/ or includes/img/ beside the scenario or above it, nor in labkiosk's Assets/includes/img/"))
                    }
                }
            }
        }
        return Resolved(library: IncludeLibrary(texts: texts), images: images, diagnostics: diagnostics)
    }

    private static func readText(_ url: URL) throws -> String {
        var bytes: [UInt8]
        switch FileDescriptorIO.readBytes(atPath: url.path) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw ShellError("\(url.path): cannot read this file: \(refusal.reason)")
        }
        // Some shipped questionnaires (nasatlx_fr.txt) start with a byte-order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ShellError("\(url.path): not valid UTF-8 text; save it as UTF-8")
        }
        return text
    }
}
