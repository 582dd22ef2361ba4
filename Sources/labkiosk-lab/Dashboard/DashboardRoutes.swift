import Glibc
import HTTPTypes
import Hummingbird
import KioskCore
import KioskLab
import KioskShell
import NIOCore
import ServiceLifecycle
import Synchronization

/// The dashboard's routes (docs/dashboard.md). Every page but the sign-in form, its
/// stylesheet and its script needs a signed-in staff member; forms that change something also carry the
/// session's form key; adding staff needs an admin.
struct DashboardRoutes: Sendable {
    let store: DashboardStore
    let pages: DashboardPages
    let live: LiveChanges
    /// How long a sign-in lasts, in seconds.
    let sessionLifetime: Int64
    /// A kiosk heard from within this many seconds is online.
    let onlineWithin: Int64
    /// What the footer names as the data's source: the lab database or a kiosk's data folder.
    let source: String
    /// A kiosk's data folder, when the pages show one (its files' bytes are read there).
    let dataFolder: String?
    static let cookie = "labkiosk_session"

    func router() -> Router<DashboardContext> {
        let router = Router(context: DashboardContext.self)
        router.get("/dashboard.css") { _, _ in Self.text(DashboardPages.stylesheet, type: "text/css; charset=utf-8") }
        router.get("/dashboard.js") { _, _ in Self.text(DashboardPages.script, type: "text/javascript; charset=utf-8") }
        router.get("/sign-in") { _, _ in Self.html(pages.signIn(name: "", message: nil)) }
        router.post("/sign-in") { request, context in try await signIn(request, context) }
        router.post("/sign-out") { request, _ in try await signOut(request) }
        router.get("/") { request, _ in
            try await signedInPage(request, title: "Kiosks and studies", template: "overview") { database, now in
                DashboardPages.overview(try LabOverview.read(database, now: now, onlineWithin: onlineWithin, today: CalendarDate(WallClock.localDateTime())))
            }
        }
        router.get("/study") { request, _ in
            let study = request.uri.queryParameters.get("study") ?? ""
            return try await signedInPage(request, title: study, template: "study") { database, _ in
                try LabStudy.read(database, study: study, today: CalendarDate(WallClock.localDateTime())).map(DashboardPages.study)
            }
        }
        router.get("/participant") { request, _ in
            let study = request.uri.queryParameters.get("study") ?? "", id = request.uri.queryParameters.get("participant") ?? ""
            return try await signedInPage(request, title: "\(id) · \(study)", template: "participant") { database, _ in
                try LabParticipant.read(database, study: study, participant: id).map(DashboardPages.participant)
            }
        }
        router.get("/integrity") { request, _ in
            try await signedInPage(request, title: "Data integrity", template: "integrity") { database, _ in
                DashboardPages.integrity(try LabIntegrity.read(database))
            }
        }
        router.get("/study.tsv") { request, _ in
            guard try await staff(request) != nil else { return Self.status(.unauthorized, "sign in first") }
            let study = request.uri.queryParameters.get("study") ?? ""
            let table = try await store.read { try LabTidyTable.read($0, study: study) }
            var response = Self.text(table, type: "text/tab-separated-values; charset=utf-8")
            response.headers[.contentDisposition] = "attachment; filename=\"\(Self.fileName(study))-figures.tsv\""
            return response
        }
        router.get("/study.zip") { request, _ in try await studyDownload(request, .files) }
        router.get("/study-bids.zip") { request, _ in try await studyDownload(request, .bids) }
        router.get("/staff") { request, _ in try await staffPage(request, message: nil, failed: false) }
        router.post("/staff") { request, _ in try await addStaff(request) }
        router.get("/events") { request, _ in try await events(request) }
        return router
    }

    // MARK: Signing in

    private struct SignInForm: Decodable { var name: String; var password: String }

