import Hummingbird
import KioskLab

/// Signing in and out: the public group's forms.
extension DashboardRoutes {
    private struct SignInForm: Decodable { var name: String; var password: String }

    func signIn(_ request: Request, _ context: DashboardContext) async throws -> Response {
        let body = try await request.body.collect(upTo: 16_384)
        guard let form = try? URLEncodedFormDecoder().decode(SignInForm.self, from: String(buffer: body)) else {
            return DashboardResponse.html(pages.signIn(name: "", message: "Type your name and password."), status: .badRequest)
        }
        let lifetime = sessionLifetime
        let token: String
        switch try await store.withConnection({
            try StaffAccounts(database: $0).signIn(name: form.name, password: form.password, now: DashboardResponse.now(), lifetime: lifetime)
        }) {
        case .signedIn(let signedIn): token = signedIn
        case .refused:
            logLine("dashboard: sign-in refused for \(form.name.debugDescription) from \(context.remoteAddressText)")
            return DashboardResponse.html(pages.signIn(name: form.name, message: "That name and password do not match a staff account."),
                                          status: .unauthorized)
        case .locked(let seconds):
            logLine("dashboard: sign-in refused unchecked for \(form.name.debugDescription) from \(context.remoteAddressText): "
                + "locked \(seconds) s more after wrong passwords")
            let wait = seconds < 60 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
            return DashboardResponse.html(pages.signIn(name: form.name, message: "Too many wrong passwords for this name in a row. Try again in \(wait)."),
                                          status: .tooManyRequests)
        }
        logLine("dashboard: \(form.name.debugDescription) signed in from \(context.remoteAddressText)")
        var response = DashboardResponse.redirect("/")
        response.setCookie(Cookie(name: Self.cookie, value: token, maxAge: Int(lifetime), path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    /// A form that carries the sign-in's form key and nothing else.
    private struct KeyedForm: Decodable { var form_key: String }

    func signOut(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 16_384)
        if let token = request.cookies[Self.cookie]?.value,
           let form = try? URLEncodedFormDecoder().decode(KeyedForm.self, from: String(buffer: body)),
           form.form_key == StaffAccounts.formKey(token: token) {
            try await store.withConnection { try StaffAccounts(database: $0).signOut(token: token) }
        }
        var response = DashboardResponse.redirect("/sign-in")
        response.setCookie(Cookie(name: Self.cookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }
}
