import CCrypt
import Glibc

/// The desk's staff PIN, kept only as a yescrypt hash (`$y$…`, libxcrypt, as /etc/shadow keeps
/// passwords): `labkiosk desk --hash-pin` makes one for the desk's settings, and the desk checks
/// a typed PIN against it.
public enum StaffPIN {
    public static let digits = 4...12

    /// Why `pin` cannot be a staff PIN, or nil.
    public static func problem(_ pin: String) -> String? {
        guard digits.contains(pin.count), pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return "a PIN is \(digits.lowerBound) to \(digits.upperBound) digits"
        }
        return nil
    }

    /// A new yescrypt hash of `pin`, with a random salt from the kernel.
    public static func hash(_ pin: String) throws -> String {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$y$", 0, nil, 0, &setting, Int32(setting.count)) != nil else {
            throw ShellError("cannot make a salt for the PIN's hash: \(FileDescriptorIO.describe(errno: errno))")
        }
        guard let hashed = crypt(pin, setting: setting), hashed.hasPrefix("$y$") else {
            throw ShellError("libxcrypt could not hash the PIN with yescrypt")
        }
        return hashed
    }

    /// Whether `pin` hashes to `stored`, compared in constant time.
    public static func verify(_ pin: String, against stored: String) -> Bool {
        guard let hashed = crypt(pin, setting: Array(stored.utf8CString)) else { return false }
        let a = Array(hashed.utf8), b = Array(stored.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether `text` looks like a hash this can check: `$y$…`, `$2b$…`, `$6$…`.
    public static func isHash(_ text: String) -> Bool {
        text.hasPrefix("$") && crypt("0000", setting: Array(text.utf8CString)) != nil
    }

    private static func crypt(_ pin: String, setting: [CChar]) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer { data.deallocate() }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        let output = pin.withCString { crypt_rn($0, setting, data, Int32(MemoryLayout<crypt_data>.size)) }
        guard let output else { return nil }
        let text = String(cString: output)
        // A failed hash starts with '*' ("*0", "*1"), never with '$'.
        return text.hasPrefix("$") ? text : nil
    }
}
