import ArgumentParser
import KioskCore
import KioskShell

/// `labkiosk check`: validate scenario files without running them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate OpenMATB scenario files and report every problem with file, line and column.",
        discussion: """
            Lines and columns are 1-based, as editors show them (OpenMATB's own messages count \
            lines from 0). Exits with status 1 if any file has an error; warnings (deprecated \
            lines, which are ignored) do not fail the check.
            """
    )

    @Argument(help: "Scenario files to check.")
    var files: [String]

    @Option(help: "Language of validator messages: en or fr.")
    var language: Language = .en

    func run() throws {
        let loader = ScenarioLoader(bundledIncludes: try InstallPaths().bundledIncludes, language: language)
        var failed = false
        for file in files {
            switch loader.load(file) {
            case .success(let loaded):
                for warning in loaded.scenario.warnings { printError(warning.description) }
                if loaded.scenario.plugins.contains(PluginAlias.labstreaminglayer) {
                    // The file is fine; the machine may not be: say so before the session day.
                    do { _ = try LabStreamingLayerLibrary() } catch {
                        printError("\(file): warning: \(error); `labkiosk matb` will not start it on this machine")
                    }
                }
                print("\(file): ok (\(loaded.scenario.events.count) events, plugins: \(loaded.scenario.plugins.joined(separator: ", ")))")
            case .failure(let errors):
                failed = true
                for diagnostic in errors.diagnostics { printError(diagnostic.description) }
                let count = errors.diagnostics.filter { $0.severity == .error }.count
                printError("\(file): \(count) error\(count == 1 ? "" : "s"); the scenario will not run")
            }
        }
        if failed { throw ExitCode(1) }
    }
}

extension Language: ExpressibleByArgument {}
