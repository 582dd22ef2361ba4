import ArgumentParser
import Hummingbird
import KioskLab
import Logging

/// `labkiosk-lab serve`: the dashboard (docs/dashboard.md), over the lab's PostgreSQL, or over
/// one kiosk's data folder when there is no lab server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the dashboard: kiosks, studies, participants and the data's integrity, live in a browser.",
        discussion: """
            With --database (or LABKIOSK_DATABASE), it shows the lab's PostgreSQL, which kiosks send to. \
            With --data instead, it shows that one kiosk's data folder: its sessions are read into \
            lab.sqlite in the folder (the same tables; the files' bytes stay where they are) when the \
            folder changed (each file's size, time and inode are looked at every five seconds); a damaged \
            lab.sqlite is moved aside and made again. Staff sign in with accounts made by `labkiosk-lab staff add`. \
            A connection without a request for --idle-seconds is closed, as is one whose request \
            comes slower than that.
            """
    )

    @OptionGroup var place: LabSourceOptions

    @Option(help: "The address and port to listen on.")
    var listen = "127.0.0.1:8080"

    @Option(help: "Hours a sign-in lasts.")
    var sessionHours = 8

    @Option(help: "Minutes since its last contact within which a kiosk counts as online.")
    var onlineMinutes = 3

    @Option(help: "Seconds a connection may wait for its next request, or between two parts of one, before it is closed.")
    var idleSeconds = 30

    func validate() throws {
        guard (1...168).contains(sessionHours) else { throw ValidationError("--session-hours is 1 to 168") }
        guard (1...1440).contains(onlineMinutes) else { throw ValidationError("--online-minutes is 1 to 1440") }
        guard (1...3600).contains(idleSeconds) else { throw ValidationError("--idle-seconds is 1 to 3600") }
        guard listenAddress != nil else { throw ValidationError("--listen is HOST:PORT, such as 127.0.0.1:8080") }
    }

    private var listenAddress: (host: String, port: Int)? {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (1...65535).contains(port) else { return nil }
        return (String(listen[..<colon]), port)
    }

    func run() async throws {
        let source = try place.source()
        for warning in try source.prepare() { logLine("labkiosk-lab: \(warning)") }
        OpenFileLimit.raise()
        let store = DashboardStore(open: source.open)
        let live = LiveChanges()
        let routes = DashboardRoutes(store: store, pages: try DashboardPages(), live: live, sessionLifetime: Int64(sessionHours) * 3600,
                                     onlineWithin: Int64(onlineMinutes) * 60, source: source.description, dataFolder: source.dataFolder)
        var logger = Logger(label: "labkiosk-lab")
        logger.logLevel = .warning
        let address = listenAddress!
        let app = Application(
            router: routes.router(),
            server: .http1(configuration: .init(idleTimeout: .seconds(Int64(idleSeconds)))),
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: "labkiosk-lab"),
            onServerRunning: { _ in logLine("labkiosk-lab: dashboard on http://\(listen) (\(source.description))") },
            logger: logger)
        let watcher = Task { await source.watch(store: store, live: live) }
        defer { watcher.cancel() }
        try await app.runService()
    }
}
