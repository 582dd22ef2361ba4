/// The instruction and questionnaire files a scenario refers to, read before the session
/// starts (the core does no file I/O).
public struct IncludeLibrary: Hashable, Sendable {
    /// Text by the relative name the scenario uses, e.g. `default/welcome_screen.txt`.
    public var texts: [String: String]

    public init(texts: [String: String] = [:]) { self.texts = texts }

    public func text(_ name: String) -> String? { texts[name] }
}
