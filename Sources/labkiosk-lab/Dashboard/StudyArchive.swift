import FoundationEssentials
import Glibc
import KioskCore
import KioskData
import KioskLab
import ZIPFoundation

/// A study's files as one zip (docs/dashboard.md): `KIOSK/PATH` for every file of its
/// sessions and every session's journal as the lab holds it (``ZipEntryName``: a name that
/// would climb out of its folder is left out, and characters Windows refuses become `_`),
/// deflated, with `SHA256SUMS` (as `sha256sum -c` reads it). Every file's bytes are checked against the SHA-256 the lab recorded before they
/// go in; one that does not match (a kiosk's file changed since) is left out. What is left
/// out is named in `NOT-INCLUDED.txt`. A dry run's zip (LabDryRun) has `SIMULATED.txt` too.
enum StudyArchive {
    static func write(study: String, database: any LabDatabase, dataFolder: String?) throws -> Int32 {
        try temporaryZip { archive in
            var sums = "", leftOut = "", names: Set<String> = []
            for file in try LabStudyFiles.read(database, study: study).files {
                guard let name = ZipEntryName.of(kiosk: file.kiosk, path: file.path) else {
                    leftOut += notInsideItsFolder(file)
                    continue
                }
                guard names.insert(name).inserted else {
                    leftOut += "\(listed(file)): another file has the same name once made one Windows can extract (\(name))\n"
                    continue
                }
                guard let bytes = try checkedBytes(of: file, database: database, dataFolder: dataFolder) else {
                    leftOut += notIncluded(file)
                    continue
                }
                try add(name, Data(bytes), to: archive)
                sums += "\(file.sha256)  \(name)\n"
            }
            try add("SHA256SUMS", Data(sums.utf8), to: archive)
            if LabDryRun.isDryRun(study) { try add(SimulatedDataFolder.markFileName, Data(dryRunNotice(study).utf8), to: archive) }
            if !leftOut.isEmpty { try add("NOT-INCLUDED.txt", Data(leftOut.utf8), to: archive) }
        }
    }

    /// A file's bytes, from the lab or the kiosk's folder (a journal's always from the lab, which
    /// keeps them), when they are those the lab recorded.
    static func checkedBytes(of file: LabStudyFiles.File, database: any LabDatabase, dataFolder: String?) throws -> [UInt8]? {
        let bytes: [UInt8]?
        if let folder = dataFolder, !file.isJournal {
            bytes = try? FileDescriptorIO.readBytes(atPath: folder + "/" + file.path).get()
        } else {
            bytes = try LabStudyFiles.storedBytes(database, sha256: file.sha256)
        }
        guard let bytes, SHA256.hexDigest(of: bytes) == file.sha256 else { return nil }
        return bytes
    }

    /// A dry run's zip says at its top, as a simulated data folder does, that no person took part.
    static func dryRunNotice(_ study: String) -> String {
        """
        This zip holds the sessions of \(study): simulated participants made by `labkiosk simulate`
        (docs/simulate.md), a dry run of the study \(LabDryRun.rehearsed(study)). No person took part in any
        session here; the lab keeps them apart from the study's real participants (docs/lab.md).

        """
    }

    /// `NOT-INCLUDED.txt`'s line for a file whose bytes are not those the lab recorded.
    static func notIncluded(_ file: LabStudyFiles.File) -> String {
        "\(listed(file)): its bytes are not those the lab recorded (sha256 \(file.sha256))\n"
    }

    /// `NOT-INCLUDED.txt`'s line for a file named out of its kiosk's folder.
    static func notInsideItsFolder(_ file: LabStudyFiles.File) -> String {
        "\(listed(file)): not a path inside a kiosk's data folder\n"
    }

    /// A file's name as the kiosk sent it, on one line of `NOT-INCLUDED.txt` whatever it holds.
    private static func listed(_ file: LabStudyFiles.File) -> String {
        String("\(file.kiosk)/\(file.path)".map { $0.isNewline ? " " : $0 })
    }

    /// Fills a zip in a new file in the temporary folder, opens it, and removes its name: the
    /// returned descriptor is the only way to it, and it is gone when that is closed.
    static func temporaryZip(_ fill: (Archive) throws -> Void) throws -> Int32 {
        let path = (environment("TMPDIR") ?? "/tmp") + "/labkiosk-study-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).zip"
        defer { unlink(path) }
        try fill(try Archive(url: URL(fileURLWithPath: path), accessMode: .create))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LabFailure(message: "cannot read the study's zip: \(FileDescriptorIO.describe(errno: errno))") }
        return descriptor
    }

    static func add(_ name: String, _ data: Data, to archive: Archive) throws {
        try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
            data.subdata(in: Int(position)..<Int(position) + size)
        }
    }
}
