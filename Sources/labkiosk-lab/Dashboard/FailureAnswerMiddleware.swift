import Hummingbird
import KioskLab

/// What a browser is told when a request fails inside the dashboard, rather than an empty
/// HTTP 500: a lab database that cannot be reached (restarted, down) is HTTP 503 and says so,
/// and any other failure says the server's log has it. The reason itself goes only to the
/// log: it may name the database's host or the server's files, and it reaches the browser
/// before any sign-in.
struct FailureAnswerMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    func handle(_ request: Request, context: DashboardContext,
                next: (Request, DashboardContext) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let answer as HTTPResponseError {
            throw answer
        } catch let failure as LabDatabaseFailure where failure.cannotConnect {
            logLine("dashboard: \(request.uri.path): \(failure)")
            return DashboardResponse.status(.serviceUnavailable,
                                            "The lab database cannot be reached just now. This page answers again as soon as it can be.")
        } catch {
            logLine("dashboard: \(request.uri.path) failed: \(error)")
            return DashboardResponse.status(.internalServerError, "The dashboard could not answer this; the server's log says why.")
        }
    }
}
