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

    /// Runs `body` with a connection. When a kept connection turns out broken (the server
    /// restarted since it was opened), `body` runs once more on a new one.
    func read<T: Sendable>(_ body: @escaping @Sendable (any LabDatabase) throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive { [self] in
            if let kept = idle.withLock({ $0.popLast() }) {
                do {
                    let value = try body(kept.database)
                    idle.withLock { $0.append(kept) }
                    return value
                } catch where !kept.database.isBroken {
                    idle.withLock { $0.append(kept) }
                    throw error
                } catch {}
            }
            let connection = Connection(try open())
            do {
                let value = try body(connection.database)
                idle.withLock { $0.append(connection) }
                return value
            } catch where !connection.database.isBroken {
                idle.withLock { $0.append(connection) }
                throw error
            }
        }
    }
}
