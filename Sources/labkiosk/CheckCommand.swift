import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskShell

/// `labkiosk check`: validate scenarios, drawing-pad configurations and plans without running them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate OpenMATB scenarios, drawing-pad and judgement configurations, prompt sequences and study plans; report every problem with file, line and column.",
        discussion: """
            Lines and columns are 1-based, as editors show them (OpenMATB's own messages count \
            lines from 0). Exits with status 1 if any file has an error; warnings (deprecated \
            lines, which are ignored) do not fail the check.
            """
    )

    @Argument(help: "Scenario files, drawing-pad configurations (InteractLog .ini), judgement configurations (.toml, with their trial lists and images), prompt sequences (.toml, with their pictures) or study plans (.toml, with every file they name) to check.")
    var files: [String]

    @Option(help: "Language of validator messages: en or fr.")
    var language: Language = .en

    func run() throws {
        let loader = ScenarioLoader(bundledIncludes: try InstallPaths().bundledIncludes, language: language)
        var failed = false
        for file in files {
            if file.hasSuffix(".toml") {
                let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
                let document = try? TOMLDocument.parse(text).get()
                if let document, JudgeConfigurationReader.looksLikeConfiguration(document) {
                    if !checkJudgement(file) { failed = true }
                } else if let document, document.arrays["phase"] != nil {
                    if !checkSequence(file) { failed = true }
                } else if !checkPlan(file) {
                    failed = true
                }
                continue
            }
            if let text = try? String(contentsOfFile: file, encoding: .utf8), PadLoader.looksLikeConfiguration(text) {
                if !checkPadConfiguration(file) { failed = true }
                continue
            }
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

    /// A study plan and every file it names.
    private func checkPlan(_ file: String) -> Bool {
        let checker = PlanChecker(bundledIncludes: (try? InstallPaths().bundledIncludes) ?? URL(fileURLWithPath: "Assets/includes"))
        switch checker.check(file) {
        case .success(let checked):
            for warning in checked.warnings { printError(warning.description) }
            let plan = checked.plan
            print("\(file): ok (\(plan.studyName): \(plan.blocks.count) blocks\(plan.groups.isEmpty ? "" : ", counterbalanced groups: " + plan.groups.joined(separator: ", ")))")
            return true
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(file): \(errors.diagnostics.count) error\(errors.diagnostics.count == 1 ? "" : "s"); the plan will not run")
            return false
        }
    }

    /// A judgement configuration, its trial lists and every image they name.
    private func checkJudgement(_ file: String) -> Bool {
        switch JudgeLoader.load(file) {
        case .success(let loaded):
            let c = loaded.configuration
            let practice = loaded.practice.map { ", \($0.trials.count) practice" } ?? ""
            print("\(file): ok (\(c.paradigm.rawValue) judgement: \(loaded.trials.trials.count) trials\(practice), \(loaded.images.count) images)")
            return true
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(file): \(errors.diagnostics.count) error\(errors.diagnostics.count == 1 ? "" : "s"); the judgement block will not run")
            return false
        }
    }

    /// A prompt sequence and every picture it can show.
    private func checkSequence(_ file: String) -> Bool {
        switch PromptsLoader.load(file, speaking: nil) {
        case .success(let loaded):
            let s = loaded.sequence
            print("\(file): ok (prompt sequence: \(s.phases.count) phases, \(s.trials.count) trials × \(s.passes), \(loaded.images.count) pictures, \(s.speechTexts.count) spoken texts)")
            return true
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(file): \(errors.diagnostics.count) error\(errors.diagnostics.count == 1 ? "" : "s"); the sequence will not run")
            return false
        }
    }

    /// A drawing-pad configuration and every image it names.
    private func checkPadConfiguration(_ file: String) -> Bool {
        switch PadLoader.load(file) {
        case .success(let loaded):
            let c = loaded.configuration
            print("\(file): ok (drawing pad \(c.padWidth)x\(c.padHeight), \(c.stimulusImages.count) stimuli\(c.familiarisationImage == nil ? "" : ", familiarisation"))")
            return true
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(file): \(errors.diagnostics.count) error\(errors.diagnostics.count == 1 ? "" : "s"); the configuration will not run")
            return false
        }
    }
}

extension Language: ExpressibleByArgument {}
