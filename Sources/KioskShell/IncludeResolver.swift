import Foundation
import KioskCore

/// Finds instruction and questionnaire files the way OpenMATB does (spec §2.7), then in
/// labkiosk's bundled set.
///
/// OpenMATB keeps scenarios in `includes/scenarios/` and looks for a `filename` in
/// `includes/instructions/` and `includes/questionnaires/`. So for a scenario file, each
/// folder above it is tried in turn for `instructions/<name>` and `questionnaires/<name>`
/// (and `includes/instructions/<name>`, `includes/questionnaires/<name>`); the first hit wins.
public struct IncludeResolver: Sendable {
    public let searchRoots: [URL]

    public init(scenario: URL, bundledIncludes: URL) {
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
        guard !name.isEmpty, !name.hasPrefix("/") else { return nil }
        for root in searchRoots {
            for folder in ["instructions", "questionnaires"] {
                let candidate = root.appendingPathComponent(folder).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    return candidate
                }
            }
        }
        return nil
    }

    /// Reads every file the scenario names through a `filename` parameter.
    public func library(for scenario: Scenario) throws -> IncludeLibrary {
        var texts: [String: String] = [:]
        for event in scenario.events {
            guard case .set("filename", .string(let name)) = event.command, texts[name] == nil, let url = resolve(name) else { continue }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw ShellError("\(url.path): cannot read this file")
            }
            var bytes = [UInt8](data)
            // Some shipped questionnaires (nasatlx_fr.txt) start with a byte-order mark.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ShellError("\(url.path): not valid UTF-8 text; save it as UTF-8")
            }
            texts[name] = text
        }
        return IncludeLibrary(texts: texts)
    }
}
