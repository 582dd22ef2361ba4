import HTTPTypes
import Hummingbird
import KioskLab

/// A signed-in staff member and their sign-in's token.
struct SignedIn: Sendable {
    var staff: StaffAccounts.Staff
    var token: String

    /// The key the sign-in's forms carry, so that a form another site posts is refused.
    var formKey: String { StaffAccounts.formKey(token: token) }
}

/// Lets a request through to the routes of its group only with a valid sign-in, which it puts
/// in the context; every route outside the public group sits behind one of these.
struct SignedInMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    /// What a request without a sign-in is answered.
    enum Refusal: Sendable {
        /// A page: the browser goes to the sign-in form (a page's content asked for again by its
        /// script is refused, so that the script reloads the page).
        case toSignIn
        /// A download or a stream: refused.
        case unauthorized
    }

    let store: DashboardStore
    let refusal: Refusal

    func handle(_ request: Request, context: DashboardContext,
                next: (Request, DashboardContext) async throws -> Response) async throws -> Response {
        if let token = request.cookies[DashboardRoutes.cookie]?.value, !token.isEmpty,
           let staff = try await store.withConnection({ try StaffAccounts(database: $0).staff(holding: token, now: DashboardResponse.now()) }) {
            var context = context
            context.signedIn = SignedIn(staff: staff, token: token)
            return try await next(request, context)
        }
        switch refusal {
        case .toSignIn where request.headers[DashboardRoutes.fragmentHeader] != nil:
            return DashboardResponse.status(.unauthorized, "sign in again")
        case .toSignIn: return DashboardResponse.redirect("/sign-in")
        case .unauthorized: return DashboardResponse.status(.unauthorized, "sign in first")
        }
    }
}
