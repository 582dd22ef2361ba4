import CCrypt
import Glibc

/// Secrets staff type (the desk's PIN, a dashboard password), kept only as yescrypt hashes
/// (`$y$…`) by libxcrypt, the library that hashes the system's own passwords (/etc/shadow).
public enum PasswordHash {
    /// A new yescrypt hash of `secret`, with a random salt from the kernel.
    public static func hash(_ secret: String) throws -> String {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$y$", 0, nil, 0, &setting, Int32(setting.count)) != nil else {
            throw ShellError("cannot make a salt for a password hash: \(FileDescriptorIO.describe(errno: errno))")
        }
        guard let hashed = crypt(secret, setting: setting), hashed.hasPrefix("$y$") else {
            throw ShellError("libxcrypt could not hash with yescrypt")
        }
        return hashed
    }

    /// Whether `secret` hashes to `stored`, compared in constant time.
    public static func verify(_ secret: String, against stored: String) -> Bool {
        guard let hashed = crypt(secret, setting: Array(stored.utf8CString)) else { return false }
        let a = Array(hashed.utf8), b = Array(stored.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether `text` looks like a hash this can check: `$y$…`, `$2b$…`, `$6$…`.
    public static func isHash(_ text: String) -> Bool {
        text.hasPrefix("$") && crypt("0000", setting: Array(text.utf8CString)) != nil
    }

    private static func crypt(_ secret: String, setting: [CChar]) -> String? {
        // libxcrypt reads a C string: a NUL would end the secret there, so that `password\0anything`
        // matched `password`. A secret with one is no secret this hashes.
        guard !secret.utf8.contains(0) else { return nil }
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer { data.deallocate() }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        let output = secret.withCString { crypt_rn($0, setting, data, Int32(MemoryLayout<crypt_data>.size)) }
        guard let output else { return nil }
        let text = String(cString: output)
        // A failed hash starts with '*' ("*0", "*1"), never with '$'.
        return text.hasPrefix("$") ? text : nil
    }
}