    private func signIn(_ request: Request, _ context: DashboardContext) async throws -> Response {
        let body = try await request.body.collect(upTo: 16_384)
        guard let form = try? URLEncodedFormDecoder().decode(SignInForm.self, from: String(buffer: body)) else {
            return Self.html(pages.signIn(name: "", message: "Type your name and password."), status: .badRequest)
        }
        let lifetime = sessionLifetime
        let token: String
        switch try await store.read({ try StaffAccounts(database: $0).signIn(name: form.name, password: form.password, now: Self.now(), lifetime: lifetime) }) {
        case .signedIn(let signedIn): token = signedIn
        case .refused:
            logLine("dashboard: sign-in refused for \(form.name.debugDescription) from \(context.remoteAddressText)")
            return Self.html(pages.signIn(name: form.name, message: "That name and password do not match a staff account."), status: .unauthorized)
        case .locked(let seconds):
            logLine("dashboard: sign-in refused unchecked for \(form.name.debugDescription) from \(context.remoteAddressText): "
                + "locked \(seconds) s more after wrong passwords")
            let wait = seconds < 60 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
            return Self.html(pages.signIn(name: form.name, message: "Too many wrong passwords for this name in a row. Try again in \(wait)."),
                             status: .tooManyRequests)
        }
        logLine("dashboard: \(form.name.debugDescription) signed in from \(context.remoteAddressText)")
        var response = Self.redirect("/")
        response.setCookie(Cookie(name: Self.cookie, value: token, maxAge: Int(lifetime), path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    private struct KeyedForm: Decodable { var form_key: String }

    private func signOut(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 16_384)
        if let token = request.cookies[Self.cookie]?.value,
           let form = try? URLEncodedFormDecoder().decode(KeyedForm.self, from: String(buffer: body)),
           form.form_key == StaffAccounts.formKey(token: token) {
            try await store.read { try StaffAccounts(database: $0).signOut(token: token) }
        }
        var response = Self.redirect("/sign-in")
        response.setCookie(Cookie(name: Self.cookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    /// The signed-in staff member and their session's token, or nil.
    private func staff(_ request: Request) async throws -> (staff: StaffAccounts.Staff, token: String)? {
        guard let token = request.cookies[Self.cookie]?.value, !token.isEmpty else { return nil }
        let staff = try await store.read { try StaffAccounts(database: $0).staff(holding: token, now: Self.now()) }
        return staff.map { ($0, token) }
    }

    // MARK: Pages

    /// A page for signed-in staff, read by `read` (nil: not found); others go to the sign-in form.
    private func signedInPage(_ request: Request, title: String, template: String,
                              read: @escaping @Sendable (any LabDatabase, Int64) throws -> [String: Any]?) async throws -> Response {
        let contentOnly = request.headers[HTTPField.Name("X-Fragment")!] != nil
        guard let (staff, token) = try await staff(request) else {
            return contentOnly ? Self.status(.unauthorized, "sign in again") : Self.redirect("/sign-in")
        }
        let rendered: String? = try await store.read { [pages, source] database in
            guard let context = try read(database, Self.now()) else { return nil }
            return pages.page(title, template: template, context,
                              frame: .init(staff: staff, formKey: StaffAccounts.formKey(token: token), source: source), contentOnly: contentOnly)
        }
        guard let rendered else { return Self.status(.notFound, "nothing here by that name") }
        return Self.html(rendered)
    }

    private func staffPage(_ request: Request, message: String?, failed: Bool) async throws -> Response {
        guard let (staff, token) = try await staff(request) else { return Self.redirect("/sign-in") }
        guard staff.admin else { return Self.status(.forbidden, "only an admin manages staff accounts") }
        let key = StaffAccounts.formKey(token: token)
        let rendered = try await store.read { [pages, source] database in
            pages.page("Staff", template: "staff", DashboardPages.staff(try StaffAccounts(database: database).list(), formKey: key, message: message, failed: failed),
                       frame: .init(staff: staff, formKey: key, source: source), contentOnly: false, live: false)
        }
        return Self.html(rendered, status: failed ? .badRequest : .ok)
    }

    private struct StaffForm: Decodable { var form_key: String; var name: String; var password: String; var admin: String? }

    private func addStaff(_ request: Request) async throws -> Response {
        guard let (staff, token) = try await staff(request) else { return Self.redirect("/sign-in") }
        let body = try await request.body.collect(upTo: 16_384)
        guard staff.admin, let form = try? URLEncodedFormDecoder().decode(StaffForm.self, from: String(buffer: body)),
              form.form_key == StaffAccounts.formKey(token: token) else {
            logLine("dashboard: refused to add staff for \(staff.name.debugDescription)")
            return Self.status(.forbidden, "only an admin adds staff, from the dashboard's own form")
        }
        do {
            try await store.read { try StaffAccounts(database: $0).add(name: form.name, password: form.password, admin: form.admin == "1", now: Self.now()) }
        } catch let failure as LabDatabaseFailure {
            return try await staffPage(request, message: failure.description, failed: true)
        }
        logLine("dashboard: \(staff.name.debugDescription) added staff \(form.name.debugDescription)\(form.admin == "1" ? " (admin)" : "")")
        return try await staffPage(request, message: "Added \(form.name).", failed: false)
    }

    /// A study's files as one zip, written to a nameless temporary file and sent from it.
    /// What a study's zip holds: every file of its sessions, or its sessions as a BIDS dataset.
    private enum StudyDownload { case files, bids }

    private func studyDownload(_ request: Request, _ kind: StudyDownload) async throws -> Response {
        guard let (staff, _) = try await staff(request) else { return Self.status(.unauthorized, "sign in first") }
        let study = request.uri.queryParameters.get("study") ?? ""
        let name = Self.fileName(study) + (kind == .files ? "-files" : "-bids")
        let descriptor: Int32
        do {
            descriptor = try await store.read { [dataFolder] database in
                switch kind {
                case .files: try StudyArchive.write(study: study, database: database, dataFolder: dataFolder)
                case .bids: try StudyBIDSDataset.write(study: study, folderName: name, database: database, dataFolder: dataFolder,
                                                       version: LabkioskVersion.current)
                }
            }
        } catch let nothing as StudyBIDSDataset.NothingToExport {
            return Self.status(.notFound, nothing.description)
        } catch {
            logLine("dashboard: the \(kind == .files ? "zip" : "BIDS dataset") of \(study.debugDescription) could not be made: \(error)")
            return Self.status(.internalServerError, "it could not be made: \(error)")
        }
        var size = stat()
        fstat(descriptor, &size)
        logLine("dashboard: \(staff.name.debugDescription) downloaded \(kind == .files ? "the files" : "the BIDS dataset") of \(study.debugDescription) (\(size.st_size) bytes)")
        var response = Response(status: .ok, body: ResponseBody(contentLength: Int(size.st_size)) { writer in
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                try await writer.write(ByteBuffer(bytes: buffer[0..<count]))
            }
            try await writer.finish(nil)
        })
        response.headers[.contentType] = "application/zip"
        response.headers[.contentDisposition] = "attachment; filename=\"\(name).zip\""
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// Server-sent events: a message whenever the lab's data changed, for half an hour (the
    /// browser then connects again, and is asked to sign in again once its session expired).
    /// A graceful shutdown (SIGTERM, as systemd stops the unit) ends every stream within a second.
    private func events(_ request: Request) async throws -> Response {
        guard try await staff(request) != nil else { return Self.status(.unauthorized, "sign in first") }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
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

    // MARK: Responses

    static func now() -> Int64 { Int64(time(nil)) }

    private static let securityHeaders: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"),
        (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
        (HTTPField.Name("Referrer-Policy")!, "same-origin"),
        (.cacheControl, "no-store"),
    ]

    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        for (name, value) in securityHeaders { headers[name] = value }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        text(page, type: "text/html; charset=utf-8", status: status)
    }

    static func status(_ status: HTTPResponse.Status, _ message: String) -> Response {
        text(message + "\n", type: "text/plain; charset=utf-8", status: status)
    }

    static func redirect(_ location: String) -> Response {
        var response = text("", type: "text/plain", status: .seeOther)
        response.headers[.location] = location
        return response
    }

    /// A study's name as a download's file name: letters, digits, `-` and `_` only.
    static func fileName(_ study: String) -> String {
        let kept = String(study.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
        return kept.isEmpty ? "study" : kept
    }
}

/// A request's context: Hummingbird's, and the browser's address for the log.
struct DashboardContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    var remoteAddressText: String { remoteAddress?.ipAddress ?? "?" }
}
