import CSQLite
import Glibc

/// One SQLite database connection, used from one thread at a time: statements with bound
/// values, rows read back as text, integers, bytes or nothing. The session catalogue and the
/// lab's tables on a kiosk (KioskLab's `SQLiteLabDatabase`) both use it.
public final class SQLiteDatabase {
    public enum Value: Hashable, Sendable {
        case text(String)
        case integer(Int64)
        case blob([UInt8])
        case null

        public var text: String? { if case .text(let value) = self { value } else { nil } }
        public var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let path: String
    private let handle: OpaquePointer

    /// The path of a database held in memory only, gone when it closes.
    public static let inMemory = ":memory:"

    /// Opens (creating if needed) the database at `path`; readers wait up to `busyMilliseconds`
    /// for a writer in another process instead of failing at once. An in-memory database's
    /// `ATTACH` takes `file:` URIs (a file's path never reads as one: `--data file:x` is a folder).
    public init(path: String, readOnly: Bool = false, busyMilliseconds: Int32 = 2000) throws(Failure) {
        self.path = path
        var opened: OpaquePointer?
        if !readOnly && path != Self.inMemory {
            // A new database starts as an empty file of the data files' mode (SQLite would make
            // it 0644); SQLite gives its journals the database's mode.
            let created = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
            if created >= 0 { _ = Glibc.close(created) }
        }
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
            | (path == Self.inMemory ? SQLITE_OPEN_URI : 0)
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(opened)
            throw Failure(description: "\(path): \(message)")
        }
        handle = opened
        sqlite3_busy_timeout(handle, busyMilliseconds)
    }

    deinit {
        sqlite3_close(handle)
    }

    /// Runs statements that return no rows (several may be separated by semicolons).
    public func execute(_ sql: String) throws(Failure) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw Failure(description: "\(path): \(text)")
        }
    }

    /// Runs one statement with `values` bound to its `?` placeholders, returning its rows.
    @discardableResult
    public func run(_ sql: String, _ values: [Value] = []) throws(Failure) -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "\(path): \(lastError)")
        }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in values.enumerated() {
            let place = Int32(offset + 1)
            switch value {
            case .text(let text): sqlite3_bind_text(statement, place, text, -1, CSQLite_transient())
            case .integer(let number): sqlite3_bind_int64(statement, place, number)
            case .blob(let bytes): sqlite3_bind_blob64(statement, place, bytes, sqlite3_uint64(bytes.count), CSQLite_transient())
            case .null: sqlite3_bind_null(statement, place)
            }
        }
        var rows: [[Value]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw Failure(description: "\(path): \(lastError)") }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
                case SQLITE_NULL: .null
                case SQLITE_BLOB:
                    .blob(Array(UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, column), count: Int(sqlite3_column_bytes(statement, column)))))
                default: .text(String(cString: sqlite3_column_text(statement, column)))
                }
            })
        }
    }

    /// Runs `body` in one transaction: all of it is stored, or none.
    public func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private var lastError: String { String(cString: sqlite3_errmsg(handle)) }
}
