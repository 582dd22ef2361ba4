import Hummingbird
import KioskLab

/// The signed-in pages: each read from the lab's tables into its template, and the staff page.
extension DashboardRoutes {
    /// A page read by `read` (nil: not found); only its content when its script asks for it again.
    /// With `notFound`, what is not found is a page of the dashboard saying so, as well as a 404.
    func page(_ request: Request, _ context: DashboardContext, title: String, template: String, notFound: String? = nil,
              read: @escaping @Sendable (any LabDatabase, Int64) throws -> [String: Any]?) async throws -> Response {
        let signedIn = try context.requireSignedIn()
        let contentOnly = request.headers[Self.fragmentHeader] != nil
        let frame = DashboardPages.Frame(staff: signedIn.staff, formKey: signedIn.formKey, source: source)
        let rendered: String? = try await store.withConnection { [pages] database in
            guard let context = try read(database, DashboardResponse.now()) else { return nil }
            return pages.page(title, template: template, context, frame: frame, contentOnly: contentOnly)
        }
        if let rendered { return DashboardResponse.html(rendered) }
        guard let notFound else { return DashboardResponse.status(.notFound, "nothing here by that name") }
        return DashboardResponse.html(pages.page("Not found", template: "not-found", ["message": notFound], frame: frame, contentOnly: contentOnly, live: false),
                                      status: .notFound)
    }

    func staffPage(_ context: DashboardContext, message: String?, failed: Bool) async throws -> Response {
        let signedIn = try context.requireSignedIn()
        guard signedIn.staff.admin else { return DashboardResponse.status(.forbidden, "only an admin manages staff accounts") }
        let rendered = try await store.withConnection { [pages, source] database in
            pages.page("Staff", template: "staff",
                       DashboardPages.staff(try StaffAccounts(database: database).list(), formKey: signedIn.formKey, message: message, failed: failed),
                       frame: .init(staff: signedIn.staff, formKey: signedIn.formKey, source: source), contentOnly: false, live: false)
        }
        return DashboardResponse.html(rendered, status: failed ? .badRequest : .ok)
    }

    private struct StaffForm: Decodable { var form_key: String; var name: String; var password: String; var admin: String? }

    func addStaff(_ request: Request, _ context: DashboardContext) async throws -> Response {
        let signedIn = try context.requireSignedIn()
        let body = try await request.body.collect(upTo: 16_384)
        guard signedIn.staff.admin, let form = try? URLEncodedFormDecoder().decode(StaffForm.self, from: String(buffer: body)),
              form.form_key == signedIn.formKey else {
            logLine("dashboard: refused to add staff for \(signedIn.staff.name.debugDescription)")
            return DashboardResponse.status(.forbidden, "only an admin adds staff, from the dashboard's own form")
        }
        do {
            try await store.withConnection {
                try StaffAccounts(database: $0).add(name: form.name, password: form.password, admin: form.admin == "1", now: DashboardResponse.now())
            }
        } catch let failure as LabDatabaseFailure {
            return try await staffPage(context, message: failure.description, failed: true)
        }
        logLine("dashboard: \(signedIn.staff.name.debugDescription) added staff \(form.name.debugDescription)\(form.admin == "1" ? " (admin)" : "")")
        return try await staffPage(context, message: "Added \(form.name).", failed: false)
    }
}
