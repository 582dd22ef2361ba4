import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// Reads a scenario file from disk and validates it, with its includes resolved and checked.
public struct ScenarioLoader: Sendable {
    public let bundledIncludes: URL
    public let language: Language
    /// Whether this machine has a parallel port (`/dev/parport0`, or `LABKIOSK_PARPORT`);
    /// without one, scenarios that set `parallelport` parameters fail validation, as in OpenMATB.
    public let hasParallelPort: Bool

    public init(bundledIncludes: URL, language: Language = .en,
                hasParallelPort: Bool = FileManager.default.fileExists(atPath: PPDevParallelPort.defaultPath())) {
        self.bundledIncludes = bundledIncludes
        self.language = language
        self.hasParallelPort = hasParallelPort
    }

    /// The outcome of loading one file.
    public struct Loaded {
        public var scenario: Scenario
        public var includes: IncludeLibrary
        /// Image files slides show, by the name they use.
        public var images: [String: String]
        /// The plugin catalog the scenario was checked against (the session uses the same).
        public var catalog: PluginCatalog
        /// The adaptive rules the session runs with, checked against the scenario (``AdaptiveRulesFile``).
        public var rules: AdaptiveRules?
    }

    /// The catalog for this machine.
    public var catalog: PluginCatalog { hasParallelPort ? .openMATB : PluginCatalog.openMATB.withoutParallelPort }

    /// The validated scenario and its included texts, or every problem found.
    public func load(_ path: String) -> Result<Loaded, ScenarioErrors> {
        let url = URL(fileURLWithPath: path)
        let bytes: [UInt8]
        switch readBytes(url, displayPath: path) {
        case .success(let read): bytes = read
        case .failure(let problem): return .failure(ScenarioErrors(diagnostics: [problem]))
        }
        return validate(bytes, path: path, resolver: IncludeResolver(scenario: url, bundledIncludes: bundledIncludes))
    }

    /// A scenario made here rather than read from a file: a plan's instructions or
    /// questionnaire block, as a one-plugin scenario whose file is given by name, and whose
    /// log names it as ``PlanBlockKind/slidesScenarioName(file:)`` says. Images its
    /// slides show are looked for beside that file, as for a scenario there.
    public func load(slides kind: PlanBlockKind, file: URL) -> Result<Loaded, ScenarioErrors> {
        let plugin = kind == .instructions ? PluginAlias.instructions : PluginAlias.genericscales
        let text = "0:00:00;\(plugin);filename;\(file.lastPathComponent)\n0:00:00;\(plugin);start\n"
        let resolver = IncludeResolver(scenario: file, bundledIncludes: bundledIncludes, namedFiles: [file.lastPathComponent: file])
        return validate(Array(text.utf8), path: kind.slidesScenarioName(file: file.path), resolver: resolver)
    }

    private func validate(_ bytes: [UInt8], path: String, resolver: IncludeResolver) -> Result<Loaded, ScenarioErrors> {
        // Like OpenMATB, a file in either folder satisfies any plugin's `filename`.
        let context = ValidationContext(fileExists: { _, name in resolver.resolve(name) != nil })
        let validator = ScenarioValidator(catalog: catalog, context: context, language: language)
        switch validator.validate(bytes, path: path) {
        case .failure(let errors): return .failure(errors)
        case .success(var scenario):
            do {
                let resolved = try resolver.read(for: scenario)
                if resolved.diagnostics.contains(where: { $0.severity == .error }) {
                    return .failure(ScenarioErrors(diagnostics: scenario.warnings + resolved.diagnostics))
                }
                scenario.warnings += resolved.diagnostics
                return .success(Loaded(scenario: scenario, includes: resolved.library, images: resolved.images, catalog: catalog))
            } catch {
                return .failure(ScenarioErrors(diagnostics: [
                    ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error, message: "\(error)"),
                ]))
            }
        }
    }

    private func readBytes(_ url: URL, displayPath: String) -> Result<[UInt8], ScenarioDiagnostic> {
        func problem(_ message: String) -> Result<[UInt8], ScenarioDiagnostic> {
            .failure(ScenarioDiagnostic(file: displayPath, line: 0, column: 0, severity: .error, message: message))
        }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return problem("no such file")
        }
        if isDirectory { return problem("this is a folder; give a scenario file (.txt)") }
        let descriptor: Int32
        switch FileDescriptorIO.openRegularFile(url.path) {
        case .success(let opened): descriptor = opened
        case .failure(let refusal): return problem(refusal.reason)
        }
        defer { close(descriptor) }
        // Read at most one byte past the limit, so a huge file is refused without loading it.
        var bytes: [UInt8] = []
        if let code = FileDescriptorIO.readAll(from: descriptor, into: &bytes, limit: ScenarioReader.maximumByteCount + 1) {
            return problem("cannot read this file (\(FileDescriptorIO.describe(errno: code)))")
        }
        return .success(bytes)
    }
}
