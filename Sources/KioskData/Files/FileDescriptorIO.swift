import Glibc
import KioskCore

/// Whole transfers through a file descriptor with `read(2)` and `write(2)`, which may move
/// fewer bytes than asked or be interrupted by a signal, and the text of their `errno`s.
public enum FileDescriptorIO {
    /// Appends what `descriptor` reads to `bytes`, until end of file or until `bytes` holds
    /// `limit` bytes, resuming after signals.
    /// - Returns: `nil` on success, else the `errno` of the failing `read(2)`.
    public static func readAll(from descriptor: Int32, into bytes: inout [UInt8], limit: Int = .max) -> Int32? {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let count = read(descriptor, &chunk, min(chunk.count, limit - bytes.count))
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 {
                return nil
            } else if errno != EINTR {
                return errno
            }
        }
        return nil
    }

    /// Why a file is not read.
    public struct Refusal: Error {
        public let reason: String
    }

    /// The most `readFile` reads: eight hours of a MATB log with every task are under a gigabyte.
    public static let largestFile = 2 << 30
    /// The most a file a person writes may hold (a plan, settings, a block's configuration, a
    /// consent page): the scenario reader's 8 MB, so that a mistaken file costs no gigabytes.
    public static let largestWrittenFile = 8 << 20

    /// Opens a regular file for reading; a pipe, a device or a folder is refused with the reason,
    /// without waiting for a writer (a FIFO opened for reading otherwise waits for one).
    /// - Returns: the descriptor, or why the file cannot be read.
    public static func openRegularFile(_ path: String) -> Result<Int32, Refusal> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(Refusal(reason: "cannot open (\(describe(errno: errno)))")) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            _ = close(descriptor)
            return .failure(Refusal(reason: "not a regular file (a folder, a pipe or a device); give a file"))
        }
        // Reads from a regular file never wait; the flag only mattered for opening.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// A whole file's bytes: a regular file of at most ``largestFile`` bytes.
    /// - Throws: a `ShellError` naming the file and what went wrong.
    public static func readFile(atPath path: String) throws(ShellError) -> [UInt8] {
        switch readBytes(atPath: path) {
        case .success(let bytes): return bytes
        case .failure(let refusal): throw ShellError("\(path): \(refusal.reason)")
        }
    }

    /// A whole file read and parsed, with any failure said as a `ShellError`.
    public static func readFile<Read>(atPath path: String, parsing parse: ([UInt8]) throws -> Read) throws(ShellError) -> Read {
        let bytes = try readFile(atPath: path)
        do {
            return try parse(bytes)
        } catch {
            throw ShellError("\(error)")
        }
    }

    /// A whole file's bytes, or why they cannot be read: a regular file of at most `limit`
    /// bytes (``largestFile`` unless said).
    public static func readBytes(atPath path: String, limit: Int = largestFile) -> Result<[UInt8], Refusal> {
        let descriptor: Int32
        switch openRegularFile(path) {
        case .success(let opened): descriptor = opened
        case .failure(let refusal): return .failure(refusal)
        }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        // One byte past the limit tells a file too large without reading more of it.
        if let code = readAll(from: descriptor, into: &bytes, limit: limit + 1) { return .failure(Refusal(reason: "cannot read (\(describe(errno: code)))")) }
        guard bytes.count <= limit else { return .failure(Refusal(reason: "larger than \(limit >> 20) MB, more than labkiosk reads for such a file")) }
        return .success(bytes)
    }

    /// A whole file as UTF-8 text, or why it cannot be read (as ``readBytes(atPath:)``, or
    /// "not UTF-8 text").
    public static func readText(atPath path: String, limit: Int = largestFile) -> Result<String, Refusal> {
        readBytes(atPath: path, limit: limit).flatMap { bytes in
            String(validating: bytes, as: UTF8.self).map { .success($0) } ?? .failure(Refusal(reason: "not UTF-8 text"))
        }
    }

    /// A block's file as UTF-8 text, or the one problem a loader reports when it cannot be
    /// read (at line 0: the file as a whole).
    public static func readBlockFile(atPath path: String) -> Result<String, ScenarioErrors> {
        readText(atPath: path, limit: largestWrittenFile).mapError { refusal in
            ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: path, line: 0, column: 0, severity: .error, message: "cannot read this file: \(refusal.reason)")])
        }
    }

    /// Writes all of `bytes` to `descriptor`, resuming after partial writes and signals.
    /// - Returns: `nil` on success, else the `errno` of the failing `write(2)`.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return written < 0 ? errno : EIO
                }
            }
            return nil
        }
    }

    /// The system's text for an `errno` value, such as "No space left on device".
    public static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
