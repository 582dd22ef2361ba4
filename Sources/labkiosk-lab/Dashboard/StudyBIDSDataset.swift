import FoundationEssentials
import Glibc
import KioskCore
import KioskData
import KioskLab
import ZIPFoundation

/// A study's sessions from every kiosk as one BIDS dataset, zipped (docs/dashboard.md): the
/// logs `labkiosk export --bids` exports (MATB, judgements, prompts), each checked against the
/// SHA-256 the lab recorded, laid out as the kiosks' folders in a temporary folder and
/// exported as `labkiosk export --bids` exports a kiosk's. A log's BIDS session is its batch
/// session's folder; its journal, beside the logs, marks a simulated participant's. The dataset is the zip's folder `STUDY-bids/`; a log left out (its bytes
/// changed) is named in `NOT-INCLUDED.txt` beside it, outside the dataset.
enum StudyBIDSDataset {
    /// The study has no log `labkiosk export --bids` exports.
    struct NothingToExport: Error, CustomStringConvertible {
        var study: String
        var description: String { "\(study) has no MATB, judgement or prompts log in the lab" }
    }

    /// The logs are there but make no dataset (a log that is not what its name says, a label
    /// longer than a file name can hold):
    /// why, naming the logs as `KIOSK/PATH`.
    struct CannotBeMade: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    static func write(study: String, folderName: String, database: any LabDatabase, dataFolder: String?, version: String) throws -> Int32 {
        var template = Array(((environment("TMPDIR") ?? "/tmp") + "/labkiosk-bids-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw LabFailure(message: "cannot make a temporary folder: \(FileDescriptorIO.describe(errno: errno))") }
        let work = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: work) }

        var logs: [String] = [], sessions: [String: String] = [:], leftOut = ""
        // Each session's journal goes beside its logs: it says whether its participant was simulated.
        for file in try LabStudyFiles.read(database, study: study).files
        where file.isJournal || (!file.partial && BIDSExport.logSuffixes.contains(where: file.path.hasSuffix)) {
            // A kiosk names its own files: a name that would climb out of the temporary folder is left out.
            guard let name = ZipEntryName.of(kiosk: file.kiosk, path: file.path) else {
                leftOut += StudyArchive.notInsideItsFolder(file)
                continue
            }
            guard let bytes = try StudyArchive.checkedBytes(of: file, database: database, dataFolder: dataFolder) else {
                leftOut += StudyArchive.notIncluded(file)
                continue
            }
            let path = "\(work)/kiosks/" + name
            try FileManager.default.createDirectory(atPath: String(path[..<path.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            if file.isJournal { continue }
            logs.append(path)
            sessions[path] = file.journal.split(separator: "/").dropLast().last.map(String.init)
        }
        guard !logs.isEmpty else { throw NothingToExport(study: study) }
        // The zip's entries are named by their paths below `work`, so the dataset is made under its name there.
        let dataset = work + "/" + folderName
        do {
            _ = try BIDSExport.write(logs: logs, to: dataset, inputs: [work + "/kiosks"], version: version, sessionOf: { sessions[$0] })
        } catch {
            // Staff read why; the server's temporary folder is not theirs to see.
            throw CannotBeMade(reason: error.description.replacing(work + "/kiosks/", with: "").replacing(work + "/", with: ""))
        }
        return try StudyArchive.temporaryZip { archive in
            for relative in try FileManager.default.subpathsOfDirectory(atPath: dataset).sorted() {
                var status = stat()
                guard stat(dataset + "/" + relative, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
                try archive.addEntry(with: folderName + "/" + relative, relativeTo: URL(fileURLWithPath: work), compressionMethod: .deflate)
            }
            if !leftOut.isEmpty { try StudyArchive.add("NOT-INCLUDED.txt", Data(leftOut.utf8), to: archive) }
        }
    }
}
