/// Which feedback a scale shows after a response.
enum SysmonFeedbackType: String, Hashable, Sendable {
    case positive, negative
}
