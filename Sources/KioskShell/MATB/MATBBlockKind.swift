import FoundationEssentials
import KioskCore
import KioskData

extension BlockKind {
    /// An OpenMATB scenario. A file `check` is given that no other kind claims is read as one.
    public static let matb = BlockKind(plan: .matb, screenTitle: "The multi-task battery", fileNoun: "scenario", log: .matb) { request in
        ScenarioLoader(bundledIncludes: request.bundledIncludes, language: request.language).load(request.path)
            .flatMap { loaded in request.rules.map { AdaptiveRulesFile.attach($0, to: loaded) } ?? .success(loaded) }
            .map { LoadedScenario(loaded: $0, path: request.path) }
    }
}

extension BlockLog {
    /// OpenMATB's CSV session log, which MATB, instructions and questionnaire blocks write.
    static let matb = BlockLog(suffix: ".csv", reportTitle: "MATB session", sectionHeading: "Session",
                               report: { path, heading, prefix throws(ShellError) in
        let contents = try FileDescriptorIO.readFile(atPath: path) { try SessionLogReader.read($0, file: path) }
        var sections = MATBBlockReport.sections(contents.rows, title: heading, plotPrefix: prefix)
        if contents.cutShortLine != nil { sections[0].notes.append("the log's last line was cut short (a crash) and is left out") }
        return sections
    }, bids: .matbSession)
}

/// A scenario loaded, by a MATB block or as an instructions or questionnaire block's
/// one-plugin scenario.
struct LoadedScenario: LoadedBlock {
    let loaded: ScenarioLoader.Loaded
    /// The scenario's file, which a MATB block's options name.
    let path: String

    var images: [String: String] { loaded.images }
    var warnings: [ScenarioDiagnostic] { loaded.scenario.warnings }
    var reportedFigures: [String]? { MATBBlock.reportableFigures(plugins: loaded.scenario.plugins) }
    var checkSummary: String {
        "\(loaded.scenario.events.count) events, plugins: \(loaded.scenario.plugins.joined(separator: ", "))"
            + (loaded.rules.map { ", \($0.rules.count) adaptive rules" } ?? "")
    }

    func machineWarnings(file: String) -> [String] {
        guard loaded.scenario.plugins.contains(PluginAlias.labstreaminglayer) else { return [] }
        do {
            _ = try LabStreamingLayerLibrary()
            return []
        } catch {
            return ["\(file): warning: \(error); `labkiosk matb` will not start it on this machine"]
        }
    }

    /// The scenario's last event at `speed`.
    func expectedSeconds(speed: Double) -> Double? {
        let last = loaded.scenario.events.map(\.time.nanoseconds).max() ?? 0
        return Double(last) / 1e9 / speed
    }

    /// A log grows by about 20 kB per scenario second (2.4 MB for two minutes of all five tasks).
    func estimatedBytes(speed: Double) -> Double { 20_000 * (expectedSeconds(speed: speed) ?? 0) * speed }

    var speaks: Bool { loaded.scenario.plugins.contains(PluginAlias.communications) }

    func host(_ request: BlockHostRequest) throws -> any BlockHost {
        let input = request.settings.input.overridden(by: request.block.input).overridden(by: request.commandLineInput)
        let matb = MATBOptions.resolve(commandLine: MATBOptions.CommandLine(scenarioPath: path), settings: request.settings, input: input,
                                       defaultScenario: request.paths.defaultScenario.path, voicesDirectory: request.paths.voices)
        return try MATBBlockHost(loaded: loaded, matb: matb, run: request.run, context: request.blockContext, version: request.version,
                                 manualNotes: request.notes)
    }
}
