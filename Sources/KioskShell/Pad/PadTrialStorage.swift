import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// A drawing-pad trial's files on disk: the journal it writes while it runs, and the final
/// files composed from it, put in place without ever replacing a file (docs/drawing-pad.md:
/// Files).
///
/// Names are InteractLog's, `<Name> (Trial n) <yyyy-MM-dd - HH-mm-ss><suffix>`, in a folder
/// per day. When any file of that stem exists, the whole set moves to ` (2)`, ` (3)`…, so the
/// main, strokes, keys, image and samples files of one trial always share one stem.
public enum PadTrialStorage {
    /// Creates the journal under the first free stem, locked before it has its name: under
    /// a hidden name of this process's, then linked to its own (which fails if taken).
    /// - Returns: the stem, the journal and its lock, which the trial holds until its files
    ///   are in place (``complete(journal:lock:)``).
    public static func openJournal(
        in directory: String, participant: String, trial: Int, experimentStart: LocalDateTime
    ) throws(DataFileError) -> (folder: String, stem: String, journal: AppendOnlyFile, lock: PadJournalLock) {
        let folder = directory + "/" + InteractLogNames.dayFolder(experimentStart)
        try RunFiles.makeDirectories(folder)
        guard access(folder, W_OK) == 0 else {
            throw .directoryNotWritable(path: folder, reason: FileDescriptorIO.describe(errno: errno))
        }
        for copy in 1...10_000 {
            let stem = InteractLogNames.trialStem(participant: participant, trial: trial, experimentStart: experimentStart, copy: copy)
            let names = InteractLogNames.suffixes.map { stem + $0 } + [recoveredStem(stem) + ".txt"]
            if names.contains(where: { access(folder + "/" + $0, F_OK) == 0 }) { continue }
            let path = folder + "/" + stem + InteractLogNames.journalSuffix
            let unnamed = folder + "/.\(stem).\(getpid()).opening"
            let descriptor = open(unnamed, O_CREAT | O_EXCL | O_APPEND | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
            guard descriptor >= 0 else { throw .cannotCreate(path: unnamed, reason: FileDescriptorIO.describe(errno: errno)) }
            guard let lock = PadJournalLock.take(unnamed) else {
                _ = Glibc.close(descriptor)
                unlink(unnamed)
                throw .cannotCreate(path: unnamed, reason: "cannot lock it")
            }
            let linked = link(unnamed, path) == 0
            let linkError = errno
            unlink(unnamed)
            if linked {
                syncFolder(folder)
                return (folder, stem, AppendOnlyFile(descriptor: descriptor, path: path), lock)
            }
            _ = Glibc.close(descriptor)
            guard linkError == EEXIST else { throw .cannotCreate(path: path, reason: FileDescriptorIO.describe(errno: linkError)) }
        }
        throw .cannotCreate(path: folder, reason: "every name for this trial is taken")
    }

    /// The stem of files recovered from a journal the trial never closed.
    public static func recoveredStem(_ stem: String) -> String { stem + " (recovered)" }

    /// Writes each file under a temporary name, syncs it, then links it to its final name,
    /// which fails rather than replace anything. Files already in place (a recovery finishing
    /// what a crash interrupted) are left as they are.
    /// - Parameter image: writes the ink image to the path it is given.
    public static func publish(
        _ files: PadTrialFiles, folder: String, stem: String, image: (String) throws -> Void
    ) throws -> [String] {
        var written: [String] = []
        let texts: [(String, String)] = [(".txt", files.main), ("_strokes.txt", files.strokes), ("_keys.txt", files.keys),
                                         ("_samples.tsv", files.samples)]
        for (suffix, text) in texts {
            let path = folder + "/" + stem + suffix
            if access(path, F_OK) == 0 { continue }
            try NewFile.place(at: path) { temporary in try writeNew(Array(text.utf8), to: temporary) }
            written.append(path)
        }
        let imagePath = folder + "/" + stem + "_img.png"
        if access(imagePath, F_OK) != 0 {
            try NewFile.place(at: imagePath, write: image)
            written.append(imagePath)
        }
        syncFolder(folder)
        return written
    }


    private static func writeNew(_ bytes: [UInt8], to path: String) throws(DataFileError) {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
        guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: FileDescriptorIO.describe(errno: errno)) }
        defer { _ = Glibc.close(descriptor) }
        if let code = FileDescriptorIO.writeAll(bytes, to: descriptor) {
            throw .writeFailed(path: path, reason: FileDescriptorIO.describe(errno: code))
        }
        if fsync(descriptor) != 0 { throw .syncFailed(path: path, reason: FileDescriptorIO.describe(errno: errno)) }
    }

    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = Glibc.close(descriptor)
    }

    /// A journal a running trial holds: it is not a crash's to recover.
    public struct JournalInUse: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "\(path): a running trial holds this journal; it is left alone" }
    }

    /// Every journal under `directory` (its day folders included), live ones too.
    public static func journals(under directory: String) -> [String] {
        var found: [String] = []
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in entries.sorted() {
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                found += journals(under: path)
            } else if name.hasSuffix(InteractLogNames.journalSuffix) {
                found.append(path)
            }
        }
        return found
    }

    /// Turns a journal into the final files, then removes it: at the end of a trial, or for a
    /// journal a crash left behind, whose files are marked as recovered.
    /// - Parameter lock: the trial's own lock, at its end; without it the lock is taken here,
    ///   and a journal a running trial holds is left alone (``JournalInUse``).
    /// - Returns: the files written.
    public static func complete(journal path: String, lock: PadJournalLock? = nil) throws -> [String] {
        guard let held = lock ?? PadJournalLock.take(path) else { throw JournalInUse(path: path) }
        defer { withExtendedLifetime(held) {} }
        let text: String
        switch FileDescriptorIO.readText(atPath: path) {
        case .success(let read): text = read
        case .failure(let refusal): throw ShellError.invalidArgument("\(path): cannot read this journal: \(refusal.reason)")
        }
        let contents: PadJournal.Contents
        switch PadJournal.read(text) {
        case .success(let read): contents = read
        case .failure(let error): throw ShellError.invalidArgument("\(path): \(error)")
        }
        let files = PadTrialFiles.compose(contents)
        let slash = path.lastIndex(of: "/")!
        let folder = String(path[..<slash])
        let stem = String(path[path.index(after: slash)...].dropLast(InteractLogNames.journalSuffix.count))
        let finalStem = files.recovered ? recoveredStem(stem) : stem
        let written = try publish(files, folder: folder, stem: finalStem) { imagePath in
            try PadInkImage.save(files, journal: contents, to: imagePath)
        }
        unlink(path)
        syncFolder(folder)
        return written
    }
}
