import Glibc
import HTTPTypes
import Hummingbird
import NIOCore

/// The dashboard's kinds of response (its security headers come from ``SecurityHeadersMiddleware``).
enum DashboardResponse {
    static func now() -> Int64 { Int64(time(nil)) }

    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
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
