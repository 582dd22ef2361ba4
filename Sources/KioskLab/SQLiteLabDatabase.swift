import CSQLite
import Glibc

/// The lab's tables in a SQLite file: the embedded default, for a kiosk with no lab server
/// (`labkiosk-lab serve --data DIR`). Statements come in PostgreSQL's spelling and are
/// translated here: `$N` parameters become SQLite's `?N`, `now()` becomes `CURRENT_TIMESTAMP`
/// (both UTC, read back as `YYYY-MM-DD HH:MM:SS…`).
public final class SQLiteLabDatabase: LabDatabase {
    private let handle: OpaquePointer
    public let path: String

    public init(path: String) throws(LabDatabaseFailure) {
        self.path = path
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(opened)
            throw LabDatabaseFailure("\(path): \(message)")
        }
        handle = opened
        sqlite3_busy_timeout(handle, 10_000)
        // Readers (the dashboard) go on while the refresh writes.
        try runScript("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close(handle) }

    @discardableResult
    public func run(_ sql: String, _ parameters: [LabValue]) throws(LabDatabaseFailure) -> [[String?]] {
        let statement = try prepare(sql, parameters)
        defer { sqlite3_finalize(statement) }
        var rows: [[String?]] = []
        while try step(statement) {
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : String(cString: sqlite3_column_text(statement, column))
            })
        }
        return rows
    }

    public func bytes(_ sql: String, _ parameters: [LabValue]) throws(LabDatabaseFailure) -> [UInt8]? {
        let statement = try prepare(sql, parameters)
        defer { sqlite3_finalize(statement) }
        guard try step(statement), sqlite3_column_type(statement, 0) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(statement, 0))
        guard count > 0, let blob = sqlite3_column_blob(statement, 0) else { return [] }
        return Array(UnsafeRawBufferPointer(start: blob, count: count))
    }

    /// A statement with `parameters` bound, which the caller finalizes.
    private func prepare(_ sql: String, _ parameters: [LabValue]) throws(LabDatabaseFailure) -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, Self.translate(sql), -1, &statement, nil) == SQLITE_OK, let statement else {
            throw LabDatabaseFailure(lastError)
        }
        for (offset, value) in parameters.enumerated() {
            let place = Int32(offset + 1)
            switch value {
            case .text(let text): sqlite3_bind_text(statement, place, text, -1, CSQLite_transient())
            case .bytes(let bytes): sqlite3_bind_blob64(statement, place, bytes, sqlite3_uint64(bytes.count), CSQLite_transient())
            case .null: sqlite3_bind_null(statement, place)
            }
        }
        return statement
    }

    /// Whether the statement gave a row (false: it is done).
    private func step(_ statement: OpaquePointer) throws(LabDatabaseFailure) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw LabDatabaseFailure(lastError)
        }
    }

    public func runScript(_ sql: String) throws(LabDatabaseFailure) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, Self.translate(sql), nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw LabDatabaseFailure(text)
        }
    }

    public func begin() throws(LabDatabaseFailure) {
        // IMMEDIATE: the write lock from the start, so two writers take turns instead of one failing.
        try runScript("BEGIN IMMEDIATE")
    }

    /// A file has no connection to lose.
    public var isBroken: Bool { false }

    /// SQLite has one writer at a time: the transaction itself is the turn.
    public func holdUntilCommit(_ key: String) {}

    /// SQLite has one writer at a time, and each migration checks in its own transaction
    /// that it has not been applied.
    public func holding<T>(_ key: Int64, _ body: () throws -> T) throws -> T { try body() }

    /// PostgreSQL's spelling in SQLite's: `$N` → `?N`, `now()` → `CURRENT_TIMESTAMP`. Only
    /// outside quoted text and comments, so a literal holding either is left alone.
    static func translate(_ sql: String) -> String {
        var out = "", quoted = false
        var characters = sql[...]
        while let character = characters.first {
            if !quoted, characters.hasPrefix("--") {
                let comment = characters.prefix { $0 != "\n" }
                out += comment
                characters = characters.dropFirst(comment.count)
                continue
            }
            if character == "'" { quoted.toggle() }
            if !quoted, character == "$", characters.dropFirst().first?.isNumber == true {
                out.append("?")
                characters = characters.dropFirst()
                continue
            }
            if !quoted, characters.hasPrefix("now()") {
                out += "CURRENT_TIMESTAMP"
                characters = characters.dropFirst(5)
                continue
            }
            out.append(character)
            characters = characters.dropFirst()
        }
        return out
    }

    private var lastError: String { "\(path): " + String(cString: sqlite3_errmsg(handle)) }
}
