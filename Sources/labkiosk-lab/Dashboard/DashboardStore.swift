import KioskLab
import NIOPosix
import Synchronization

/// The dashboard's way to the lab's tables: connections opened when needed and kept for the
/// next request, each used by one request at a time on NIO's thread pool, because libpq and
/// SQLite block and the server's own threads must not. A broken connection is closed, so
/// that a PostgreSQL restarted under the dashboard costs no request.
final class DashboardStore: Sendable {
    private let open: @Sendable () throws -> any LabDatabase
    private let idle = Mutex<[Connection]>([])

    /// One connection, handed from thread to thread but used by one at a time.
    private final class Connection: @unchecked Sendable {
        let database: any LabDatabase
        init(_ database: any LabDatabase) { self.database = database }
    }

    init(open: @escaping @Sendable () throws -> any LabDatabase) {
        self.open = open
    }

    /// Runs `body` with a connection, to read or to write (a sign-in, a kiosk folder's refresh).
    /// When a kept connection turns out broken (the server restarted since it was opened),
    /// `body` runs once more on a new one.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (any LabDatabase) throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive { [self] in
            if let kept = idle.withLock({ $0.popLast() }) {
                do { return try use(kept, body) } catch where kept.database.isBroken {}
            }
            return try use(Connection(try open()), body)
        }
    }

    /// `body` on `connection`, which is kept for the next request unless it broke.
    private func use<T>(_ connection: Connection, _ body: (any LabDatabase) throws -> T) throws -> T {
        defer { if !connection.database.isBroken { idle.withLock { $0.append(connection) } } }
        return try body(connection.database)
    }
}
