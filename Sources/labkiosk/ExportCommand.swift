import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskData
import KioskShell

/// `labkiosk export --bids`: MATB session logs as a BIDS behavioural dataset, with a tidy
/// table of every performance value (docs/export.md).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export MATB session logs, judgement and prompts logs as a BIDS dataset and a tidy performance table.",
        discussion: """
            Each input is a MATB session log (.csv), a judgement log (_judge.tsv, one event per trial), a \
            prompts log (_prompts.tsv, one event per phase) or a \
            batch session folder (every such log in it). The dataset gets dataset_description.json, README, \
            participants.tsv, and for each log \
            sub-<participant>/[ses-<batch>/]beh/sub-<participant>_[ses-<batch>_]task-<matb|instructions|questionnaire|judge|prompts>_run-<session number>_events.tsv \
            with its JSON sidecar; performance.csv (listed in .bidsignore) holds every MATB performance value, one per row. \
            The output folder must be new or empty and outside every input; it is written whole or not at all, \
            and nothing is ever overwritten.
            """
    )

    @Flag(help: "Write a BIDS dataset (the only format so far).")
    var bids = false

    @Argument(help: "Session logs (.csv), judgement logs (_judge.tsv), prompts logs (_prompts.tsv) or batch session folders.")
    var inputs: [String]

    @Option(help: "The dataset's folder (new or empty).")
    var out: String

    func validate() throws {
        if !bids { throw ValidationError("say which format: --bids") }
        if inputs.isEmpty { throw ValidationError("give at least one session log or batch folder") }
    }

    func run() throws {
        var seen = Set<String>()
        let given = try inputs.flatMap(sessionLogs(in:))
        // A log given twice (by name and in its folder) is one run, not two.
        let logs = given.filter { seen.insert(OutputFolder.resolvedPath($0)).inserted }
        if logs.count < given.count { printError("labkiosk: note: \(given.count - logs.count) log(s) given more than once are exported once") }
        guard !logs.isEmpty else {
            printError("labkiosk: no session, judgement or prompts log in \(inputs.joined(separator: ", ")); nothing was written")
            throw ExitCode(1)
        }
        do {
            let written = try BIDSExport.write(logs: logs, to: out, inputs: inputs, version: Labkiosk.version)
            print("\(out): \(written.runs) runs of \(written.participants) participants; \(written.values) performance values in performance.csv")
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }

    /// The logs an input names: the file itself, or every one under a folder, by path.
    private func sessionLogs(in input: String) throws -> [String] {
        var isFolder = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
            printError("labkiosk: \(input): no such file or folder")
            throw ExitCode(1)
        }
        guard isFolder else { return [input] }
        return logFiles(under: input).sorted()
    }

    private func logFiles(under folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.flatMap { name -> [String] in
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            var isFolder = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            return isFolder ? logFiles(under: path) : BIDSExport.logSuffixes.contains(where: name.hasSuffix) ? [path] : []
        }
    }
}
