import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskData
import KioskShell

/// `labkiosk check`: validate every kind of block's files, and plans, without running them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate OpenMATB scenarios, drawing-pad and judgement configurations, prompt sequences, adaptive rules, workload descriptions and study plans; report every problem with file, line and column.",
        discussion: """
            Lines and columns are 1-based, as editors show them (OpenMATB's own messages count \
            lines from 0). Exits with status 1 if any file has an error; warnings (deprecated \
            lines, which are ignored) do not fail the check.
            """
    )

    @Argument(help: "Scenario files, drawing-pad configurations (InteractLog .ini), judgement configurations (.toml, with their trial lists and images), prompt sequences (.toml, with their pictures), adaptive rules (.toml), workload descriptions (.toml) or study plans (.toml, with every file they name) to check.")
    var files: [String]

    @Option(help: "Language of validator messages: en or fr.")
    var language: Language = .en

    func run() throws {
        let paths = try InstallPaths()
        var failed = false
        for file in files {
            let examined = ExaminedFile(path: file)
            if let kind = BlockKinds.all.first(where: { $0.recognises?(examined) == true }) {
                if !check(file, as: kind, paths: paths) { failed = true }
            } else if let document = examined.document, WorkloadDescriptionReader.looksLikeDescription(document) {
                if !checkDescription(examined) { failed = true }
            } else if AdaptiveRulesFile.recognises(examined) {
                switch AdaptiveRulesFile.check(examined) {
                case .success(let rules):
                    print("\(file): ok (\(rules.rules.count) adaptive rules; their tasks are checked with the scenario they go with)")
                case .failure(let errors):
                    report(errors, file: file, what: "the rules")
                    failed = true
                }
            } else if examined.isTOML {
                if !checkPlan(file, paths: paths) { failed = true }
            } else if !check(file, as: BlockKinds.fallback, paths: paths) {
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// A block's file and every file it names.
    private func check(_ file: String, as kind: BlockKind, paths: InstallPaths) -> Bool {
        let request = BlockLoadRequest(file: file, block: PlanBlock(kind: kind.plan, file: file), language: language, forRunning: false,
                                       bundledIncludes: paths.bundledIncludes)
        switch kind.load(request) {
        case .success(let loaded):
            for warning in loaded.warnings { printError(warning.description) }
            // The file is fine; the machine may not be: say so before the session day.
            for warning in loaded.machineWarnings(file: file) { printError(warning) }
            print("\(file): ok (\(loaded.checkSummary))")
            return true
        case .failure(let errors):
            report(errors, file: file, what: "the \(kind.fileNoun)")
            return false
        }
    }

    /// A workload description, and the scenario `labkiosk generate` would write from it.
    private func checkDescription(_ file: ExaminedFile) -> Bool {
        let stem = URL(fileURLWithPath: file.path).deletingPathExtension().lastPathComponent
        switch WorkloadDescriptionReader.read(file.text ?? "", file: file.path, defaultName: stem) {
        case .success(let description):
            let text = ScenarioGenerator.scenario(description, source: URL(fileURLWithPath: file.path).lastPathComponent)
            switch ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: description.name + ".txt") {
            case .success(let scenario):
                let seconds = description.blocks.reduce(0) { $0 + $1.seconds }
                print("\(file.path): ok (workload description: \(description.blockCountText), \(seconds) s; `labkiosk generate` writes \(scenario.events.count) events)")
                return true
            case .failure(let errors):
                report(errors, file: file.path, what: "its generated scenario (a fault of labkiosk generate)")
                return false
            }
        case .failure(let errors):
            report(errors, file: file.path, what: "the description")
            return false
        }
    }

    /// A study plan and every file it names.
    private func checkPlan(_ file: String, paths: InstallPaths) -> Bool {
        switch PlanChecker(bundledIncludes: paths.bundledIncludes).check(file) {
        case .success(let checked):
            for warning in checked.warnings { printError(warning.description) }
            let plan = checked.plan
            print("\(file): ok (\(plan.studyName): \(plan.blocks.count) blocks\(plan.groups.isEmpty ? "" : ", counterbalanced groups: " + plan.groups.joined(separator: ", ")))")
            return true
        case .failure(let errors):
            report(errors, file: file, what: "the plan")
            return false
        }
    }

    private func report(_ errors: ScenarioErrors, file: String, what: String) {
        for diagnostic in errors.diagnostics { printError(diagnostic.description) }
        let count = errors.diagnostics.filter { $0.severity == .error }.count
        printError("\(file): \(count) error\(count == 1 ? "" : "s"); \(what) will not run")
    }
}

extension Language: ExpressibleByArgument {}
