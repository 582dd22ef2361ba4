import Hummingbird
import NIOCore
import ServiceLifecycle
import Synchronization

/// The live updates the signed-in pages listen to.
extension DashboardRoutes {
    /// Server-sent events: a message whenever the lab's data changed, for half an hour (the
    /// browser then connects again, and is asked to sign in again once its session expired).
    /// A graceful shutdown (SIGTERM, as systemd stops the unit) ends every stream within a second.
    func events() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        return Response(status: .ok, headers: headers, body: ResponseBody { [live] writer in
            let stopping = Mutex(false)
            try await withGracefulShutdownHandler {
                var seen = live.version, second = 0
                try await writer.write(ByteBuffer(string: "retry: 3000\n\n"))
                while second < 1800, !stopping.withLock({ $0 }) {
                    try await Task.sleep(for: .seconds(1))
                    second += 1
                    let version = live.version
                    if version != seen {
                        seen = version
                        try await writer.write(ByteBuffer(string: "data: \(version)\n\n"))
                    } else if second % 15 == 0 {
                        try await writer.write(ByteBuffer(string: ": still here\n\n"))
                    }
                }
            } onGracefulShutdown: {
                stopping.withLock { $0 = true }
            }
            try await writer.finish(nil)
        })
    }
}
