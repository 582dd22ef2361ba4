import KioskCore
import KioskData

/// A MATB block's adaptive rules file (docs/adaptive.md), read and checked against the
/// scenario it goes with.
public enum AdaptiveRulesFile {
    /// How the shell's row with the rules file's SHA-256 begins, after the scenario's.
    public static let digestPrefix = "labkiosk: adaptive rules SHA-256 "

    /// The scenario with its rules, or every problem in the rules file.
    public static func attach(_ path: String, to loaded: ScenarioLoader.Loaded) -> Result<ScenarioLoader.Loaded, ScenarioErrors> {
        let text: String
        switch FileDescriptorIO.readText(atPath: path, limit: FileDescriptorIO.largestWrittenFile) {
        case .success(let read): text = read
        case .failure(let refusal):
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error,
                                                                          message: "cannot read this rules file: \(refusal.reason)")]))
        }
        return AdaptiveRulesReader.read(text, file: path, scenario: loaded.scenario, catalog: loaded.catalog).map { rules in
            var withRules = loaded
            withRules.rules = rules
            return withRules
        }
    }

    /// Whether a file `check` was given is a rules file (it has `[[rule]]` tables).
    public static func recognises(_ file: ExaminedFile) -> Bool { file.document?.arrays["rule"] != nil }

    /// A rules file checked on its own, as if its scenario ran every task: the tasks it reads
    /// and commands are checked against the scenario when a plan or `matb --rules` pairs them.
    public static func check(_ file: ExaminedFile) -> Result<AdaptiveRules, ScenarioErrors> {
        guard let text = file.text else {
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: file.path, line: 0, column: 0, severity: .error,
                                                                          message: "cannot read this rules file as UTF-8 text")]))
        }
        let catalog = PluginCatalog.openMATB
        let everyTask = Scenario(path: "its scenario", events: [], plugins: catalog.descriptors.map(\.alias), warnings: [])
        return AdaptiveRulesReader.read(text, file: file.path, scenario: everyTask, catalog: catalog)
    }
}
