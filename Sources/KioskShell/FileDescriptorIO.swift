import Glibc

/// Whole transfers through a file descriptor with `read(2)` and `write(2)`, which may move
/// fewer bytes than asked or be interrupted by a signal, and the text of their `errno`s.
enum FileDescriptorIO {
    /// Appends what `descriptor` reads to `bytes`, until end of file or until `bytes` holds
    /// `limit` bytes, resuming after signals.
    /// - Returns: `nil` on success, else the `errno` of the failing `read(2)`.
    static func readAll(from descriptor: Int32, into bytes: inout [UInt8], limit: Int = .max) -> Int32? {
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

    /// A whole file's bytes.
    /// - Throws: a `ShellError` naming the file and what went wrong.
    static func readFile(atPath path: String) throws(ShellError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ShellError("\(path): cannot open (\(describe(errno: errno)))") }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        if let code = readAll(from: descriptor, into: &bytes) { throw ShellError("\(path): cannot read (\(describe(errno: code)))") }
        return bytes
    }

    /// Writes all of `bytes` to `descriptor`, resuming after partial writes and signals.
    /// - Returns: `nil` on success, else the `errno` of the failing `write(2)`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
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
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
