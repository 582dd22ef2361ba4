import HTTPTypes
import Hummingbird

/// Every response's security headers: the page's own scripts and styles only, never inside
/// another site's frame, no guessing of types, no caching.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    private static let headers: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"),
        (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
        (HTTPField.Name("Referrer-Policy")!, "same-origin"),
        (.cacheControl, "no-store"),
    ]

    func handle(_ request: Request, context: DashboardContext,
                next: (Request, DashboardContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        for (name, value) in Self.headers where response.headers[name] == nil { response.headers[name] = value }
        return response
    }
}
