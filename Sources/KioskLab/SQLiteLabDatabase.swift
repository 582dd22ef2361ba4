import KioskData

/// The lab's tables in a SQLite file: the embedded default, for a kiosk with no lab server
/// (`labkiosk-lab serve --data DIR`), on KioskData's SQLite connection (made, like every data
/// file, readable by its owner only). Statements come in PostgreSQL's spelling and are
/// translated here: `$N` parameters become SQLite's `?N`, `now()` becomes `CURRENT_TIMESTAMP`
/// (both UTC, read back as `YYYY-MM-DD HH:MM:SS…`).
public final class SQLiteLabDatabase: LabDatabase {
    private let database: SQLiteDatabase
    public var path: String { database.path }

    public init(path: String) throws(LabDatabaseFailure) {
        do {
            database = try SQLiteDatabase(path: path, busyMilliseconds: 10_000)
        } catch {
            throw LabDatabaseFailure(error.description)
        }
        // Readers (the dashboard) go on while the refresh writes.
        try runScript("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON")
    }

    @discardableResult
    public func run(_ sql: String, _ parameters: [LabValue]) throws(LabDatabaseFailure) -> [[String?]] {
        try rows(sql, parameters).map { row in
            row.map { value in
                switch value {
                case .text(let text): text
                case .integer(let number): String(number)
                case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
                case .null: nil
                }
            }
        }
    }

    public func bytes(_ sql: String, _ parameters: [LabValue]) throws(LabDatabaseFailure) -> [UInt8]? {
        switch try rows(sql, parameters).first?.first {
        case .blob(let bytes): bytes
        case .text(let text): Array(text.utf8)
        case .integer(let number): Array(String(number).utf8)
        case .null, nil: nil
        }
    }

    private func rows(_ sql: String, _ parameters: [LabValue]) throws(LabDatabaseFailure) -> [[SQLiteDatabase.Value]] {
        let values = parameters.map { parameter -> SQLiteDatabase.Value in
            switch parameter {
            case .text(let text): .text(text)
            case .bytes(let bytes): .blob(bytes)
            case .null: .null
            }
        }
        do {
            return try database.run(Self.translate(sql), values)
        } catch {
            throw LabDatabaseFailure(error.description)
        }
    }

    public func runScript(_ sql: String) throws(LabDatabaseFailure) {
        do {
            try database.execute(Self.translate(sql))
        } catch {
            throw LabDatabaseFailure(error.description)
        }
    }

    public func begin() throws(LabDatabaseFailure) {
        // IMMEDIATE: the write lock from the start, so two writers take turns instead of one failing.
        try runScript("BEGIN IMMEDIATE")
    }

    /// A file has no connection to lose.
    public var isBroken: Bool { false }

    public var dialect: LabDialect { .sqlite }

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
}
