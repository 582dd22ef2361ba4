import CLibPQ

/// One connection to the lab's PostgreSQL through libpq, PostgreSQL's own C client. Every
/// value reaches the server as a parameter, never spliced into the statement's text, so a
/// participant ID or a file name that looks like SQL stays text.
public final class PostgresConnection: LabDatabase {
    private let connection: OpaquePointer
    public typealias Failure = LabDatabaseFailure

    /// Connects with a connection URI (`postgresql://user@host:port/database`) or key=value
    /// string, as libpq reads them (TLS when the server offers it: libpq's `sslmode=prefer`).
    public init(_ conninfo: String) throws(Failure) {
        guard let connection = PQconnectdb(conninfo) else { throw Failure("libpq could not allocate a connection") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.message(connection)
            let refused = Self.isSignInRefusal(message) || PQconnectionNeedsPassword(connection) == 1
            PQfinish(connection)
            throw Failure("cannot connect to the lab database: \(message)", signInRefused: refused, cannotConnect: true)
        }
        // libpq prints the server's notices ("relation already exists, skipping") on standard
        // error; a kiosk's send has nothing to say about them.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        self.connection = connection
        // Times read back in UTC, as the SQLite side gives them.
        try runScript("SET TimeZone = 'UTC'")
    }

    deinit { PQfinish(connection) }

    /// Bytes go in binary (a `bytea`), everything else as text.
    @discardableResult
    public func run(_ sql: String, _ parameters: [LabValue]) throws(Failure) -> [[String?]] {
        let result = try execute(sql, parameters, binaryResults: false)
        defer { PQclear(result) }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    public func bytes(_ sql: String, _ parameters: [LabValue]) throws(Failure) -> [UInt8]? {
        // Results in binary: a bytea's own bytes, not its text escape.
        let result = try execute(sql, parameters, binaryResults: true)
        defer { PQclear(result) }
        guard PQntuples(result) > 0, PQnfields(result) > 0, PQgetisnull(result, 0, 0) == 0, let value = PQgetvalue(result, 0, 0) else { return nil }
        let count = Int(PQgetlength(result, 0, 0))
        return value.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// One statement's result, which the caller clears.
    private func execute(_ sql: String, _ parameters: [LabValue], binaryResults: Bool) throws(Failure) -> OpaquePointer {
        // The parameters' bytes must live until PQexecParams returns; they are kept here. A file's
        // bytes are the caller's own array, not a copy: a one-hour MATB log is 70 MB.
        let buffers: [[UInt8]?] = parameters.map { value in
            switch value {
            case .text(let text): return Array(text.utf8) + [0]
            case .bytes(let bytes): return bytes
            case .null: return nil
            }
        }
        let lengths = parameters.map { value -> Int32 in if case .bytes(let bytes) = value { Int32(bytes.count) } else { 0 } }
        let formats = parameters.map { value -> Int32 in if case .bytes = value { 1 } else { 0 } }
        let result: OpaquePointer? = withPointers(buffers) { pointers in
            PQexecParams(connection, sql, Int32(parameters.count), nil, pointers, lengths, formats, binaryResults ? 1 : 0)
        }
        guard let result else { throw Failure(Self.message(connection)) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = String(cString: PQresultErrorMessage(result)).trimmingTrailingNewlines
            PQclear(result)
            throw Failure(message)
        }
        return result
    }

    public func runScript(_ sql: String) throws(Failure) {
        guard let result = PQexec(connection, sql) else { throw Failure(Self.message(connection)) }
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK else {
            throw Failure(String(cString: PQresultErrorMessage(result)).trimmingTrailingNewlines)
        }
    }

    public func begin() throws(Failure) { try runScript("BEGIN") }

    public var isBroken: Bool { PQstatus(connection) != CONNECTION_OK }

    public var dialect: LabDialect { .postgres }

    public func holdUntilCommit(_ key: String) throws(Failure) {
        try run("SELECT pg_advisory_xact_lock(hashtext($1))", [.text(key)])
    }

    public func holding<T>(_ key: Int64, _ body: () throws -> T) throws -> T {
        try run("SELECT pg_advisory_lock($1)", [.integer(key)])
        defer { _ = try? run("SELECT pg_advisory_unlock($1)", [.integer(key)]) }
        return try body()
    }

    /// A SCRAM-SHA-256 verifier of `password` for `role`, made here, so that the password
    /// itself never reaches the server.
    func encryptPassword(_ password: String, role: String) -> String? {
        guard let verifier = PQencryptPasswordConn(connection, password, role, "scram-sha-256") else { return nil }
        defer { PQfreemem(verifier) }
        return String(cString: verifier)
    }

    private func withPointers<R>(_ buffers: [[UInt8]?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        func nest(_ index: Int, _ collected: [UnsafePointer<CChar>?]) -> R {
            guard index < buffers.count else { return body(collected) }
            guard let buffer = buffers[index] else { return nest(index + 1, collected + [nil]) }
            return buffer.withUnsafeBytes { nest(index + 1, collected + [$0.baseAddress?.assumingMemoryBound(to: CChar.self)]) }
        }
        return nest(0, [])
    }

    /// Whether libpq's reason for a failed connection is the server refusing who signed in:
    /// a wrong password, no password, no such role, or no rule in pg_hba.conf that lets it in.
    /// libpq gives no SQLSTATE for a connection, only the server's message: these are
    /// PostgreSQL's English ones; a server set to another language's refusal counts as "cannot
    /// be reached", which only means the kiosk tries again.
    static func isSignInRefusal(_ message: String) -> Bool {
        ["password authentication failed", "no password supplied", "Peer authentication failed", "pg_hba.conf rejects connection",
         "no pg_hba.conf entry"].contains { message.contains($0) }
            || (message.contains("role \"") && message.contains("\" does not exist"))
    }

    private static func message(_ connection: OpaquePointer) -> String {
        String(cString: PQerrorMessage(connection)).trimmingTrailingNewlines
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
