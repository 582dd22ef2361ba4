import KioskCore
import KioskData

/// Who may open the dashboard (docs/dashboard.md): staff accounts with yescrypt-hashed
/// passwords, and signed-in browsers, each known by the SHA-256 of a random token that only
/// its cookie holds, until its session expires. Read-only staff see; admins also add staff.
public struct StaffAccounts {
    public let database: any LabDatabase

    public init(database: any LabDatabase) { self.database = database }

    public struct Staff: Sendable, Equatable {
        public var name: String
        public var admin: Bool
    }

    public static let passwordLength = 10...200
    public static let nameLength = 1...64

    /// Why `name` and `password` cannot make an account, or nil.
    public static func problem(name: String, password: String) -> String? {
        if !nameLength.contains(name.count) || name.contains(where: { $0.isWhitespace || $0.isNewline }) {
            return "a staff name is 1 to 64 characters without spaces"
        }
        if !passwordLength.contains(password.count) { return "a password is 10 to 200 characters" }
        return nil
    }

    /// Adds an account; refuses a name already taken.
    public func add(name: String, password: String, admin: Bool, now: Int64) throws {
        if let problem = Self.problem(name: name, password: password) { throw LabDatabaseFailure(problem) }
        let hash = try PasswordHash.hash(password)
        try database.transaction {
            guard try database.value("SELECT count(*) FROM staff WHERE name = $1", [.text(name)]) == "0" else {
                throw LabDatabaseFailure("there is already a staff account named \(name)")
            }
            try database.run("INSERT INTO staff(name, password_hash, admin, added) VALUES ($1, $2, $3, $4)",
                             [.text(name), .text(hash), .integer(admin ? 1 : 0), .integer(now)])
        }
    }

    public func list() throws -> [Staff] {
        try database.run("SELECT name, admin FROM staff ORDER BY name").map { Staff(name: $0[0] ?? "", admin: $0[1] == "1") }
    }

    /// What a sign-in came to.
    public enum SignIn: Equatable, Sendable {
        /// A new session, known to the browser by this token.
        case signedIn(token: String)
        /// Not that name's password (or no such name).
        case refused
        /// Too many wrong passwords for the name in a row: refused unchecked for this many seconds more.
        case locked(seconds: Int64)
    }

    /// Checks `password` against `name`'s, unless wrong ones locked the name (``SignInLockout``).
    /// An unknown name costs as much time as a wrong password, and is locked alike, so that
    /// names cannot be told apart by the answer or its delay.
    public func signIn(name: String, password: String, now: Int64, lifetime: Int64) throws -> SignIn {
        if let until = try database.value("SELECT locked_until FROM sign_in_failure WHERE name = $1", [.text(name)]).flatMap({ Int64($0) }),
           until > now {
            return .locked(seconds: until - now)
        }
        let stored = try database.value("SELECT password_hash FROM staff WHERE name = $1", [.text(name)])
        guard PasswordHash.verify(password, against: stored ?? Self.unknownNameHash), stored != nil else {
            try recordFailure(name: name, now: now)
            return .refused
        }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in generator.next() as UInt64 }.map { hex($0) }.joined()
        try database.run("DELETE FROM sign_in_failure WHERE name = $1", [.text(name)])
        try database.run("DELETE FROM staff_session WHERE expires <= $1", [.integer(now)])
        try database.run("INSERT INTO staff_session(token_sha256, staff, expires) VALUES ($1, $2, $3)",
                         [.text(SHA256.hexDigest(of: Array(token.utf8))), .text(name), .integer(now + lifetime)])
        return .signedIn(token: token)
    }

    /// Counts a wrong password for `name` (two at once both count) and locks it when that is one too many.
    private func recordFailure(name: String, now: Int64) throws {
        try database.transaction {
            try database.run("DELETE FROM sign_in_failure WHERE last_failure < $1", [.integer(now - SignInLockout.forgottenAfterSeconds)])
            let failures = try database.run("""
                INSERT INTO sign_in_failure(name, failures, last_failure, locked_until) VALUES ($1, 1, $2, 0)
                ON CONFLICT (name) DO UPDATE SET failures = sign_in_failure.failures + 1, last_failure = excluded.last_failure
                RETURNING failures
                """, [.text(name), .integer(now)]).first?[0].flatMap { Int($0) } ?? 1
            try database.run("UPDATE sign_in_failure SET locked_until = $2 WHERE name = $1",
                             [.text(name), .integer(now + SignInLockout.lockSeconds(afterFailures: failures))])
        }
    }

    /// Who holds `token`, while its session has not expired.
    public func staff(holding token: String, now: Int64) throws -> Staff? {
        guard token.count == 64 else { return nil }
        let rows = try database.run("""
            SELECT s.name, s.admin FROM staff_session t JOIN staff s ON s.name = t.staff WHERE t.token_sha256 = $1 AND t.expires > $2
            """, [.text(SHA256.hexDigest(of: Array(token.utf8))), .integer(now)])
        return rows.first.map { Staff(name: $0[0] ?? "", admin: $0[1] == "1") }
    }

    public func signOut(token: String) throws {
        try database.run("DELETE FROM staff_session WHERE token_sha256 = $1", [.text(SHA256.hexDigest(of: Array(token.utf8)))])
    }

    /// A form's guard against another site posting it with the staff's cookie: derived from the
    /// session's token, which that site cannot read.
    public static func formKey(token: String) -> String { SHA256.hexDigest(of: Array(("form:" + token).utf8)) }

    private static let unknownNameHash = (try? PasswordHash.hash("no such staff member")) ?? "$y$"

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
