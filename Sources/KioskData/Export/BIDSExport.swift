import FoundationEssentials
import Glibc
import KioskCore

/// Writes MATB session logs as a BIDS behavioural dataset in a new or empty folder, each file
/// created anew (never over another): `dataset_description.json`, `README`,
/// `participants.tsv`, one events file and sidecar per log, and `performance.csv`, the tidy
/// table of every performance value, listed in `.bidsignore` (docs/export.md).
public enum BIDSExport {
    public struct Written: Sendable {
        public var runs: Int
        public var participants: Int
        public var values: Int
    }

    /// The BIDS version the files follow.
    static let bidsVersion = "1.10.0"

    /// The longest participant or session label a file name is made of; a file name has at
    /// most 255 bytes and a BIDS events file's holds both labels, the task and the run.
    static let longestLabel = 100

    /// Exports `logs` (read from `inputs`, the files and folders given) into `folder`; a log's
    /// BIDS session is the batch session `sessionOf` names for it (by default, the one the
    /// folders above it say).
    public static func write(logs: [String], to folder: String, inputs: [String], version: String,
                             sessionOf: (String) -> String? = batchSession(of:)) throws(ShellError) -> Written {
        let output = try OutputFolder(folder, inputs: inputs)
        var runs: [Run] = []
        for (index, log) in logs.enumerated() {
            var run = try read(log, version: version)
            run.number = RunFileNaming.runNumber(ofPath: log) ?? index + 1
            runs.append(run)
        }

        var paths = Set<String>()
        var performance = TidyPerformance.header
        var values = 0
        var files: [(path: String, text: String)] = []
        let labels = BIDSSubjects.labels(of: Set(runs.map(\.participant)))
        // Participants whose batch journal says they were simulated (docs/simulate.md).
        let simulated = Set(runs.filter { simulatedSession(of: $0.log) }.map(\.participant))
        for var run in runs {
            let subject = "sub-" + (labels[run.participant] ?? BIDSLabel.make(run.participant))
            let session = sessionOf(run.log).map { "ses-" + BIDSLabel.make($0) }
            for label in [subject] + (session.map { [$0] } ?? []) where label.utf8.count > longestLabel {
                throw ShellError("\(run.log): its label `\(label.prefix(40))…` has \(label.utf8.count) bytes, more than a file name can hold "
                                 + "(at most \(longestLabel)); nothing was written")
            }
            let beh = ([subject] + (session.map { [$0] } ?? []) + ["beh"]).joined(separator: "/")
            func stem() -> String {
                ([subject] + (session.map { [$0] } ?? []) + ["task-\(run.task)", "run-\(run.number)"]).joined(separator: "_")
            }
            // Two logs of one subject, session and task with one number (two kiosks' sessions
            // that began in the same second): the later takes the next free number.
            while paths.contains("\(beh)/\(stem())_events.tsv") { run.number += 1 }
            let events = "\(beh)/\(stem())_events.tsv"
            paths.insert(events)
            files.append((events, run.events))
            files.append(("\(beh)/\(stem())_events.json", run.sidecar))
            if let rows = run.matbRows {
                let table = TidyPerformance.rows(rows, participant: run.participant, session: sessionOf(run.log) ?? "", run: run.number)
                values += table.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                performance += table
            }
        }
        files += [
            ("dataset_description.json", JSONText.object([
                ("Name", JSONText.quoted("labkiosk sessions")), ("BIDSVersion", JSONText.quoted(bidsVersion)),
                ("DatasetType", JSONText.quoted("raw")),
                ("GeneratedBy", "[" + JSONText.object([("Name", JSONText.quoted("labkiosk")), ("Version", JSONText.quoted(version))]) + "]"),
            ]) + "\n"),
            ("README", "Sessions exported by \(version) from \(runs.count) logs.\n"
                + "A MATB run's beh/*_events.tsv holds its log's scenario events, inputs, performance values, dialogs and notes;\n"
                + "a judgement run's (task-judge) one row per trial, a prompt sequence's (task-prompts) one per phase.\n"
                + "Each sidecar describes every column.\n"
                + "performance.csv holds every MATB performance value, one per row.\n"
                + (simulated.isEmpty ? "" : "\(simulated.count) of the \(labels.count) participants were SIMULATED by labkiosk simulate "
                    + "(participants.tsv: simulated): no person took part in their sessions.\n")),
            ("participants.tsv", BIDSSubjects.table(labels, simulated: simulated)),
            ("participants.json", BIDSSubjects.sidecar(simulatedColumn: !simulated.isEmpty)),
            (".bidsignore", "performance.csv\n"),
            ("performance.csv", performance),
        ]
        for file in files { try output.create(file.path, Array(file.text.utf8)) }
        try output.finish()
        return Written(runs: runs.count, participants: labels.count, values: values)
    }

    /// One log to export: its events file and sidecar, and a MATB log's rows for the tidy table.
    struct Run {
        var log: String
        var participant: String
        var task: String
        var number = 0
        var events: String
        var sidecar: String
        var matbRows: [SessionLogRow]?
    }

    /// A log as a run, read by the reader its name's ending says (a session log when none does).
    static func read(_ log: String, version: String) throws(ShellError) -> Run {
        let reader = BIDSRunReader.all.first { log.hasSuffix($0.suffix) } ?? .matbSession
        return try reader.read(log, version)
    }

    /// The endings of the logs `export` writes as runs.
    public static var logSuffixes: [String] { BIDSRunReader.all.map(\.suffix) }

    /// The batch session a log belongs to: the name of the nearest folder above it holding a
    /// batch journal (`<study>_<yyyy-MM-dd>_<HHMMSS>`), or nil for a log of its own.
    public static func batchSession(of log: String) -> String? {
        batchJournal(of: log).map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent }
    }

    /// The batch journal of the nearest folder above `log` that holds one, or nil.
    static func batchJournal(of log: String) -> String? {
        var folder = URL(fileURLWithPath: log).deletingLastPathComponent()
        for _ in 0..<3 {
            let journal = folder.appendingPathComponent(BatchJournalFile.fileName).path
            if FileManager.default.fileExists(atPath: journal) { return journal }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Whether `log` belongs to a simulated participant's batch session: its journal says so.
    static func simulatedSession(of log: String) -> Bool {
        guard let journal = batchJournal(of: log), case .success(let text) = FileDescriptorIO.readText(atPath: journal),
              case .success(let read) = BatchJournal.read(text) else { return false }
        return read.simulated != nil
    }
}
