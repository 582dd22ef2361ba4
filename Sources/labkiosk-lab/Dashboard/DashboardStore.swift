import KioskLab
import NIOPosix
import Synchronization

/// The dashboard's way to the lab's tables: connections opened when needed and kept for the
/// next request, each used by one request at a time on NIO's thread pool, because libpq and
/// SQLite block and the server's own threads must not. A connection that failed is closed,
/// so that a PostgreSQL restarted under the dashboard costs one failed request, not all.
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

    func read<T: Sendable>(_ body: @escaping @Sendable (any LabDatabase) throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive { [self] in
            let connection = try idle.withLock { $0.popLast() } ?? Connection(open())
            let value = try body(connection.database)
            idle.withLock { $0.append(connection) }
            return value
        }
    }
}
