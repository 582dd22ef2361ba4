import Glibc

/// The mark of a data folder that holds simulated participants (`labkiosk simulate`,
/// docs/simulate.md): a file at its top, `SIMULATED.txt`, saying so to anyone who opens the
/// folder. Simulated and real participants are kept apart by folder: a batch of a real
/// participant refuses a marked folder, a simulation refuses a folder that already holds
/// anything unmarked, unless told that mixing them is meant.
public enum SimulatedDataFolder {
    public static let markFileName = "SIMULATED.txt"
    static let markText = """
        This data folder holds simulated participants made by `labkiosk simulate` (docs/simulate.md).
        No person took part in any session here; every batch journal says `simulated`.

        """

    public static func isMarked(_ dataDirectory: String) -> Bool {
        access(dataDirectory + "/" + markFileName, F_OK) == 0
    }

    /// Why a participant (simulated or not) may not be run into `dataDirectory`; nil when it
    /// may. `mixing` is the staff's word that real and simulated participants share it.
    public static func problem(_ dataDirectory: String, simulated: Bool, mixing: Bool) -> String? {
        guard !mixing else { return nil }
        if simulated {
            guard !isMarked(dataDirectory), let entry = firstEntry(dataDirectory) else { return nil }
            return "\(dataDirectory) holds data that is not marked simulated (\(entry)); a simulation writes into an empty folder of its own "
                + "(or give --mix-simulated to put simulated participants beside real ones)"
        }
        guard isMarked(dataDirectory) else { return nil }
        return "\(dataDirectory) holds simulated participants (\(markFileName)); a real participant's data does not go there: "
            + "give another data folder (or --mix-simulated to put them beside simulated ones)"
    }

    /// Marks `dataDirectory` (made if missing) as holding simulated participants; a mark that
    /// is there already stays as it is.
    public static func mark(_ dataDirectory: String) throws {
        if mkdir(dataDirectory, 0o700) != 0 && errno != EEXIST {
            throw ShellError("\(dataDirectory): cannot make the data folder: \(FileDescriptorIO.describe(errno: errno))")
        }
        guard !isMarked(dataDirectory) else { return }
        let path = dataDirectory + "/" + markFileName
        do {
            try NewFile.place(at: path) { temporary in
                let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, RunFiles.dataFileMode)
                guard descriptor >= 0 else { throw ShellError("\(path): \(FileDescriptorIO.describe(errno: errno))") }
                defer { close(descriptor) }
                if let code = FileDescriptorIO.writeAll(Array(markText.utf8), to: descriptor) {
                    throw ShellError("\(path): \(FileDescriptorIO.describe(errno: code))")
                }
            }
        } catch DataFileError.cannotCreate where isMarked(dataDirectory) {
            // Another simulation of this folder marked it in the meantime.
        }
    }

    /// The first entry of the folder that is not hidden (lock files are), or nil for an empty
    /// or missing folder.
    private static func firstEntry(_ path: String) -> String? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { return name }
        }
        return nil
    }
}
