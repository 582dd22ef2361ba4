import FoundationEssentials
import KioskCore

/// Checks a plan and every file it names, each file by its own kind's loader, so that a plan
/// that would fail mid-batch is refused before its first block: every problem at once.
public struct PlanChecker: Sendable {
    /// MATB's bundled includes (instructions and questionnaires OpenMATB ships).
    public let bundledIncludes: URL

    public init(bundledIncludes: URL) {
        self.bundledIncludes = bundledIncludes
    }

    public struct Checked: Sendable {
        public var plan: Plan
        /// Each block's file, resolved against the plan's folder.
        public var files: [String?]
        public var warnings: [ScenarioDiagnostic]
    }

    public func check(_ path: String) -> Result<Checked, ScenarioErrors> {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error,
                                                                          message: "cannot read this plan as UTF-8 text")]))
        }
        let plan: Plan
        switch PlanReader.read(text, file: path) {
        case .success(let read): plan = read
        case .failure(let errors): return .failure(errors)
        }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var problems: [ScenarioDiagnostic] = []
        var warnings: [ScenarioDiagnostic] = []
        var files: [String?] = []
        for block in plan.blocks {
            guard let name = block.file else {
                files.append(nil)
                continue
            }
            let file = name.hasPrefix("/") ? name : folder + "/" + name
            files.append(file)
            guard FileManager.default.fileExists(atPath: file) else {
                problems.append(ScenarioDiagnostic(file: path, line: block.fileLine, column: block.fileColumn, severity: .error,
                                                   message: "\(block.kind.fileKey ?? "file") not found: \(file)"))
                continue
            }
            switch block.kind {
            case .matb:
                switch ScenarioLoader(bundledIncludes: bundledIncludes, language: block.language ?? .en).load(file) {
                case .success(let loaded): warnings += loaded.scenario.warnings
                case .failure(let errors): problems += errors.diagnostics
                }
            case .pad:
                if case .failure(let errors) = PadLoader.load(file) { problems += errors.diagnostics }
            case .judge:
                if case .failure(let errors) = JudgeLoader.load(file) { problems += errors.diagnostics }
            case .prompts:
                if case .failure(let errors) = PromptsLoader.load(file, speaking: nil) { problems += errors.diagnostics }
            case .questionnaire:
                guard let content = try? String(contentsOfFile: file, encoding: .utf8) else {
                    problems.append(ScenarioDiagnostic(file: file, line: 0, column: 0, severity: .error, message: "cannot read this file as UTF-8 text"))
                    continue
                }
                problems += Questionnaire.parse(content, file: file).diagnostics.filter { $0.severity == .error }
            case .instructions:
                if (try? String(contentsOfFile: file, encoding: .utf8)) == nil {
                    problems.append(ScenarioDiagnostic(file: file, line: 0, column: 0, severity: .error, message: "cannot read this file as UTF-8 text"))
                }
            case .break:
                break
            }
        }
        if !problems.isEmpty { return .failure(ScenarioErrors(diagnostics: problems)) }
        return .success(Checked(plan: plan, files: files, warnings: warnings))
    }
}
