import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// A MATB session log opened to run its session again (`labkiosk verify`, `labkiosk replay`):
/// its rows, the scenario it names (read now, with its includes and voice clips), and the
/// settings it ran with. Nothing is run yet; anything that stops a re-run is an error here.
public struct LoggedSession: Sendable {
    public let logPath: String
    public let rows: [SessionLogRow]
    /// The inputs the log holds, in order.
    public let inputs: [LoggedInput]
    /// A last line a crash cut short, set aside.
    public let cutShortLine: String?
    public let header: SessionLogHeader
    public let scenario: Scenario
    public let catalog: PluginCatalog
    /// Image files the scenario's slides show, by the name they use.
    public let images: [String: String]
    public let configuration: MATBConfiguration
    /// The scenario file read now.
    public let scenarioFile: String
    /// Whether that file's SHA-256 differs from the one the session started with.
    public let scenarioChanged: Bool
    /// What the person running the command should know (an older log, a different version).
    public let notes: [String]

    /// Reads the log and everything its session needs.
    /// - Parameters:
    ///   - scenarioFile: the scenario to use instead of the one the log names.
    ///   - version: this labkiosk's `version` row.
    public init(logPath: String, scenarioFile override: String?, paths: InstallPaths, version: String) throws(LoggedSessionError) {
        self.logPath = logPath
        let contents: SessionLogReader.Contents
        do {
            contents = try SessionLogReader.read(try FileDescriptorIO.readFile(atPath: logPath), file: logPath)
        } catch {
            throw .unusable("\(error)")
        }
        guard !contents.rows.isEmpty else { throw .noRows }
        rows = contents.rows
        inputs = LoggedInputReader.inputs(in: rows)
        cutShortLine = contents.cutShortLine
        header = SessionLogHeader(rows: rows)
        var notes: [String] = []

        guard let loggedVersion = header.version else {
            throw .unusable("\(logPath): no `version` row; this is not a whole session log")
        }
        guard header.isFromLabkiosk else {
            throw .unusable("""
                \(logPath): written by OpenMATB \(loggedVersion), not labkiosk. OpenMATB's task updates follow its \
                display's frames and its prompts last as long as its recordings, and its log holds neither, so \
                its session cannot be run again exactly (docs/verify.md)
                """)
        }
        if loggedVersion != version { notes.append("written by \(loggedVersion); run again with \(version)") }

        let fileNumber = RunFileNaming.runNumber(ofPath: logPath) ?? 1
        var base = MATBConfiguration(runNumber: fileNumber, version: version)
        base.layout = ScreenLayout(topBounds: MATBOptions.defaultTopBounds, bottomBounds: MATBOptions.defaultBottomBounds)
        if header.settings.isEmpty {
            notes.append("the log names no settings (labkiosk before 0.2.0 wrote none): assuming the defaults and session \(fileNumber) from the file name")
        }
        var configuration: MATBConfiguration
        switch base.applying(logSettings: header.settings) {
        case .success(let applied): configuration = applied
        case .failure(let problem): throw .unusable("\(logPath): \(problem)")
        }

        guard let loggedScenario = header.scenarioPath else {
            throw .unusable("\(logPath): no `scenario_path` row; this is not a whole session log")
        }
        let slides = override == nil ? PlanBlockKind.slidesBlock(named: loggedScenario) : nil
        let file = override ?? slides?.file ?? loggedScenario
        guard FileManager.default.fileExists(atPath: file) else {
            throw .unusable(override == nil
                ? "\(logPath): the scenario it names, \(loggedScenario), is not found from here (paths are relative to the folder labkiosk was started in); give it with --scenario FILE"
                : "\(file): no such file")
        }
        scenarioFile = file
        let loader = ScenarioLoader(bundledIncludes: paths.bundledIncludes, language: configuration.language, hasParallelPort: true)
        var loaded: ScenarioLoader.Loaded
        switch slides.map({ loader.load(slides: $0.kind, file: URL(fileURLWithPath: $0.file)) }) ?? loader.load(file) {
        case .success(let result): loaded = result
        case .failure(let errors):
            throw .unusable((errors.diagnostics.map(\.description) + ["\(file): the scenario has errors; the session cannot be run again"]).joined(separator: "\n"))
        }
        let digest = try? FileChecksum.of(file).sha256
        scenarioChanged = header.scenarioDigest.map { $0 != digest } ?? false
        if scenarioChanged {
            notes.append("\(file) changed since the session: its SHA-256 was \(header.scenarioDigest ?? ""), is now \(digest ?? "unreadable")")
        } else if header.scenarioDigest == nil {
            notes.append("the log does not hold the scenario's SHA-256: a change to \(file) since the session shows only as a difference in the rows")
        }
        if let rulesPath = header.settings.last(where: { $0.key == MATBConfiguration.adaptiveRulesKey })?.value {
            switch AdaptiveRulesFile.attach(rulesPath, to: loaded) {
            case .success(let withRules): configuration.adaptiveRules = withRules.rules
            case .failure(let errors):
                throw .unusable((errors.diagnostics.map(\.description)
                                 + ["\(logPath): the session ran with the adaptive rules \(rulesPath), which cannot be read again as they are now"]).joined(separator: "\n"))
            }
            let loggedDigest = rows[header.shellRows].first { $0.value.hasPrefix(AdaptiveRulesFile.digestPrefix) }
                .map { String($0.value.dropFirst(AdaptiveRulesFile.digestPrefix.count)) }
            let rulesDigest = try? FileChecksum.of(rulesPath).sha256
            if let loggedDigest, loggedDigest != rulesDigest {
                notes.append("\(rulesPath) changed since the session: its SHA-256 was \(loggedDigest), is now \(rulesDigest ?? "unreadable")")
            }
        }
        loaded.scenario.path = loggedScenario
        do {
            let voices = try MATBOptions(scenarioPath: file, voicesDirectory: paths.voices).loadVoices(for: loaded.scenario)
            configuration.voices = voices.catalog
        } catch {
            throw .unusable("\(error)")
        }
        configuration.includes = loaded.includes
        scenario = loaded.scenario
        catalog = loaded.catalog
        images = loaded.images
        self.configuration = configuration
        self.notes = notes
    }

    /// A fresh re-run of the session, from its start.
    public func reenactment() -> SessionReenactment {
        SessionReenactment(scenario: scenario, configuration: configuration, inputs: inputs, catalog: catalog)
    }
}

/// Why a session log cannot be run again.
public enum LoggedSessionError: Error, CustomStringConvertible {
    /// The log has its header and no row: its session was stopped before writing any.
    case noRows
    /// Anything else, in words: which file and why.
    case unusable(String)

    public var description: String {
        switch self {
        case .noRows: "the log has no rows: its session was stopped before it wrote any"
        case .unusable(let message): message
        }
    }
}
