import FoundationEssentials
import Glibc
import KioskCore

/// Creates a run's data files, `<data folder>/<YYYY-MM-DD>/<N>_<yymmdd>_<HHMMSS><suffix>`,
/// all under one new run number N (a MATB block's CSV log). Drawing-pad trials name their
/// files as InteractLog does (``PadTrialStorage``), which never look like numbered files.
public enum RunFiles {
    /// Data files are readable and writable by the account that wrote them only: they hold
    /// participants' data.
    public static let dataFileMode: mode_t = 0o600
    /// Folders made for data, likewise the writing account's only.
    static let dataFolderMode: mode_t = 0o700

    /// Creates one file per suffix, all numbered N, and makes their folder entries durable.
    ///
    /// N is one more than the highest run number among the data files anywhere under
    /// `directory`, whatever their format (never a reused gap); if one of the names exists
    /// anyway, the next number is tried. Processes numbering under one folder take turns
    /// (``DataFolderLock``). Every file is opened with `O_EXCL`, so nothing that
    /// exists is ever opened.
    /// - Parameters:
    ///   - directory: The data folder (`sessions`); it and the day folder are created as needed.
    ///   - date: The local date and time, which names the day folder and the files.
    ///   - suffixes: What follows the number and date in each name, e.g. `[".csv"]`.
    ///   - numbersUnder: The folder whose data files the new number follows, when it is wider
    ///     than `directory` (a batch's session folder numbers across the whole data folder).
    /// - Returns: The run number and the open files, in the order of `suffixes`.
    /// - Throws: `DataFileError.directoryNotWritable` naming the folder when it cannot be
    ///   created or written to, `.cannotCreate` naming the file when opening it fails.
    public static func create(
        in directory: String, date: LocalDateTime, suffixes: [String], numbersUnder: String? = nil
    ) throws(DataFileError) -> (number: Int, files: [AppendOnlyFile]) {
        let folder = directory + "/" + RunFileNaming.folderName(for: date)
        try makeDirectories(folder)
        guard access(folder, W_OK) == 0 else {
            throw .directoryNotWritable(path: folder, reason: FileDescriptorIO.describe(errno: errno))
        }
        // Another process numbering under the same root waits until these files exist, so no
        // two runs take one number, even in different folders.
        let numbering = try DataFolderLock(folder: numbersUnder ?? directory, purpose: "numbers")
        defer { numbering.release() }
        let existing = existingFilePaths(under: numbersUnder ?? directory)
        let firstNumber = RunFileNaming.nextRunNumber(existingPaths: existing)
        let opened = try openExclusive(in: folder, firstNumber: firstNumber, date: date, suffixes: suffixes)
        // Make the new directory entries durable; this runs once, before the frame loop.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            _ = Glibc.close(folderDescriptor)
        }
        return (opened.number, opened.files)
    }

    /// Opens every `<N>_<yymmdd>_<HHMMSS><suffix>` in `folder` with `O_CREAT | O_EXCL`, moving
    /// on to the next number while one of the names is taken (removing the files it had just
    /// created for that number, which are empty), so no existing file is ever opened.
    static func openExclusive(
        in folder: String, firstNumber: Int, date: LocalDateTime, suffixes: [String]
    ) throws(DataFileError) -> (number: Int, files: [AppendOnlyFile]) {
        var number = firstNumber
        // A bound only so that a pathological folder cannot loop forever.
        for _ in 0..<10_000 {
            var files: [AppendOnlyFile] = []
            var taken = false
            for suffix in suffixes {
                let path = folder + "/" + RunFileNaming.fileName(runNumber: number, date: date, suffix: suffix)
                let descriptor = open(path, O_CREAT | O_EXCL | O_APPEND | O_WRONLY | O_CLOEXEC, dataFileMode)
                if descriptor >= 0 {
                    files.append(AppendOnlyFile(descriptor: descriptor, path: path))
                    continue
                }
                let code = errno
                for file in files {
                    try? file.close()
                    unlink(file.path)
                }
                guard code == EEXIST else { throw .cannotCreate(path: path, reason: FileDescriptorIO.describe(errno: code)) }
                taken = true
                break
            }
            if !taken { return (number, files) }
            number += 1
        }
        throw .cannotCreate(path: folder, reason: "every run number from \(firstNumber) on is taken")
    }

    /// Paths of every file under `directory`, relative to it; none if it is missing.
    ///
    /// Folders are searched, not listed; symbolic links are listed, not followed. A folder
    /// that cannot be read is skipped, so that it does not hide the run numbers in the others.
    private static func existingFilePaths(under directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.flatMap { name in
            let path = directory + "/" + name
            var info = stat()
            let isFolder = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            return isFolder ? existingFilePaths(under: path).map { name + "/" + $0 } : [name]
        }
    }

    /// `mkdir -p`, reporting the first component that is not a usable directory.
    public static func makeDirectories(_ path: String) throws(DataFileError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
            prefix += component
            if mkdir(prefix, dataFolderMode) == 0 { continue }
            let code = errno
            if code == EEXIST && isDirectory(prefix) { continue }
            let reason = code == EEXIST ? "it exists and is not a directory" : FileDescriptorIO.describe(errno: code)
            throw .directoryNotWritable(path: prefix, reason: reason)
        }
    }

    /// Whether `path` names a directory (following symbolic links).
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
