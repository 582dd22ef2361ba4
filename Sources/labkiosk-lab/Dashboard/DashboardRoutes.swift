import HTTPTypes
import Hummingbird
import KioskCore
import KioskData
import KioskLab

/// The dashboard's routes (docs/dashboard.md). Only the public group (the sign-in form, its
/// stylesheet and script, signing out) answers without a sign-in; every other route is in a
/// group behind ``SignedInMiddleware``, so a route added there is private unless it is put in
/// the public group on purpose. Forms that change something also carry the sign-in's form key;
/// adding staff needs an admin. The handlers are in SignInRoutes, PageRoutes, DownloadRoutes
/// and LiveEventRoutes.
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
    /// The header with which a page's script asks for its content only (to refresh it live).
    static let fragmentHeader = HTTPField.Name("X-Fragment")!

    func router() -> Router<DashboardContext> {
        let router = Router(context: DashboardContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: FailureAnswerMiddleware())

        router.get("/dashboard.css") { _, _ in DashboardResponse.text(DashboardPages.stylesheet, type: "text/css; charset=utf-8") }
        router.get("/dashboard.js") { _, _ in DashboardResponse.text(DashboardPages.script, type: "text/javascript; charset=utf-8") }
        router.get("/sign-in") { _, _ in DashboardResponse.html(pages.signIn(name: "", message: nil)) }
        router.post("/sign-in") { request, context in try await signIn(request, context) }
        router.post("/sign-out") { request, _ in try await signOut(request) }

        let signedInPages = router.group().add(middleware: SignedInMiddleware(store: store, refusal: .toSignIn))
        signedInPages.get("/") { request, context in
            try await page(request, context, title: "Kiosks and studies", template: "overview") { database, now in
                DashboardPages.overview(try LabOverview.read(database, now: now, onlineWithin: onlineWithin, today: CalendarDate(WallClock.localDateTime())))
            }
        }
        signedInPages.get("/study") { request, context in
            let study = request.uri.queryParameters.get("study") ?? ""
            return try await page(request, context, title: study, template: "study") { database, _ in
                try LabStudy.read(database, study: study, today: CalendarDate(WallClock.localDateTime())).map(DashboardPages.study)
            }
        }
        signedInPages.get("/participant") { request, context in
            let study = request.uri.queryParameters.get("study") ?? "", id = request.uri.queryParameters.get("participant") ?? ""
            return try await page(request, context, title: "\(id) · \(study)", template: "participant") { database, _ in
                try LabParticipant.read(database, study: study, participant: id).map(DashboardPages.participant)
            }
        }
        signedInPages.get("/kiosk/:name") { request, context in
            // The router matches the path as sent: the name's own `/`, `%` or markup arrive percent-encoded.
            guard let name = context.parameters.get("name").flatMap({ percentDecoded($0[...]) }) else {
                return DashboardResponse.status(.badRequest, "a kiosk's name in a link is percent-encoded UTF-8")
            }
            return try await page(request, context, title: "Kiosk \(name)", template: "kiosk",
                                  notFound: "No kiosk named “\(name)” has been heard from: the lab has nothing by that name.") { database, now in
                try LabKiosk.read(database, name: name, now: now, onlineWithin: onlineWithin, today: CalendarDate(WallClock.localDateTime()))
                    .map(DashboardPages.kiosk)
            }
        }
        signedInPages.get("/integrity") { request, context in
            try await page(request, context, title: "Data integrity", template: "integrity") { database, _ in
                DashboardPages.integrity(try LabIntegrity.read(database))
            }
        }
        signedInPages.get("/staff") { _, context in try await staffPage(context, message: nil, failed: false) }
        signedInPages.post("/staff") { request, context in try await addStaff(request, context) }

        let signedInData = router.group().add(middleware: SignedInMiddleware(store: store, refusal: .unauthorized))
        signedInData.get("/study.tsv") { request, _ in try await studyTable(request) }
        signedInData.get("/study.zip") { request, context in try await studyDownload(request, context, .files) }
        signedInData.get("/study-bids.zip") { request, context in try await studyDownload(request, context, .bids) }
        signedInData.get("/events") { _, _ in events() }
        return router
    }
}
