import FoundationEssentials
import Glibc
import KioskCore

/// A desk's plans folder: the study plans it offers, `*.toml` and `*/plan.toml` one folder
/// down, by file name.
public struct PlansFolder: Sendable {
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    /// Each plan's file.
    public func planFiles() -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name -> String? in
            let file = path + "/" + name
            if name.hasSuffix(".toml") { return file }
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, access(file + "/plan.toml", F_OK) == 0 else { return nil }
            return file + "/plan.toml"
        }
    }

    /// Each plan's study and visits as its own file has them, for the lab, which runs no block:
    /// whether the files its blocks name load is the desk's question (the shell's `DeskRecords`).
    public func studiesAsWritten() -> [DeskStudy] {
        planFiles().map { file in
            let read = FileDescriptorIO.readText(atPath: file, limit: FileDescriptorIO.largestWrittenFile).mapError { refusal in
                ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: file, line: 0, column: 0, severity: .error,
                                                                message: "cannot read this plan: \(refusal.reason)")])
            }.flatMap { PlanReader.read($0, file: file, kinds: PlanBlockKind.all) }
            switch read {
            case .success(let plan): return DeskStudy(name: plan.studyName, planPath: file, visits: plan.visits)
            case .failure(let errors): return unavailable(file, errors)
            }
        }
    }

    /// A plan with errors, as the desk offers it: named by its file, with the first problem.
    public func unavailable(_ file: String, _ errors: ScenarioErrors) -> DeskStudy {
        let listed = errors.diagnostics.prefix(5).map { "line \($0.line): \($0.message)" }
        let more = errors.diagnostics.count > 5 ? ["and \(errors.diagnostics.count - 5) more: labkiosk check \(file) lists them all"] : []
        return DeskStudy(name: file.dropFirst(path.count + 1).description, planPath: file,
                         problem: listed.isEmpty ? "the plan has errors" : (listed + more).joined(separator: "\n"))
    }
}
