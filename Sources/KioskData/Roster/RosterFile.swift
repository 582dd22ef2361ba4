import Glibc
import KioskCore

/// The roster kept in the data folder, `roster.txt` (``RosterLog``): appended under the data
/// folder's roster lock and synced before a registration counts, never rewritten. It lives
/// beside the participants' folders and is backed up with them.
public struct RosterFile: Roster {
    public static let fileName = "roster.txt"
    public let dataDirectory: String
    public var path: String { dataDirectory + "/" + Self.fileName }

    public init(dataDirectory: String) {
        self.dataDirectory = dataDirectory
    }

    public func read() throws -> RosterLog.Reading {
        guard access(path, F_OK) == 0 else { return RosterLog.Reading() }
        let bytes: [UInt8]
        switch FileDescriptorIO.readBytes(atPath: path) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw ShellError("\(path): cannot read the roster: \(refusal.reason)")
        }
        // Bytes that are not UTF-8 become U+FFFD, which the reader names on their own line.
        var reading = RosterLog.read(String(decoding: bytes, as: UTF8.self))
        for index in reading.problems.indices { reading.problems[index].file = path }
        return reading
    }

    @discardableResult
    public func register(_ entry: RosterEntry) throws -> RosterEntry {
        let lock = try DataFolderLock(folder: dataDirectory, purpose: "roster")
        defer { lock.release() }
        if let existing = try self.entry(participant: entry.participant, study: entry.study) { return existing }
        try append(RosterLog.registered(entry))
        return entry
    }

    public func withdraw(participant: String, study: String, _ withdrawal: RosterEntry.Withdrawal) throws {
        let lock = try DataFolderLock(folder: dataDirectory, purpose: "roster")
        defer { lock.release() }
        guard let existing = try entry(participant: participant, study: study) else {
            throw ShellError("\(participant) is not on the roster of \(study)")
        }
        if existing.withdrawal != nil { throw ShellError("\(participant) already withdrew from \(study) (\(existing.withdrawal?.time ?? ""))") }
        try append(RosterLog.withdrawn(participant: participant, study: study, withdrawal))
    }

    private func append(_ line: String) throws {
        try RunFiles.makeDirectories(dataDirectory)
        let descriptor = open(path, O_CREAT | O_APPEND | O_RDWR | O_CLOEXEC, RunFiles.dataFileMode)
        guard descriptor >= 0 else { throw ShellError("\(path): cannot open the roster: \(FileDescriptorIO.describe(errno: errno))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ShellError("\(path): \(FileDescriptorIO.describe(errno: errno))") }
        let text = (info.st_size == 0 ? RosterLog.firstLine + "\n" : Self.endingOfTornTail(descriptor, size: Int(info.st_size))) + line
        if let error = FileDescriptorIO.writeAll(Array(text.utf8), to: descriptor) {
            throw ShellError("\(path): cannot write the roster: \(FileDescriptorIO.describe(errno: error))")
        }
        guard fsync(descriptor) == 0 else { throw ShellError("\(path): cannot sync the roster: \(FileDescriptorIO.describe(errno: errno))") }
    }

    /// What ends a last line a crash cut short (``RosterLog/ending(ofTornLine:at:)``): nothing
    /// when the roster ends with a line break. A line is far shorter than the bytes looked at.
    private static func endingOfTornTail(_ descriptor: Int32, size: Int) -> String {
        let length = min(size, 65_536)
        var tail = [UInt8](repeating: 0, count: length)
        guard pread(descriptor, &tail, length, off_t(size - length)) == length else { return "\n" }
        guard tail.last != UInt8(ascii: "\n") else { return "" }
        let start = tail.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return RosterLog.ending(ofTornLine: String(decoding: tail[start...], as: UTF8.self), at: BatchJournal.time(WallClock.localDateTime()))
    }
}
