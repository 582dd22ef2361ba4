import Glibc
import KioskCore

/// The lab's copy of the roster and visits (``LabCopy``) in the data folder, `lab-copy.txt`.
/// It is not the kiosk's data but the lab's, as last read: each send replaces it whole, through
/// a temporary file renamed over it, so a reader sees the old copy or the new one.
public struct LabCopyFile {
    public static let fileName = "lab-copy.txt"
    public let dataDirectory: String
    public var path: String { dataDirectory + "/" + Self.fileName }

    public init(dataDirectory: String) {
        self.dataDirectory = dataDirectory
    }

    /// The copy (nil when no send has written one: a kiosk without a lab), or the problem that
    /// sets it aside, naming this file and what staff can do.
    public func read() -> Result<LabCopy?, RosterLog.Problem> {
        guard access(path, F_OK) == 0 else { return .success(nil) }
        switch FileDescriptorIO.readText(atPath: path).map(LabCopy.read) {
        case .success(.success(let copy)): return .success(copy)
        case .success(.failure(var problem)):
            problem.message += "; registrations and visits from other kiosks are not known here until the next send to the lab writes it again"
            problem.file = path
            return .failure(problem)
        case .failure(let refusal):
            var problem = RosterLog.Problem(line: 0, message: "cannot read the lab's copy: \(refusal.reason); the next send to the lab writes it again")
            problem.file = path
            return .failure(problem)
        }
    }

    /// The copy when it can be read; the roster (``SharedRoster``) names the problem otherwise.
    public var copy: LabCopy? { (try? read().get()) ?? nil }

    public func write(_ copy: LabCopy) throws {
        let temporary = dataDirectory + "/." + Self.fileName + ".\(getpid()).partial"
        let descriptor = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
        guard descriptor >= 0 else { throw ShellError("\(temporary): \(FileDescriptorIO.describe(errno: errno))") }
        var failure = FileDescriptorIO.writeAll(Array(copy.text.utf8), to: descriptor)
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw ShellError("\(path): cannot write the lab's copy: \(FileDescriptorIO.describe(errno: failure))")
        }
    }
}
