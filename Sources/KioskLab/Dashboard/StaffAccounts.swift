import KioskCore
import KioskData

/// Who may open the dashboard (docs/dashboard.md): staff accounts with yescrypt-hashed
/// passwords, and signed-in browsers, each known by the SHA-256 of a random token that only
/// its cookie holds, until its session expires. Read-only staff see; admins also add staff. Removing
/// accounts, new passwords and lifting lockouts are the server shell's (`labkiosk-lab staff`).
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
        if !nameLength.contains(name.count) || !name.unicodeScalars.allSatisfy(isVisible) {
            return "a staff name is 1 to 64 characters without spaces or invisible characters"
        }
        return passwordProblem(password)
    }

    /// Why `password` cannot be an account's, or nil. A NUL would end it where libxcrypt reads it.
    public static func passwordProblem(_ password: String) -> String? {
        if !passwordLength.contains(password.count) || password.unicodeScalars.contains("\0") {
            return "a password is 10 to 200 characters, without NUL"
        }
        return nil
    }

    /// Whether `scalar` shows as itself: not a space, a control, or one of the characters
    /// that show as nothing (a zero-width space, a joiner, a soft hyphen), with which two
    /// names that look the same could be two accounts.
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate:
            return false
        default:
            return !scalar.properties.isDefaultIgnorableCodePoint && !scalar.properties.isWhitespace
        }
    }

    /// Whether `a` and `b` name one account to a person reading them: `ALICE` is `alice`.
    public static func sameName(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    /// Adds an account; refuses a name already taken, in any case.
    public func add(name: String, password: String, admin: Bool, now: Int64) throws {
        if let problem = Self.problem(name: name, password: password) { throw LabDatabaseFailure(problem) }
        let hash = try PasswordHash.hash(password)
        try database.transaction {
            if let taken = try database.run("SELECT name FROM staff").compactMap({ $0[0] }).first(where: { Self.sameName($0, name) }) {
                throw LabDatabaseFailure("there is already a staff account named \(taken)")
            }
            try database.run("INSERT INTO staff(name, password_hash, admin, added) VALUES ($1, $2, $3, $4)",
                             [.text(name), .text(hash), .integer(admin ? 1 : 0), .integer(now)])
        }
    }

    /// Removes `name`'s account and ends its sessions.
    public func remove(name: String) throws {
        try database.transaction {
            guard try database.value("SELECT count(*) FROM staff WHERE name = $1", [.text(name)]) == "1" else {
                throw LabDatabaseFailure("there is no staff account named \(name)")
            }
            try database.run("DELETE FROM staff_session WHERE staff = $1", [.text(name)])
            try database.run("DELETE FROM staff WHERE name = $1", [.text(name)])
        }
    }

    /// Gives `name` a new password, ends its sessions (a browser someone else signed in on
    /// with the old one), and lifts its lockout.
    public func reset(name: String, password: String) throws {
        if let problem = Self.passwordProblem(password) { throw LabDatabaseFailure(problem) }
        let hash = try PasswordHash.hash(password)
        try database.transaction {
            guard try database.value("SELECT count(*) FROM staff WHERE name = $1", [.text(name)]) == "1" else {
                throw LabDatabaseFailure("there is no staff account named \(name)")
            }
            try database.run("UPDATE staff SET password_hash = $2 WHERE name = $1", [.text(name), .text(hash)])
            try database.run("DELETE FROM staff_session WHERE staff = $1", [.text(name)])
            try database.run("DELETE FROM sign_in_failure WHERE name = $1", [.text(name)])
        }
    }

    /// A name typed at the sign-in with wrong passwords in a row (an account's or not).
    public struct Lockout: Sendable, Equatable {
        public var name: String
        public var failures: Int
        /// Seconds more that its sign-ins are refused unchecked; 0 when not locked yet.
        public var seconds: Int64
    }

    /// The names with wrong passwords counted, most failures first.
    public func lockouts(now: Int64) throws -> [Lockout] {
        try database.run("""
            SELECT name, failures, locked_until FROM sign_in_failure WHERE last_failure >= $1 ORDER BY failures DESC, name
            """, [.integer(now - SignInLockout.forgottenAfterSeconds)]).map {
            Lockout(name: $0[0] ?? "", failures: Int($0[1] ?? "") ?? 0, seconds: max(0, (Int64($0[2] ?? "") ?? 0) - now))
        }
    }

    /// Forgets `name`'s wrong passwords, which lifts its lockout; false when none were counted.
    @discardableResult
    public func unlock(name: String) throws -> Bool {
        try database.run("DELETE FROM sign_in_failure WHERE name = $1 RETURNING name", [.text(name)]).count > 0
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
    /// Each try is counted as wrong before the password is checked, in one step with the look
    /// at the lock, and the count is dropped when it was right: tries made at once cannot all
    /// pass the look before any of them is counted.
    /// An unknown name costs as much time as a wrong password, and is locked alike, so that
    /// names cannot be told apart by the answer or its delay.
    public func signIn(name: String, password: String, now: Int64, lifetime: Int64) throws -> SignIn {
        if let seconds = try countTry(name: name, now: now) { return .locked(seconds: seconds) }
        let stored = try database.value("SELECT password_hash FROM staff WHERE name = $1", [.text(name)])
        guard PasswordHash.verify(password, against: stored ?? Self.unknownNameHash), stored != nil else {
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

    /// Counts a try for `name` as a wrong password and locks the name when that is one too
    /// many; or, when the name is locked, counts nothing and says for how many seconds more.
    /// The count's row stays locked until the transaction ends, so two tries at once are
    /// counted one after the other, and the second sees the lock the first set.
    private func countTry(name: String, now: Int64) throws -> Int64? {
        try database.transaction {
            try database.run("DELETE FROM sign_in_failure WHERE last_failure < $1", [.integer(now - SignInLockout.forgottenAfterSeconds)])
            guard let failures = try database.run("""
                INSERT INTO sign_in_failure(name, failures, last_failure, locked_until) VALUES ($1, 1, $2, 0)
                ON CONFLICT (name) DO UPDATE SET failures = sign_in_failure.failures + 1, last_failure = excluded.last_failure
                    WHERE sign_in_failure.locked_until <= excluded.last_failure
                RETURNING failures
                """, [.text(name), .integer(now)]).first?[0].flatMap({ Int($0) }) else {
                let until = try database.value("SELECT locked_until FROM sign_in_failure WHERE name = $1", [.text(name)]).flatMap { Int64($0) } ?? now
                return until - now
            }
            try database.run("UPDATE sign_in_failure SET locked_until = $2 WHERE name = $1",
                             [.text(name), .integer(now + SignInLockout.lockSeconds(afterFailures: failures))])
            return nil
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
