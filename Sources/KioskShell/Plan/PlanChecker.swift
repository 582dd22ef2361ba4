import FoundationEssentials
import KioskCore
import KioskData

/// Reads a plan and loads every file it names, each by its own kind, so that a plan that
/// would fail mid-batch is refused before its first block: every problem at once, the plan's
/// and its files'. The files are loaded here once; a batch runs what was loaded.
public struct PlanChecker: Sendable {
    /// MATB's bundled includes (instructions and questionnaires OpenMATB ships).
    public let bundledIncludes: URL

    public init(bundledIncludes: URL) {
        self.bundledIncludes = bundledIncludes
    }

    /// A plan whose every file loaded.
    public struct Checked {
        public var plan: Plan
        /// Each of the plan's blocks, in the plan's order.
        public var blocks: [CheckedBlock]
        public var warnings: [ScenarioDiagnostic]
    }

    /// One block of a plan with its file loaded.
    public struct CheckedBlock {
        public var kind: BlockKind
        /// Its file, resolved against the plan's folder; nil for a kind that runs none.
        public var file: String?
        public var loaded: any LoadedBlock
    }

    /// - Parameters:
    ///   - language: the language of blocks that name none, for their texts and messages.
    ///   - forRunning: the blocks are about to run (a prompt sequence says its texts now).
    public func check(_ path: String, language: Language = .en, forRunning: Bool = false) -> Result<Checked, ScenarioErrors> {
        let text: String
        switch FileDescriptorIO.readText(atPath: path, limit: FileDescriptorIO.largestWrittenFile) {
        case .success(let read): text = read
        case .failure(let refusal):
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error,
                                                                          message: "cannot read this plan: \(refusal.reason)")]))
        }
        let (read, planProblems) = PlanReader.readEveryBlock(text, file: path, kinds: BlockKinds.plan)
        guard let plan = read else { return .failure(ScenarioErrors(diagnostics: planProblems)) }
        let folder = FilePaths.folder(of: path)
        // Each problem goes with the plan line it comes from, so that they are said in the plan's order.
        var problems = planProblems.map { (line: $0.line, diagnostic: $0) }
        var warnings: [ScenarioDiagnostic] = []
        var blocks: [CheckedBlock] = []
        for block in plan.blocks {
            guard let kind = BlockKinds.kind(block.kind) else { continue }
            let file = block.file.map { FilePaths.resolve($0, in: folder) }
            if let file, !FileManager.default.fileExists(atPath: file) {
                problems.append((block.fileLine, ScenarioDiagnostic(file: path, line: block.fileLine, column: block.fileColumn, severity: .error,
                                                                    message: "\(block.kind.fileKey ?? "file") not found: \(file)")))
                continue
            }
            let rules = block.rules.map { FilePaths.resolve($0, in: folder) }
            if let rules, !FileManager.default.fileExists(atPath: rules) {
                problems.append((block.rulesLine, ScenarioDiagnostic(file: path, line: block.rulesLine, column: block.rulesColumn, severity: .error,
                                                                     message: "rules not found: \(rules)")))
                continue
            }
            let request = BlockLoadRequest(file: file, block: block, language: block.language ?? language, forRunning: forRunning,
                                           bundledIncludes: bundledIncludes, rules: rules)
            switch kind.load(request) {
            case .success(let loaded):
                if let criterion = block.repeatUntil, let figures = loaded.reportedFigures, !figures.contains(criterion.figure) {
                    let reported = figures.isEmpty ? "none" : figures.map { "`\($0)`" }.joined(separator: ", ")
                    problems.append((block.line, ScenarioDiagnostic(file: path, line: block.line, column: 1, severity: .error,
                        message: "`repeat_until` names `\(criterion.figure)`, which this block never reports (it reports \(reported)): the practice could never end by it")))
                }
                warnings += loaded.warnings
                blocks.append(CheckedBlock(kind: kind, file: file, loaded: loaded))
            case .failure(let errors):
                problems += errors.diagnostics.map { (block.fileLine, $0) }
            }
        }
        if !problems.isEmpty {
            let ordered = problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            return .failure(ScenarioErrors(diagnostics: ordered.map(\.element.diagnostic)))
        }
        return .success(Checked(plan: plan, blocks: blocks, warnings: warnings))
    }
}
