/// A database holding the lab's tables (docs/lab.md): the lab's PostgreSQL, or, with no lab
/// server, a kiosk's own SQLite file beside its data. Every statement is written once, in
/// PostgreSQL's spelling (`$1` parameters, `now()`); the SQLite side translates those two.
public protocol LabDatabase: AnyObject {
    /// Runs one statement with `parameters` as `$1`, `$2`, …; returns its rows, each value as
    /// text (nil for NULL).
    @discardableResult
    func run(_ sql: String, _ parameters: [LabValue]) throws -> [[String?]]

    /// The first value of the first row as bytes (a `bytea`, a blob), or nil when there is none.
    func bytes(_ sql: String, _ parameters: [LabValue]) throws -> [UInt8]?

    /// Runs a script of statements without parameters (a schema migration).
    func runScript(_ sql: String) throws

    /// Starts a transaction (``transaction(_:)`` ends it).
    func begin() throws

    /// Within a transaction: waits until no other transaction holds `key`, then holds it
    /// until this one ends (two sends of one kiosk take turns).
    func holdUntilCommit(_ key: String) throws

    /// Runs `body` while no other connection runs a body holding `key` (migrations).
    func holding<T>(_ key: Int64, _ body: () throws -> T) throws -> T

    /// Whether the connection is lost (the server went away): nothing more can run on it.
    var isBroken: Bool { get }

    /// Which database this is: what a migration runs on it, and how a send writes into it.
    var dialect: LabDialect { get }
}

/// The lab's PostgreSQL, where kiosks write through functions that check what they write
/// (LabFunctions), or a kiosk's own SQLite file, which only that kiosk's data folder fills.
public enum LabDialect: Sendable {
    case postgres, sqlite
}

extension LabDatabase {
    /// Runs `body` in one transaction: all of it reaches the database, or none of it.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try begin()
        do {
            let value = try body()
            try runScript("COMMIT")
            return value
        } catch {
            try? runScript("ROLLBACK")
            throw error
        }
    }

    @discardableResult
    public func run(_ sql: String) throws -> [[String?]] { try run(sql, []) }

    /// The first value of the first row, when there is one.
    public func value(_ sql: String, _ parameters: [LabValue] = []) throws -> String? {
        try run(sql, parameters).first?.first.flatMap { $0 }
    }
}

/// What a statement's parameter holds: text, or bytes (a `bytea`, a SQLite blob).
public enum LabValue: Sendable {
    case text(String)
    case bytes([UInt8])
    case null

    public static func optional(_ text: String?) -> LabValue { text.map { .text($0) } ?? .null }
    public static func integer(_ number: some BinaryInteger) -> LabValue { .text(String(number)) }
}

/// A statement the database refused, or a connection it would not open.
public struct LabDatabaseFailure: Error, CustomStringConvertible {
    public var description: String
    /// The server answered, and refused the role or its password: trying again changes nothing
    /// until someone changes them (unlike a server that cannot be reached).
    public var signInRefused: Bool
    /// No connection could be made: the server is down, unreachable, or refused the sign-in.
    public var cannotConnect: Bool
    public init(_ description: String, signInRefused: Bool = false, cannotConnect: Bool = false) {
        self.description = description
        self.signInRefused = signInRefused
        self.cannotConnect = cannotConnect || signInRefused
    }
}
