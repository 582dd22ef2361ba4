import Glibc
import KioskCore

/// A file's size and SHA-256, read in pieces so a large file costs no more memory than a small one.
public enum FileChecksum {
    public static func of(_ path: String) throws(DataFileError) -> (bytes: Int64, sha256: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: FileDescriptorIO.describe(errno: errno)) }
        defer { _ = close(descriptor) }
        var hash = SHA256()
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: FileDescriptorIO.describe(errno: errno))
            }
            buffer.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            total += Int64(count)
        }
        return (total, hash.hexDigest())
    }
}
