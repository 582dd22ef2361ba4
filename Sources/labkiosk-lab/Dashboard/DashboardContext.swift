import Hummingbird
import NIOCore

/// A request's context: Hummingbird's, the browser's address for the log, and the staff member
/// signed in, once ``SignedInMiddleware`` has found them.
struct DashboardContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    var signedIn: SignedIn?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    var remoteAddressText: String { remoteAddress?.ipAddress ?? "?" }

    /// The staff member signed in, for a route behind ``SignedInMiddleware``.
    func requireSignedIn() throws -> SignedIn {
        guard let signedIn else { throw HTTPError(.unauthorized, message: "sign in first") }
        return signedIn
    }
}
